// Checks several forms share: the e-mail pattern and the password strength rule.

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
