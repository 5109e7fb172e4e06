import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { isEmail } from '../../../lib/validation.ts';
import type { Translate } from '../hooks/mini-texts.ts';
import type { RegistrationForm } from '../hooks/use-mini-assessment.ts';
import { StepHeading } from './step-heading.tsx';

// The legacy texts hold no message for a missing detail or a bad address; the self-registration ones (spec:
// public-and-guest §8), as the BFF's refusals of this form say them.
const MISSING_DETAILS = 'Please provide all details.';
const INVALID_EMAIL = 'Please provide a valid email address.';
// MiniRegistration's limits (openapi/bff components/schemas/MiniRegistration.yaml).
const LIMITS = { name: 100, surname: 100, email: 254 } as const;

type Field = keyof RegistrationForm;

/** What is wrong with each field: every detail first, then the address's shape (as self-registration checks). */
function check(form: RegistrationForm): Partial<Record<Field, string>> {
  const empty = (['name', 'surname', 'email'] as const).filter((field) => form[field].trim() === '');
  if (empty.length > 0) return Object.fromEntries(empty.map((field) => [field, MISSING_DETAILS]));
  return isEmail(form.email) ? {} : { email: INVALID_EMAIL };
}

/**
 * Name, surname and a valid e-mail, all required (spec: public-and-guest §5 "Mini-assessment registration"). Submit
 * says what is missing or wrong at each field and focuses the first (the shared field-error pattern). Not on leaving the
 * e-mail: the message appearing under it would move Submit away from a press already under way.
 */
export function RegistrationStep({ t, onRegister }: { t: Translate; onRegister: (form: RegistrationForm) => void }) {
  const [form, setForm] = useState<RegistrationForm>({ name: '', surname: '', email: '' });
  const fields = useFieldErrors<Field>();
  const edit = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    fields.clear(field);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fields.report(check(form))) onRegister({ name: form.name.trim(), surname: form.surname.trim(), email: form.email.trim() });
  };

  return (
    <div className="stack">
      <StepHeading>{t('registrationTitle')}</StepHeading>
      <Form ref={fields.formRef} onSubmit={submit} aria-label={t('registrationTitle')}>
        <TextField
          label={t('name')}
          isRequired
          autoComplete="given-name"
          maxLength={LIMITS.name}
          value={form.name}
          onChange={edit('name')}
          {...fields.field('name')}
        />
        <TextField
          label={t('surname')}
          isRequired
          autoComplete="family-name"
          maxLength={LIMITS.surname}
          value={form.surname}
          onChange={edit('surname')}
          {...fields.field('surname')}
        />
        <TextField
          label={t('email')}
          type="email"
          isRequired
          autoComplete="email"
          maxLength={LIMITS.email}
          value={form.email}
          onChange={edit('email')}
          {...fields.field('email')}
        />
        <div className="row">
          <Button type="submit">{t('submitButton')}</Button>
        </div>
      </Form>
    </div>
  );
}
