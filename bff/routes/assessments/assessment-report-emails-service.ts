// Send Reports and its preview (spec assessments-and-clients §2.3, §4.5, §5 "Sending and downloading reports", §8):
// per selected assessment, the chosen reports it offers, sent by the server or drafted for the coach's own e-mail
// client (one assessment only).
import type { components as Bff } from '../../../generated/bff.ts';
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions } from '../../batch/batch-run.ts';
import { type BatchResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { readSelection, refuseNotInList } from '../../domain/assessment-selection.ts';
import { destinationOf, sendFailed } from '../../domain/emails.ts';
import { offeredOf, type ReportCode } from '../../domain/report-availability.ts';
import type { InvalidField, OperationInput, SessionContext } from '../../operation.ts';
import { failed } from '../../problem.ts';
import type { SessionRecord } from '../../session/session-record.ts';
import { draftOf, emailOutcome, inOrder, MESSAGES, previewOf } from './assessment-emails.ts';

type ReportEmailRequest = Bff['schemas']['ReportEmailRequest'];
type ReportEmailBatchResult = Bff['schemas']['ReportEmailBatchResult'];
type EmailDraft = Bff['schemas']['EmailDraft'];
type EmailPreview = Bff['schemas']['EmailPreview'];

/** An empty or missing `reports` is the spec's toast, not validation_failed (contract: sendReports, createReportDownload). */
export function aboutReports(failure: InvalidField): boolean {
  return failure.in === 'body' && (failure.field === 'reports' || failure.field.startsWith('reports.'));
}

export const reportRequired = () => failed(400, 'report_required', MESSAGES.reportRequired);

/** The checks every report e-mail call makes before reading anything (contract: sendReports, previewReportEmail). */
function reportEmailDestination(session: SessionRecord, body: ReportEmailRequest): string | null {
  if (!body.serverSend && body.ids.length > 1) throw failed(400, 'own_email_single_only', MESSAGES.ownEmailSingleOnly);
  return destinationOf(session, body.coachEmailAddress);
}

function reportsBody(reports: ReportCode[], destination: string | null) {
  return { reports, destinationEmailAddress: destination, useClientEmailAddress: destination === null };
}

/** Send Reports (contract: sendReports): per assessment, the chosen reports it offers. */
export async function sendReports(
  { body }: OperationInput<'sendReports'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<ReportEmailBatchResult> {
  const destination = reportEmailDestination(ctx.session, body);
  const selection = await readSelection(ctx, body.ids);
  // Ids in neither of the coach's lists refuse the whole selection, before anything is sent.
  refuseNotInList(selection);
  const drafts = new Map<string, EmailDraft>();
  const result: BatchResult = await runBatch(
    selection,
    async (item, signal) => {
      const reports = offeredOf(item.row, body.reports);
      if (reports.length === 0) throw new BatchItemError('report_not_available', MESSAGES.reportNotAvailable);
      const { data, error } = await ctx.legacy.POST('/api/v3/tokens/{assessmentId}/reports', {
        params: { path: { assessmentId: item.id }, query: { serverSend: body.serverSend } },
        body: reportsBody(reports, destination),
        signal,
      });
      const answer = emailOutcome(data, error, body.serverSend);
      signal.throwIfAborted();
      if (!body.serverSend) drafts.set(item.id, draftOf(item, answer));
    },
    { ...settings, ...batchOptions(run), failureMessage: sendFailed },
  );
  return { ...result, drafts: inOrder(selection, drafts) };
}

/** The report e-mail preview (contract: previewReportEmail): the first selected assessment offering a chosen report. */
export async function previewReportEmail({ body }: OperationInput<'previewReportEmail'>, ctx: SessionContext): Promise<EmailPreview> {
  const destination = reportEmailDestination(ctx.session, body);
  const selection = await readSelection(ctx, body.ids);
  const first = selection.find((item) => item.row !== null && offeredOf(item.row, body.reports).length > 0);
  if (!first?.row) throw failed(400, 'preview_failed', MESSAGES.reportNotAvailable);
  const { data, error } = await ctx.legacy.POST('/api/v3/tokens/{assessmentId}/reports', {
    params: { path: { assessmentId: first.id }, query: { serverSend: body.serverSend, forPreview: true } },
    body: reportsBody(offeredOf(first.row, body.reports), destination),
  });
  return previewOf(data, error, destination);
}
