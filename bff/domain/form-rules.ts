// Checks several forms share: the e-mail pattern, the password strength rule and a calendar day.

/** spec public-and-guest §5: something, at-sign, something, dot, something (a pattern check). */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value);

/**
 * spec public-and-guest §5, §9 (x-unspecified beyond that): at least 10 characters with three of lower case,
 * upper case, digit and other; or a passphrase of 20 or more. The reset page and the profile both use it.
 */
export function isStrongPassword(password: string): boolean {
  if (password.length >= 20) return true;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  return password.length >= 10 && classes >= 3;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (the team report's and the pair report's due dates). */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
