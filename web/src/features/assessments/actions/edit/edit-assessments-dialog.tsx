import { useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import { batchMessage } from '../../../../components/data-table/action-messages.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { LANGUAGE_NAMES, type Language } from '../../../../lib/labels/languages.ts';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useEditAssessments } from '../../api/change-assessments.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { receivedRefusal } from '../shared/received-refusal.ts';

type AssessmentRow = components['schemas']['AssessmentRow'];
type Field = 'name' | 'surname' | 'email' | 'company' | 'project' | 'language';

// spec assessments-and-clients §5 "Edit", §9 field limits.
export const EDIT_TEXTS = {
  invalidEmail: 'Please provide a valid email address.',
  locked: 'Locked: an assessment of the selection is complete.',
} as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIMITS: Record<Exclude<Field, 'language'>, number> = { name: 100, surname: 100, email: 254, company: 250, project: 250 };
const LABELS: Record<Field, string> = {
  name: 'Name',
  surname: 'Surname',
  email: 'E-mail',
  company: 'Company',
  project: 'Project',
  language: 'Assessment language',
};

/** A field's value when every selected row agrees on it, else '' (spec §2.3 "Edit": only agreeing fields are prefilled). */
function agreed(rows: readonly AssessmentRow[], field: Field): string {
  const value = (row: AssessmentRow): string =>
    ({
      name: row.clientName,
      surname: row.clientSurname,
      email: row.clientEmail,
      company: row.company ?? '',
      project: row.project ?? '',
      language: row.language,
    })[field];
  const values = new Set(rows.map(value));
  return values.size === 1 ? ([...values][0] ?? '') : '';
}

/**
 * Edit (spec assessments-and-clients §2.3, §4.9, §5 "Edit"): one or many assessments; only the fields the selection
 * agrees on are prefilled and only the changed ones are sent; a completed assessment locks name, surname and e-mail
 * except for an impersonator; the language is required.
 */
export default function EditAssessmentsDialog({ ids, rows, session, finish, clearSelection }: AssessmentActionProps) {
  const refusal = receivedRefusal(rows);
  useRunOnMount(() => {
    if (refusal) finish(refusal);
  });
  const impersonator = session.roles.impersonator;
  const onClose = () => finish();
  const fields: Field[] = ['name', 'surname', 'email', 'company', 'project', 'language'];
  const [initial] = useState(() => Object.fromEntries(fields.map((field) => [field, agreed(rows, field)])) as Record<Field, string>);
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const edit = useEditAssessments();
  const identityLocked = !impersonator && (rows.some((row) => row.completedAt) || rows.length < ids.length);
  const locked = (field: Field) => identityLocked && (field === 'name' || field === 'surname' || field === 'email');

  const changed = fields.filter((field) => values[field].trim() !== initial[field].trim() && values[field].trim() !== '');
  const emailInvalid = changed.includes('email') && !EMAIL.test(values.email.trim());

  const submit = () => {
    setSubmitted(true);
    if (emailInvalid || changed.length === 0) return;
    const body: components['schemas']['EditAssessmentsRequest'] = { ids: [...ids] };
    for (const field of changed) {
      if (field === 'language') body.language = values.language as Language;
      else body[field] = values[field].trim();
    }
    edit.mutate(
      { body, params: submissionKey('editAssessments', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('editAssessments');
          clearSelection();
          finish(batchMessage(result, `${result.succeeded} of ${result.total} updated.`));
        },
      },
    );
  };

  if (refusal) return null;
  return (
    <FormDialog
      title="Edit"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={edit.isPending ? 'Saving...' : 'Save'}
      isPending={edit.isPending}
      isSubmitDisabled={changed.length === 0}
      error={edit.error}
      className="edit-assessments"
    >
      <p>
        {ids.length === 1 ? 'The selected assessment' : `The ${ids.length} selected assessments`}: fields the selection does not agree on
        are empty, and stay as they are unless you fill them in.
      </p>
      {(['name', 'surname', 'email', 'company', 'project'] as const).map((field) => (
        <TextField
          key={field}
          label={LABELS[field]}
          type={field === 'email' ? 'email' : 'text'}
          value={values[field]}
          onChange={(value) => setValues((all) => ({ ...all, [field]: value }))}
          maxLength={LIMITS[field]}
          isDisabled={locked(field)}
          description={locked(field) ? EDIT_TEXTS.locked : undefined}
          isInvalid={field === 'email' && submitted && emailInvalid}
          errorMessage={EDIT_TEXTS.invalidEmail}
        />
      ))}
      <NativeSelect
        label={LABELS.language}
        options={[
          ...(initial.language === '' ? [{ id: '', label: 'Keep each assessment’s language' }] : []),
          ...Object.entries(LANGUAGE_NAMES).map(([id, label]) => ({ id, label })),
        ]}
        value={values.language}
        onChange={(language) => setValues((all) => ({ ...all, language }))}
      />
    </FormDialog>
  );
}
