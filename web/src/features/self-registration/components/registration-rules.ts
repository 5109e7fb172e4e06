import { isEmail } from '../../../lib/validation.ts';

// spec: public-and-guest §8 "Self-register".
export const MESSAGES = {
  invalidLink: 'Invalid link. Please use the link exactly as provided to you by your coach',
  missingDetails: 'Please provide all details.',
  invalidEmail: 'Please provide a valid email address.',
  cancelled: 'Transaction cancelled.',
  failed: 'Sorry, your transaction could not be processed.',
} as const;

/** spec: public-and-guest §5, §9: the coach segment is exactly 36 characters. */
export const COACH_UUID_LENGTH = 36;

/** The coach uuid: the last segment of the link's path, or null when it is not 36 characters long. */
export function coachUuidFromPath(path: string): string | null {
  const last = path.split('/').pop() ?? '';
  return last.length === COACH_UUID_LENGTH ? last : null;
}

export interface RegistrationForm {
  name: string;
  surname: string;
  email: string;
  language: string;
}

export type FormProblem = { message: string; fields: ReadonlySet<keyof RegistrationForm> };

/** The form's checks in the spec's order (§5): every detail, then the e-mail's shape. */
export function checkRegistration(form: RegistrationForm): FormProblem | null {
  const empty = (['name', 'surname', 'email'] as const).filter((field) => form[field].trim() === '');
  if (empty.length > 0) return { message: MESSAGES.missingDetails, fields: new Set(empty) };
  if (!isEmail(form.email)) return { message: MESSAGES.invalidEmail, fields: new Set(['email']) };
  return null;
}
