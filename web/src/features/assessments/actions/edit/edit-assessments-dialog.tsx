import { useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import { batchMessage } from '../../../../components/data-table/action-messages.tsx';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { FormDialog } from '../../../../components/ui/form-dialog.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import type { ReportCode } from '../../../../lib/labels/assessments.ts';
import { LANGUAGE_NAMES, type Language } from '../../../../lib/labels/languages.ts';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useEditAssessments } from '../../api/change-assessments.ts';
import { useAssessmentDetails } from '../../api/list-assessment-details.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { AutoSendReports, reportsOfAll } from '../shared/assessment-options.tsx';
import { receivedRefusal } from '../shared/received-refusal.ts';
import '../shared/add-assessment.css';

type AssessmentRow = components['schemas']['AssessmentRow'];
type RowField = 'name' | 'surname' | 'email' | 'company' | 'project' | 'language';
type Field = RowField | 'otherData';

// spec assessments-and-clients §5 "Edit", §9 field limits.
export const EDIT_TEXTS = {
  invalidEmail: 'Please provide a valid email address.',
  locked: 'Locked: an assessment of the selection is complete.',
  replaceReports: 'Replace the reports of every selected assessment',
  noCommonReports:
    'The selected assessments have no report in common: edit the Enneagram and the Maturity assessments separately to change the reports sent automatically.',
} as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIMITS: Record<Exclude<Field, 'language'>, number> = {
  name: 100,
  surname: 100,
  email: 254,
  company: 250,
  project: 250,
  otherData: 250,
};
const LABELS: Record<Field, string> = {
  name: 'Name',
  surname: 'Surname',
  email: 'E-mail',
  company: 'Company',
  project: 'Project',
  otherData: 'Other data',
  language: 'Assessment language',
};
/** The fields an empty value clears (the legacy contract's empty string); name, surname, e-mail and language are required. */
const CLEARABLE: ReadonlySet<Field> = new Set(['company', 'project', 'otherData']);
/** The most assessments the details operation reads at once (its `ids`). */
const DETAILS_MAX = 500;

/** The one value of a list, else '' (spec §5 "Edit": only the fields whose values agree are prefilled). */
const agreedValue = (values: readonly string[]): string => (new Set(values).size === 1 ? (values[0] ?? '') : '');

/** A field's value when every selected row agrees on it, else ''. */
function agreed(rows: readonly AssessmentRow[], field: RowField): string {
  const value = (row: AssessmentRow): string =>
    ({
      name: row.clientName,
      surname: row.clientSurname,
      email: row.clientEmail,
      company: row.company ?? '',
      project: row.project ?? '',
      language: row.language,
    })[field];
  return agreedValue(rows.map(value));
}

/** The reports every record sends automatically when they all send the same, else null (spec §5 "Edit": agreed only). */
function agreedReports(records: readonly AssessmentRow[]): ReadonlySet<ReportCode> | null {
  const keys = new Set(records.map((record) => [...record.reportsToAutoSend].sort().join(',')));
  return keys.size === 1 ? new Set(records[0]?.reportsToAutoSend) : null;
}

const sameReports = (a: ReadonlySet<ReportCode>, b: ReadonlySet<ReportCode>) => a.size === b.size && [...a].every((code) => b.has(code));

/**
 * Edit (spec assessments-and-clients §2.3, §4.9, §5 "Edit", §7 the client's and the assessment's fields): one or many
 * assessments; only the fields the selection agrees on are prefilled and only the changed ones are sent; a prefilled
 * company, project or other data emptied is cleared; a completed assessment locks name, surname and e-mail except for
 * an impersonator; the language is required. Other data is not in the table's rows: it is read with the details.
 * The reports sent automatically on completion (§7 `reportsToAutoSend`) offer only the reports every selected type
 * leads to (§4.5); they are prefilled when the selection agrees, else kept unless the coach chooses to replace them;
 * unticking all clears them.
 */
export default function EditAssessmentsDialog({ ids, rows, session, finish, clearSelection }: AssessmentActionProps) {
  const refusal = receivedRefusal(rows);
  useRunOnMount(() => {
    if (refusal) finish(refusal);
  });
  const impersonator = session.roles.impersonator;
  const onClose = () => finish();
  const rowFields: RowField[] = ['name', 'surname', 'email', 'company', 'project', 'language'];
  const [rowInitial] = useState(
    () => Object.fromEntries(rowFields.map((field) => [field, agreed(rows, field)])) as Record<RowField, string>,
  );
  const readsDetails = !refusal && ids.length <= DETAILS_MAX;
  const details = useAssessmentDetails(ids, readsDetails);
  // Unknown (a selection too large to read, or a failed read) is not agreed: left as it is unless filled in.
  const otherDataLoading = readsDetails && details.isPending;
  const initial: Record<Field, string> = { ...rowInitial, otherData: agreedValue(details.data?.items.map((item) => item.otherData) ?? []) };
  const [edited, setEdited] = useState<Partial<Record<Field, string>>>({});
  const values: Record<Field, string> = { ...initial, ...edited };
  const [submitted, setSubmitted] = useState(false);
  const edit = useEditAssessments();
  // The assessments' types and reports: the rows when they are the whole selection, else the details read (while
  // they load the reports are shown disabled; a selection too large to read, or a failed read, does not offer them).
  const records = rows.length === ids.length ? rows : details.data?.items;
  const offeredReports = reportsOfAll(records?.map((record) => record.assessmentType) ?? []);
  const readReports = records ? agreedReports(records) : null;
  const [reportsEdited, setReportsEdited] = useState<ReadonlySet<ReportCode> | null>(null);
  const [replaceReports, setReplaceReports] = useState(false);
  const reportsAgreed = readReports !== null;
  const reports = reportsEdited ?? readReports ?? new Set<ReportCode>();
  const reportsChanged =
    records !== undefined && (reportsAgreed ? reportsEdited !== null && !sameReports(reports, readReports) : replaceReports);
  const identityLocked = !impersonator && (rows.some((row) => row.completedAt) || rows.length < ids.length);
  const locked = (field: Field) => identityLocked && (field === 'name' || field === 'surname' || field === 'email');

  const fields: Field[] = [...rowFields, 'otherData'];
  const changed = fields.filter((field) => {
    const value = values[field].trim();
    return value !== initial[field].trim() && (value !== '' || CLEARABLE.has(field));
  });
  const emailInvalid = changed.includes('email') && !EMAIL.test(values.email.trim());

  const submit = () => {
    setSubmitted(true);
    if (emailInvalid || (changed.length === 0 && !reportsChanged)) return;
    const body: components['schemas']['EditAssessmentsRequest'] = { ids: [...ids] };
    // Unticking every report clears them (the legacy '-').
    if (reportsChanged) body.reportsToAutoSend = offeredReports.filter((code) => reports.has(code));
    for (const field of changed) {
      if (field === 'language') body.language = values.language as Language;
      // An emptied company, project or other data is sent empty: the legacy contract's none.
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
      isSubmitDisabled={changed.length === 0 && !reportsChanged}
      error={edit.error}
      className="edit-assessments"
    >
      <p>
        {ids.length === 1 ? 'The selected assessment' : `The ${ids.length} selected assessments`}: fields the selection does not agree on
        are empty, and stay as they are unless you fill them in. Emptying the company, other data or project clears it.
      </p>
      {/* The fields scroll inside the dialog (the reports make it taller than a phone or a short window): Save stays on screen. */}
      <div className="stack add-assessment__fields">
        {(['name', 'surname', 'email', 'company', 'otherData', 'project'] as const).map((field) => (
          <TextField
            key={field}
            label={LABELS[field]}
            type={field === 'email' ? 'email' : 'text'}
            value={values[field]}
            onChange={(value) => setEdited((all) => ({ ...all, [field]: value }))}
            maxLength={LIMITS[field]}
            isDisabled={locked(field) || (field === 'otherData' && otherDataLoading)}
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
          onChange={(language) => setEdited((all) => ({ ...all, language }))}
        />
        {records === undefined && !otherDataLoading ? null : (
          <AutoSendReports
            offered={offeredReports}
            value={reportsAgreed || replaceReports ? reports : new Set()}
            onChange={setReportsEdited}
            isDisabled={records === undefined || (!reportsAgreed && !replaceReports)}
          >
            {records !== undefined && offeredReports.length === 0 ? <p>{EDIT_TEXTS.noCommonReports}</p> : null}
            {records !== undefined && offeredReports.length > 0 && !reportsAgreed ? (
              <Checkbox isSelected={replaceReports} onChange={setReplaceReports}>
                {EDIT_TEXTS.replaceReports}
              </Checkbox>
            ) : null}
          </AutoSendReports>
        )}
      </div>
    </FormDialog>
  );
}
