/** spec public-and-guest §5, §9: a passphrase of 20 or more characters is accepted as it is. */
export const PASSPHRASE_LENGTH = 20;
/** spec public-and-guest §5, §9: shorter passwords need at least 10 characters. */
export const MIN_PASSWORD_LENGTH = 10;
/**
 * "Meeting strength requirements" (the spec does not show them): a zxcvbn-ts score of 3 or more
 * ("safely unguessable", about 10^8 guesses) and three of the four kinds of character, which is
 * the rule the BFF enforces (openapi resetPassword), so that 'Password secure' is never refused.
 */
export const MIN_STRENGTH_SCORE = 3;

/** Shown under New Password: the rule in words. */
export const PASSWORD_RULE_TEXT =
  'At least 10 characters that are hard to guess and use three of: lower case, upper case, digits, symbols. Or a passphrase of 20 or more characters.';

export function characterKinds(password: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
}

/** True when the password may be sent; `score` is the estimator's (undefined while it loads). */
export function isAcceptablePassword(password: string, score: number | undefined): boolean {
  if (password.length >= PASSPHRASE_LENGTH) return true;
  return password.length >= MIN_PASSWORD_LENGTH && characterKinds(password) >= 3 && score !== undefined && score >= MIN_STRENGTH_SCORE;
}

export type MatchState = 'empty' | 'different' | 'same';

export function matchState(password: string, confirmation: string): MatchState {
  if (confirmation === '') return 'empty';
  return confirmation === password ? 'same' : 'different';
}
