import { INVALID_LINK } from '../../../lib/labels/public-links.ts';
import { isEmail } from '../../../lib/validation.ts';

// spec: public-and-guest §8 "Self-register".
export const MESSAGES = {
  invalidLink: INVALID_LINK,
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

/** The fields the visitor types, each checked and shown at its place. */
export type TypedField = 'name' | 'surname' | 'email';
export const TYPED_FIELDS: readonly TypedField[] = ['name', 'surname', 'email'];

/**
 * The form's checks in the spec's order (§5), each said at its field: every detail ('Please provide all details.' at
 * each empty one), then the e-mail's shape. Empty when the form is fine.
 */
export function checkRegistration(form: RegistrationForm): Partial<Record<TypedField, string>> {
  const empty = TYPED_FIELDS.filter((field) => form[field].trim() === '');
  if (empty.length > 0) return Object.fromEntries(empty.map((field) => [field, MESSAGES.missingDetails]));
  if (!isEmail(form.email)) return { email: MESSAGES.invalidEmail };
  return {};
}
