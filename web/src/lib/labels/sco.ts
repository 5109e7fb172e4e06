// Secondary coach ownership (SCO): giving assessments or teams to another coach (spec assessments-and-clients §4.7,
// §5 "SCO"; coach-shell §4 "SCO", §5).

/** The coach's e-mail: at most 45 characters. */
export const SCO_EMAIL_MAX = 45;
export const INVALID_SCO_EMAIL = 'Please enter a valid email address.';

/** Proceed stays disabled while the address is not valid (the BFF's plain pattern). */
export const isScoEmail = (text: string): boolean => {
  const email = text.trim();
  return email.length <= SCO_EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
};
