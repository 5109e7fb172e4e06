import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isEmail } from '../../../lib/validation.ts';
import type { Translate } from '../hooks/mini-texts.ts';
import type { RegistrationForm } from '../hooks/use-mini-assessment.ts';
import { StepHeading } from './step-heading.tsx';

// The legacy texts hold no message for a bad address; the self-registration one (spec: public-and-guest §8).
const INVALID_EMAIL = 'Please provide a valid email address.';
// MiniRegistration's limits (openapi/bff components/schemas/MiniRegistration.yaml).
const LIMITS = { name: 100, surname: 100, email: 254 } as const;

/** Name, surname and a valid e-mail, all required before Submit (spec: public-and-guest §5 "Mini-assessment registration"). */
export function RegistrationStep({ t, onRegister }: { t: Translate; onRegister: (form: RegistrationForm) => void }) {
  const [form, setForm] = useState<RegistrationForm>({ name: '', surname: '', email: '' });
  const [emailTouched, setEmailTouched] = useState(false);
  const emailInvalid = form.email.trim() !== '' && !isEmail(form.email);
  const complete = form.name.trim() !== '' && form.surname.trim() !== '' && isEmail(form.email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEmailTouched(true);
    if (complete) onRegister({ name: form.name.trim(), surname: form.surname.trim(), email: form.email.trim() });
  };

  return (
    <div className="stack">
      <StepHeading>{t('registrationTitle')}</StepHeading>
      <Form onSubmit={submit} aria-label={t('registrationTitle')}>
        <TextField
          label={t('name')}
          isRequired
          autoComplete="given-name"
          maxLength={LIMITS.name}
          value={form.name}
          onChange={(name) => setForm((current) => ({ ...current, name }))}
        />
        <TextField
          label={t('surname')}
          isRequired
          autoComplete="family-name"
          maxLength={LIMITS.surname}
          value={form.surname}
          onChange={(surname) => setForm((current) => ({ ...current, surname }))}
        />
        <TextField
          label={t('email')}
          type="email"
          isRequired
          autoComplete="email"
          maxLength={LIMITS.email}
          value={form.email}
          onChange={(email) => setForm((current) => ({ ...current, email }))}
          onBlur={() => setEmailTouched(true)}
          isInvalid={emailTouched && emailInvalid}
          errorMessage={INVALID_EMAIL}
        />
        <div className="row">
          <Button type="submit" isDisabled={!complete}>
            {t('submitButton')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
