// The registration form's own checks, shared by self-registration and the mini-assessment (spec
// public-and-guest §5, §8 "Self-register"): all details first, then the e-mail. They run before the
// contract's validation_failed (declared as the operations' `invalid.form`) and again on valid input,
// where a name of blanks still passes the schema.
import { isEmailAddress } from '../../domain/form-rules.ts';
import { failed, type ProblemError } from '../../problem.ts';

// spec public-and-guest §8 "Self-register".
export const FORM_MESSAGES = {
  missingDetails: 'Please provide all details.',
  invalidEmail: 'Please provide a valid email address.',
} as const;

export interface RegistrationDetails {
  name: string;
  surname: string;
  email: string;
}

function detailsOf(body: unknown): RegistrationDetails | ProblemError {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return failed(400, 'missing_details', FORM_MESSAGES.missingDetails);
  const fields = body as Record<string, unknown>;
  const [name, surname, email] = (['name', 'surname', 'email'] as const).map((field) => {
    const value = fields[field];
    return typeof value === 'string' ? value.trim() : '';
  }) as [string, string, string];
  if (!name || !surname || !email) return failed(400, 'missing_details', FORM_MESSAGES.missingDetails);
  if (!isEmailAddress(email)) return failed(400, 'invalid_email', FORM_MESSAGES.invalidEmail);
  return { name, surname, email };
}

/** The form's refusal of a body, if any (an operation's `invalid.form`); a field of the wrong type is the contract's to refuse. */
export function registrationFormProblem(body: unknown): ProblemError | undefined {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (['name', 'surname', 'email'].some((field) => fields[field] !== undefined && typeof fields[field] !== 'string')) return undefined;
  const details = detailsOf(body);
  return details instanceof Error ? details : undefined;
}

/** The trimmed details of a body the contract accepted; refused as the form would refuse them. */
export function registrationDetails(body: unknown): RegistrationDetails {
  const details = detailsOf(body);
  if (details instanceof Error) throw details;
  return details;
}
