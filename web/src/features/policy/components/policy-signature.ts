import type { Problem } from '../../../lib/problem.ts';
import type { PolicyAcknowledgement, PolicyPage } from '../api/policy-api.ts';

// spec: public-and-guest §5 "Policy", §9: each extra field 800 characters, typed name 800, date 100.
export const POLICY_LIMITS = { typedName: 800, typedDate: 100, extraField: 800 } as const;

// The spec gives no wording; the same texts as the BFF's problems (contract: acknowledgePolicy).
export const SIGNATURE_MESSAGES = {
  typedNameRequired: 'Please type your name.',
  typedDateRequired: 'Please type the date.',
  extraFieldRequired: (caption: string) => `Please fill in ${caption}.`,
  tooLong: (limit: number) => `Please use at most ${limit} characters.`,
} as const;

export interface SignatureDraft {
  typedName: string;
  typedDate: string;
  extraFields: Record<string, string>;
}

/** Field errors by the contract's field names: `typedName`, `typedDate`, `extraFields.<name>`. */
export type FieldErrors = Partial<Record<string, string>>;

export const extraFieldKey = (name: string) => `extraFields.${name}`;

/** A field whose caption says '(if any)' may be left empty; every other one is required. */
export const isOptionalField = (caption: string) => /\(if any\)/i.test(caption);

function check(value: string, limit: number, required: string | null): string | undefined {
  if (value.trim() === '') return required ?? undefined;
  return value.length > limit ? SIGNATURE_MESSAGES.tooLong(limit) : undefined;
}

/**
 * spec: public-and-guest §5 "Policy": for `sign`, the typed name, the typed date and every extra field are
 * required, except a field whose caption says '(if any)'.
 */
export function signatureErrors(draft: SignatureDraft, fields: PolicyPage['extraFields']): FieldErrors {
  const errors: FieldErrors = {
    typedName: check(draft.typedName, POLICY_LIMITS.typedName, SIGNATURE_MESSAGES.typedNameRequired),
    typedDate: check(draft.typedDate, POLICY_LIMITS.typedDate, SIGNATURE_MESSAGES.typedDateRequired),
  };
  for (const { name, caption } of fields) {
    errors[extraFieldKey(name)] = check(
      draft.extraFields[name] ?? '',
      POLICY_LIMITS.extraField,
      isOptionalField(caption) ? null : SIGNATURE_MESSAGES.extraFieldRequired(caption),
    );
  }
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** The field errors a 400 problem lists (`errors`), so that the BFF's refusals land on their fields too. */
export function problemFieldErrors(problem: Problem): FieldErrors {
  return Object.fromEntries((problem.errors ?? []).map(({ field, message }) => [field, message]));
}

/** What is sent: the typed values, each extra field under its name. */
export function signatureBody(draft: SignatureDraft, fields: PolicyPage['extraFields']): PolicyAcknowledgement {
  return {
    typedName: draft.typedName.trim(),
    typedDate: draft.typedDate.trim(),
    extraFields: Object.fromEntries(fields.map(({ name }) => [name, (draft.extraFields[name] ?? '').trim()])),
  };
}
