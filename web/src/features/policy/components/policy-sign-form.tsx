import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { PolicyPage } from '../api/policy-api.ts';
import {
  extraFieldKey,
  type FieldErrors,
  hasErrors,
  isOptionalField,
  POLICY_LIMITS,
  type SignatureDraft,
  signatureBody,
  signatureErrors,
} from './policy-signature.ts';

export interface PolicySignFormProps {
  extraFields: PolicyPage['extraFields'];
  /** Errors the BFF listed for the last attempt (shown until the field is edited). */
  serverErrors: FieldErrors;
  isSubmitting: boolean;
  onSign: (body: ReturnType<typeof signatureBody>) => void;
  /** The policy content, shown between the extra fields and the signature (spec: public-and-guest §2). */
  children: ReactNode;
}

const limitText = (limit: number) => `Up to ${limit} characters.`;

/** ackMethod `sign`: every extra field (but one captioned '(if any)'), the typed name and the typed date, then Sign (spec: public-and-guest §5 "Policy"). */
export function PolicySignForm({ extraFields, serverErrors, isSubmitting, onSign, children }: PolicySignFormProps) {
  const [draft, setDraft] = useState<SignatureDraft>({ typedName: '', typedDate: '', extraFields: {} });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const errorOf = (key: string) => errors[key] ?? (edited.has(key) ? undefined : serverErrors[key]);

  const edit = (key: string, change: (current: SignatureDraft) => SignatureDraft) => {
    setDraft(change);
    setErrors(({ [key]: _fixed, ...rest }) => rest);
    setEdited((keys) => new Set(keys).add(key));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = signatureErrors(draft, extraFields);
    setErrors(found);
    setEdited(new Set());
    if (!hasErrors(found)) onSign(signatureBody(draft, extraFields));
  };

  return (
    <Form onSubmit={submit} aria-label="Sign the policy">
      {extraFields.map(({ name, caption }) => {
        const key = extraFieldKey(name);
        return (
          <TextField
            key={name}
            label={caption}
            isRequired={!isOptionalField(caption)}
            maxLength={POLICY_LIMITS.extraField}
            description={limitText(POLICY_LIMITS.extraField)}
            value={draft.extraFields[name] ?? ''}
            onChange={(value) => edit(key, (current) => ({ ...current, extraFields: { ...current.extraFields, [name]: value } }))}
            isInvalid={errorOf(key) !== undefined}
            errorMessage={errorOf(key)}
          />
        );
      })}
      {children}
      <TextField
        label="Your name"
        isRequired
        autoComplete="name"
        maxLength={POLICY_LIMITS.typedName}
        description={limitText(POLICY_LIMITS.typedName)}
        value={draft.typedName}
        onChange={(value) => edit('typedName', (current) => ({ ...current, typedName: value }))}
        isInvalid={errorOf('typedName') !== undefined}
        errorMessage={errorOf('typedName')}
      />
      <TextField
        label="Date"
        isRequired
        maxLength={POLICY_LIMITS.typedDate}
        description={`Type today's date. ${limitText(POLICY_LIMITS.typedDate)}`}
        value={draft.typedDate}
        onChange={(value) => edit('typedDate', (current) => ({ ...current, typedDate: value }))}
        isInvalid={errorOf('typedDate') !== undefined}
        errorMessage={errorOf('typedDate')}
      />
      <div className="row">
        <Button type="submit" isPending={isSubmitting}>
          {isSubmitting ? 'Please wait...' : 'Sign'}
        </Button>
      </div>
    </Form>
  );
}
