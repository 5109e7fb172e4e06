import { type FormEvent, useState } from 'react';
import { CoachCard } from '../../../components/coach-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { GENERAL_TERMS_URL } from '../../../config/build.ts';
import type { SelfRegistration } from '../api/self-registration-api.ts';
import { checkRegistration, type RegistrationForm as Fields, type FormProblem } from './registration-rules.ts';

export interface RegistrationFormProps {
  page: SelfRegistration;
  form: Fields;
  onChange: (change: Partial<Fields>) => void;
  /** Sends the checked form; answers the problem to show, or null while payment continues. */
  onProceed: (form: Fields) => Promise<FormProblem | null>;
}

/** The 'Assessment Registration' form (spec: public-and-guest §2 "Self-registration", §5). */
export function RegistrationForm({ page, form, onChange, onProceed }: RegistrationFormProps) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [working, setWorking] = useState(false);
  // spec §2: all languages, sorted alphabetically by their display name.
  const languages = [...page.languages]
    .sort((a, b) => a.label.localeCompare(b.label))
    .map((option) => ({ id: option.value, label: option.label }));
  const language = languages.some((option) => option.id === form.language) ? form.language : page.defaultLanguage;
  const invalid = (field: keyof Fields) => problem?.fields.has(field) ?? false;

  async function proceed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const checked = { ...form, language };
    const found = checkRegistration(checked);
    setProblem(found);
    if (found) return;
    setWorking(true);
    const answer = await onProceed(checked);
    setProblem(answer);
    // A card checkout leaves the page; the button keeps saying 'Please wait...' until it has.
    if (answer) setWorking(false);
  }

  return (
    <Form onSubmit={proceed} aria-label="Assessment Registration" className="registration-form">
      <CoachCard name={page.coachName} label="Your coach">
        Your results go to your coach, {page.coachName}.
      </CoachCard>
      <p>
        Price: <strong>{page.priceString}</strong>
        {page.provider === 'card' ? ' (paid by card)' : ' (paid with PayPal)'}
      </p>
      <TextField
        label="Name"
        value={form.name}
        onChange={(name) => onChange({ name })}
        isInvalid={invalid('name')}
        autoComplete="given-name"
      />
      <TextField
        label="Surname"
        value={form.surname}
        onChange={(surname) => onChange({ surname })}
        isInvalid={invalid('surname')}
        autoComplete="family-name"
      />
      <TextField
        label="Email"
        value={form.email}
        onChange={(email) => onChange({ email })}
        isInvalid={invalid('email')}
        inputMode="email"
        autoComplete="email"
      />
      <NativeSelect label="Language" options={languages} value={language} onChange={(value) => onChange({ language: value })} />
      <TextField label="Assessment" value={page.assessmentTypeName} isReadOnly />
      <p>
        By proceeding you accept the{' '}
        <Link href={GENERAL_TERMS_URL} target="_blank" rel="noopener noreferrer">
          general terms (opens in a new tab)
        </Link>
        .
      </p>
      {problem ? <Alert tone="error">{problem.message}</Alert> : null}
      <div className="row">
        {/* Not disabled while working: focus stays on the button; a second press is ignored (proceed). */}
        <Button type="submit">{working ? 'Please wait...' : 'Proceed'}</Button>
      </div>
    </Form>
  );
}
