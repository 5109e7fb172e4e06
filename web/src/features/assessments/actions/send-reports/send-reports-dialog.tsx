import { useEffect, useState } from 'react';
import { batchMessage, failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { CheckboxGroup } from '../../../../components/ui/checkbox-group.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { DialogForm } from '../../../../components/ui/form-dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { useFieldErrors } from '../../../../lib/field-errors.ts';
import { REPORT_NAMES, type ReportCode } from '../../../../lib/labels/assessments.ts';
import type { AssessmentBatchJob } from '../../api/get-assessment-batch-job.ts';
import { type ReportEmailRequest, useReportEmailPreview } from '../../api/preview-report-email.ts';
import { useSendReports } from '../../api/send-reports.ts';
import { type AssessmentSelectionSummary, useSelectionSummary } from '../../api/summarize-assessment-selection.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { BatchJobProgress, type JobResult, jobCallbacks, jobParams, MAX_SELECTION, TOO_MANY } from '../shared/batch-job.tsx';
import { SelectionScopeNote } from '../shared/selection-scope-note.tsx';
import { announce, PreviewDialog, SEND_TEXT, useSendFrom, withDrafts } from '../shared/send-email-parts.tsx';

export const reportSummary = (succeeded: number, total: number) => `${succeeded} of ${total} report emails sent successfully.`;
export const NO_REPORTS = 'None of the selected assessments has a report to send yet.';
// spec §4.5: an unmarked IMf or Full assessment's Maturity and combined reports wait for marking.
export const waitingForMarking = (names: readonly string[]) => `Waiting for marking: ${names.join(', ')}.`;

/** spec §3.8: the reports in the order the spec lists them. */
const REPORT_ORDER = Object.keys(REPORT_NAMES) as ReportCode[];

/**
 * The reports the selection offers (the BFF's summary of the whole selection, spec §4.5): each one that at least one
 * selected assessment offers; those only waiting for marking are shown, not offered. The BFF sends each assessment
 * only the chosen reports it offers.
 */
const reportsOf = ({ reports }: AssessmentSelectionSummary) => ({ offered: reports.offered, waiting: reports.awaitingMarking });

const sentMessage = (result: JobResult) =>
  withDrafts(batchMessage(result, reportSummary(result.succeeded, result.total)), result.drafts ?? []);

/**
 * Send Reports (spec assessments-and-clients §2.3, §2.4, §4.3, §4.5, §5 "Sending and downloading reports", §8): the
 * report picker, how to send (the provider's address, or a draft for the coach's own e-mail client when one is
 * selected), the impersonator's coach address, Preview, then one `sendReports` call, run as a job with its progress
 * and Stop whatever the selection's size, and its batch alert. Received (SCO) assessments' reports are sent like the
 * coach's own (the spec refuses them for changes only, §4.7).
 */
export default function SendReportsDialog({ ids, session, finish, outsideFilter }: AssessmentActionProps) {
  const tooMany = ids.length > MAX_SELECTION;
  const summary = useSelectionSummary(ids, !tooMany);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it ends the action once, on mount.
  useEffect(() => {
    if (tooMany) finish(failedMessage(TOO_MANY));
  }, []);
  const reports = summary.data ? reportsOf(summary.data) : null;
  const hasReports = reports !== null && reports.offered.length > 0;
  const [chosen, setChosen] = useState<ReadonlySet<ReportCode>>(new Set());
  const sending = useSendFrom(session);
  // 'Please select a report' at the reports, the first one focused.
  const fields = useFieldErrors<'reports'>();
  const [previewOf, setPreviewOf] = useState<ReportEmailRequest | null>(null);
  const request = (): ReportEmailRequest => ({
    ids: [...ids],
    reports: REPORT_ORDER.filter((code) => chosen.has(code)),
    ...sending.options(),
  });
  const preview = useReportEmailPreview(previewOf ?? request(), previewOf !== null);
  const send = useSendReports();
  const [job, setJob] = useState<AssessmentBatchJob | null>(null);
  const onClose = () => finish();

  const choose = (codes: readonly string[]) => {
    fields.clear('reports');
    setChosen(new Set(codes as readonly ReportCode[]));
  };
  // spec §5: a report must be chosen to send or preview; an impersonator must give the coach's address.
  const ready = () => fields.report({ reports: chosen.size === 0 ? SEND_TEXT.reportRequired : undefined }) && sending.coachEmailGiven();
  const submit = () => {
    if (!ready()) return;
    const body = request();
    announce(SEND_TEXT.sending);
    send.mutate({ body, params: jobParams('sendReports', body) }, jobCallbacks('sendReports', setJob, sentMessage, finish));
  };
  const showPreview = () => {
    if (!ready()) return;
    announce(SEND_TEXT.generating);
    setPreviewOf(request());
  };

  if (tooMany) return null;
  if (job) return <BatchJobProgress title="Send Reports" job={job} resultMessage={sentMessage} finish={finish} />;
  if (previewOf) return <PreviewDialog what="the reports" count={ids.length} preview={preview} onBack={() => setPreviewOf(null)} />;
  return (
    <Dialog title="Send Reports" isOpen onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogForm onSubmit={submit} formRef={fields.formRef}>
        {summary.isPending && !tooMany ? <Loading label="Loading..." /> : null}
        <ProblemAlert error={summary.error} />
        <SelectionScopeNote verb="Sends to" count={ids.length} outside={outsideFilter} />
        {reports && !hasReports ? <p>{NO_REPORTS}</p> : null}
        {hasReports ? (
          <CheckboxGroup
            label="Reports to send"
            options={reports.offered.map((code) => ({ id: code, label: REPORT_NAMES[code] }))}
            value={[...chosen]}
            onChange={choose}
            {...fields.field('reports')}
          />
        ) : null}
        {reports && reports.waiting.length > 0 ? (
          <p className="send-email__waiting">{waitingForMarking(reports.waiting.map((code) => REPORT_NAMES[code]))}</p>
        ) : null}
        {hasReports ? sending.fields(ids.length) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          {hasReports ? (
            <>
              <Button variant="secondary" onPress={showPreview} isPending={send.isPending}>
                Preview
              </Button>
              <Button type="submit" isPending={send.isPending}>
                {send.isPending ? SEND_TEXT.sending : 'Send'}
              </Button>
            </>
          ) : null}
        </div>
      </DialogForm>
    </Dialog>
  );
}
