import { type FormEvent, useState } from 'react';
import { CoachCard } from '../../../components/coach-card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Form } from '../../../components/ui/form.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { GENERAL_TERMS_URL } from '../../../config/build.ts';
import { useFieldErrors } from '../../../lib/field-errors.ts';
import { problemCode, problemMessage } from '../../../lib/problem.ts';
import type { SelfRegistration } from '../api/self-registration-api.ts';
import { checkRegistration, type RegistrationForm as Fields, TYPED_FIELDS, type TypedField } from './registration-rules.ts';

export interface RegistrationFormProps {
  page: SelfRegistration;
  form: Fields;
  onChange: (change: Partial<Fields>) => void;
  /** Sends the checked form; answers the server's refusal to show, or null while payment continues. */
  onProceed: (form: Fields) => Promise<unknown>;
}

/** The server's refusal of the e-mail's shape, said at the e-mail (spec: public-and-guest §8 "Self-register"). */
function refusedAtFields(failure: unknown): Partial<Record<TypedField, string>> {
  return problemCode(failure) === 'invalid_email' ? { email: problemMessage(failure) } : {};
}

/**
 * The 'Assessment Registration' form (spec: public-and-guest §2 "Self-registration", §5): the spec's messages at the
 * fields they are about (the shared field-error pattern), a refusal about the whole registration under the form.
 */
export function RegistrationForm({ page, form, onChange, onProceed }: RegistrationFormProps) {
  const fields = useFieldErrors<TypedField>();
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  // spec §2: all languages, sorted alphabetically by their display name.
  const languages = [...page.languages]
    .sort((a, b) => a.label.localeCompare(b.label))
    .map((option) => ({ id: option.value, label: option.label }));
  const language = languages.some((option) => option.id === form.language) ? form.language : page.defaultLanguage;
  const edit = (field: TypedField) => (value: string) => {
    onChange({ [field]: value });
    fields.clear(field);
  };

  async function proceed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const checked = { ...form, language };
    setProblem(null);
    if (!fields.report(checkRegistration(checked))) return;
    setWorking(true);
    const failure = await onProceed(checked);
    // A card checkout leaves the page; the button keeps saying 'Please wait...' until it has.
    if (failure === null) return;
    setWorking(false);
    const own = refusedAtFields(failure);
    const atFields = Object.keys(own).length > 0 ? !fields.report(own) : fields.reportRefusal(failure, TYPED_FIELDS);
    if (!atFields) setProblem(problemMessage(failure));
  }

  return (
    <Form ref={fields.formRef} onSubmit={proceed} aria-label="Assessment Registration" className="registration-form">
      <CoachCard name={page.coachName} label="Your coach">
        Your results go to your coach, {page.coachName}.
      </CoachCard>
      <p>
        Price: <strong>{page.priceString}</strong>
        {page.provider === 'card' ? ' (paid by card)' : ' (paid with PayPal)'}
      </p>
      <TextField label="Name" value={form.name} onChange={edit('name')} {...fields.field('name')} autoComplete="given-name" />
      <TextField label="Surname" value={form.surname} onChange={edit('surname')} {...fields.field('surname')} autoComplete="family-name" />
      <TextField
        label="Email"
        value={form.email}
        onChange={edit('email')}
        {...fields.field('email')}
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
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="row">
        {/* Not disabled while working: focus stays on the button; a second press is ignored (proceed). */}
        <Button type="submit">{working ? 'Please wait...' : 'Proceed'}</Button>
      </div>
    </Form>
  );
}
