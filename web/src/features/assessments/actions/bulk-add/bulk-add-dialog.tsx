import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../../../../generated/bff.ts';
import { failedMessage, noteMessage } from '../../../../components/data-table/action-messages.tsx';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { DialogForm } from '../../../../components/ui/form-dialog.tsx';
import { NativeSelect } from '../../../../components/ui/native-select.tsx';
import { RadioGroup } from '../../../../components/ui/radio-group.tsx';
import { balanceChanged } from '../../../../lib/balance-changed.ts';
import { ASSESSMENT_TYPE_LABELS, type AssessmentType, type ReportCode } from '../../../../lib/labels/assessments.ts';
import { ASSESSMENT_COST, credits } from '../../../../lib/labels/credits.ts';
import { LANGUAGE_NAMES, type Language } from '../../../../lib/labels/languages.ts';
import { problemCode } from '../../../../lib/problem.ts';
import { $api } from '../../../../lib/query.ts';
import { useSubmission } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { AutoSendReports, type OfferedTokenType, ProjectField, REPORTS_OF, TokenTypeField } from '../shared/assessment-options.tsx';
import { ADD_TEXTS } from '../shared/client-fields.tsx';
import { countSpreadsheetClients } from './spreadsheet-rows.ts';
import '../shared/add-assessment.css';

type Duplicate = components['schemas']['BulkUploadConfirmation']['duplicates'][number];
type BrokenClient = components['schemas']['BulkUploadDone']['brokenClients'][number];

// spec assessments-and-clients §2.1, §5 "Bulk add".
export const BULK_ADD_TEXTS = {
  required: 'Please select an assessment and upload spreasheet',
  template: '/coachportal/clients_template.xlsx',
} as const;
const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The problems the coach mends in the form (another file); any other failure ends the action (§8). */
const FORM_PROBLEMS = new Set([
  'spreadsheet_required',
  'spreadsheet_type_not_allowed',
  'spreadsheet_too_large',
  'spreadsheet_content_too_large',
  'validation_failed',
]);

const personOf = (row: { name?: string; surname?: string; email?: string }) =>
  [[row.name, row.surname].filter(Boolean).join(' '), row.email].filter(Boolean).join(', ');

/**
 * spec §8: the rows that could not be added, one line each, by name and e-mail with the row's reason (e.g. "(invalid
 * email)", "(missing name)"); the upload's summary is the message above the list.
 */
function BrokenClients({ rows }: { rows: readonly BrokenClient[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <p>These clients could not be added:</p>
      <ul className="batch-result__failures">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a spreadsheet may repeat
          <li key={index}>{[personOf(row), row.reason].filter(Boolean).join(' ')}</li>
        ))}
      </ul>
    </>
  );
}

const doneMessage = (result: components['schemas']['BulkUploadDone']): ActionMessage => ({
  title: result.brokenClients.length === 0 ? 'Success' : (result.created ?? 0) > 0 ? 'Please Note' : 'Failed',
  body: (
    <>
      {result.message ? <p>{result.message}</p> : null}
      <BrokenClients rows={result.brokenClients} />
    </>
  ),
});

/** spec §8 "Bulk upload failure shows the error and a list of broken clients". */
function failureMessage(error: unknown): ActionMessage {
  const broken = (error as { brokenClients?: BrokenClient[] } | null)?.brokenClients ?? [];
  const failed = failedMessage(error);
  return {
    title: 'Failed',
    body: (
      <>
        {failed.body}
        <BrokenClients rows={broken} />
      </>
    ),
  };
}

/**
 * spec §9 "Credits": what the upload costs, asked before anything is sent: every client of the spreadsheet gets the
 * assessment, charged at its type's cost (a count the browser could not read names the cost of one).
 */
function CostQuestion({ type, clients, balance }: { type: AssessmentType; clients: number | undefined; balance: number }) {
  const name = ASSESSMENT_TYPE_LABELS[type];
  const each = credits(ASSESSMENT_COST[type]);
  return (
    <div className="message-dialog__body stack">
      {clients === undefined ? (
        <p>{`One ${name} assessment for every client in the spreadsheet, at ${each} each.`}</p>
      ) : (
        <p>
          {`The spreadsheet lists ${clients} ${clients === 1 ? 'client' : 'clients'}: ${clients} ${name} ${clients === 1 ? 'assessment' : 'assessments'} at ${each} each, `}
          <strong>{`${credits(clients * ASSESSMENT_COST[type])} in all`}</strong>.
        </p>
      )}
      <p>Rows that cannot be added are not charged.</p>
      <p>{`Your balance: ${credits(balance)}.`}</p>
    </div>
  );
}

/**
 * Bulk Add Clients and Assessments (spec assessments-and-clients §2.3, §4.11, §5 "Bulk add", §7, §8): the template to
 * download, the assessment every row gets with the choices of Add Assessment for New Client (the token type, an
 * impersonator's only, default paid; the language; the project from the coach's list; the reports to send automatically
 * on completion, those of the chosen type) and the spreadsheet; the cost in credits is confirmed first, then the upload is
 * sent as multipart (the BFF checks size and type). Existing clients are listed in the duplicate dialog: Proceed repeats the upload with `duplicatesConfirmed`, Cancel ends.
 */
export default function BulkAddDialog({ ids, session, finish }: AssessmentActionProps) {
  const selected = ids.length > 0;
  useRunOnMount(() => {
    // spec §5 "Add client and assessment": nothing may be selected, "same for bulk add".
    if (selected) finish(noteMessage(ADD_TEXTS.deselectFirst));
  });
  const lowLevel = session.coach.accreditationLevel <= 1;
  const [assessmentType, setAssessmentType] = useState<AssessmentType | ''>(lowLevel ? 'ennea' : '');
  const [language, setLanguage] = useState<Language>('english');
  const impersonator = session.roles.impersonator;
  const [tokenType, setTokenType] = useState<OfferedTokenType>('paid');
  const [project, setProject] = useState('');
  const [reports, setReports] = useState<ReadonlySet<ReportCode>>(new Set());
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [duplicates, setDuplicates] = useState<readonly Duplicate[] | null>(null);
  // The cost question, once the form is complete: the clients the spreadsheet lists (undefined: not readable here).
  const [cost, setCost] = useState<{ clients: number | undefined } | null>(null);
  const [counting, setCounting] = useState(false);
  const queryClient = useQueryClient();
  // The billable assessments added are charged.
  const upload = $api.useMutation('post', '/api/clients/bulk-uploads', { onSettled: () => balanceChanged(queryClient) });
  // A failure ends the dialog: the same file sent again with the same choices is the same submission.
  const submission = useSubmission('uploadClientsSpreadsheet', { keptByTab: true });
  const onClose = () => finish();

  const send = (duplicatesConfirmed: boolean) => {
    if (!file || assessmentType === '') return;
    // The reports of the type chosen last (a report ticked for another type is not sent).
    const reportsToAutoSend = REPORTS_OF[assessmentType].filter((code) => reports.has(code));
    const fields = {
      assessmentType,
      language,
      ...(impersonator && { tokenType }),
      ...(project !== '' && { project }),
      ...(reportsToAutoSend.length > 0 && { reportsToAutoSend }),
      duplicatesConfirmed,
    };
    // The spreadsheet is one request as long as it is the same file.
    const request = [fields, file.name, file.size, file.lastModified];
    submission.submit(request, (params) =>
      upload
        .mutateAsync({
          params,
          // The contract types the binary part as a string; the serializer sends the File itself.
          body: { ...fields, spreadsheet: file as unknown as string },
          bodySerializer: () => {
            const form = new FormData();
            form.append('assessmentType', fields.assessmentType);
            form.append('language', fields.language);
            if (fields.tokenType) form.append('tokenType', fields.tokenType);
            if (fields.project) form.append('project', fields.project);
            // One part per report: the BFF reads a repeated field as the list.
            for (const code of fields.reportsToAutoSend ?? []) form.append('reportsToAutoSend', code);
            if (duplicatesConfirmed) form.append('duplicatesConfirmed', 'true');
            form.append('spreadsheet', file, file.name);
            return form;
          },
        })
        .then(
          (result) => {
            setCost(null);
            if (result.status === 'needsConfirmation') setDuplicates(result.duplicates);
            else finish(doneMessage(result));
          },
          (error: unknown) => {
            if (!FORM_PROBLEMS.has(problemCode(error) ?? '')) finish(failureMessage(error));
            else {
              setCost(null);
              setDuplicates(null);
            }
            throw error;
          },
        ),
    );
  };

  const submit = async () => {
    const incomplete = !file || assessmentType === '';
    setMissing(incomplete);
    if (incomplete || counting) return;
    setCounting(true);
    const clients = await countSpreadsheetClients(file);
    setCounting(false);
    setCost({ clients });
  };

  if (selected) return null;

  if (cost && assessmentType !== '') {
    return (
      <Dialog title="Please Note" role="alertdialog" isOpen onOpenChange={(open) => (open ? undefined : setCost(null))}>
        <CostQuestion type={assessmentType} clients={cost.clients} balance={session.coach.tokenBalance} />
        <div className="dialog__actions">
          {/* Cancel goes back to the form: another assessment or spreadsheet may be chosen. */}
          <Button variant="secondary" autoFocus onPress={() => setCost(null)}>
            Cancel
          </Button>
          <Button isPending={submission.isPending} onPress={() => send(false)}>
            {submission.isPending ? 'Uploading...' : 'Proceed'}
          </Button>
        </div>
      </Dialog>
    );
  }

  if (duplicates) {
    return (
      <Dialog title="Existing clients" role="alertdialog" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
        <div className="message-dialog__body stack">
          <p>These clients already exist. Proceed adds the assessment to them as well.</p>
          <ul>
            {duplicates.map((guest) => (
              <li key={guest.email}>
                {personOf(guest)}
                {guest.lastAssessmentType
                  ? ` (last assessment: ${ASSESSMENT_TYPE_LABELS[guest.lastAssessmentType as AssessmentType] ?? guest.lastAssessmentType}${guest.lastAssessment ? `, ${guest.lastAssessment}` : ''})`
                  : ''}
              </li>
            ))}
          </ul>
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" autoFocus onPress={onClose}>
            Cancel
          </Button>
          <Button isPending={submission.isPending} onPress={() => send(true)}>
            {submission.isPending ? 'Uploading...' : 'Proceed'}
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Bulk Add Clients and Assessments" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogForm onSubmit={() => void submit()}>
        <p>
          Fill in the name, surname, email and company of each client in the spreadsheet template:{' '}
          <a href={BULK_ADD_TEXTS.template} download>
            Download the spreadsheet template
          </a>
          .
        </p>
        {/* The fields scroll inside the dialog, as Add Assessment's: Upload stays on screen. */}
        <div className="stack add-assessment__fields">
          <RadioGroup
            label="Assessment"
            value={assessmentType}
            onChange={(value) => setAssessmentType(value as AssessmentType)}
            options={(Object.keys(ASSESSMENT_TYPE_LABELS) as AssessmentType[]).map((id) => ({
              id,
              label: ASSESSMENT_TYPE_LABELS[id],
              isDisabled: lowLevel && id !== 'ennea',
            }))}
          />
          <TokenTypeField session={session} value={tokenType} onChange={setTokenType} />
          <NativeSelect
            label="Assessment language"
            options={Object.entries(LANGUAGE_NAMES).map(([id, label]) => ({ id, label }))}
            value={language}
            onChange={(value) => setLanguage(value as Language)}
          />
          <ProjectField value={project} onChange={setProject} />
          {assessmentType ? <AutoSendReports offered={REPORTS_OF[assessmentType]} value={reports} onChange={setReports} /> : null}
          <div className="field">
            <label className="field__label" htmlFor="bulk-add-spreadsheet">
              Spreadsheet (.xlsx)
            </label>
            <input
              id="bulk-add-spreadsheet"
              type="file"
              accept={XLSX_ACCEPT}
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            />
          </div>
        </div>
        {missing ? <Alert tone="error">{BULK_ADD_TEXTS.required}</Alert> : null}
        <ProblemAlert error={upload.error} />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={counting}>
            Upload
          </Button>
        </div>
      </DialogForm>
    </Dialog>
  );
}
