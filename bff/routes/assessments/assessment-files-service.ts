// The assessments area's single-file downloads (spec assessments-and-clients §2.3 "Download Details", §3.8
// report links, §4.5, §7 "Report download (PDF fetch)", §8): streamed from the legacy API as they arrive,
// never buffered, with a clean Content-Disposition named by the BFF.
import type { Readable } from 'node:stream';
import { contentDisposition } from '../../downloads/content-disposition.ts';
import { fileAnswer, type HttpAnswer, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, notFound, problem, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { assessmentSnapshot } from '../../snapshots/assessment-snapshot.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MESSAGES = {
  // The contract's (the spec has none).
  reportNotAvailable: 'This report is not available for this assessment.',
} as const;

/** A legacy refusal of a download: its `error.info` as `download_failed` (spec §8), anything else a 502. */
function downloadRefused(status: number, error: unknown): Error {
  if (status === 400 || status === 404) return failed(400, 'download_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  return upstreamError();
}

/** downloadMailingDetails: the legacy spreadsheet of the selected assessments, streamed through. */
export async function downloadMailingDetails(
  { body }: OperationInput<'downloadMailingDetails'>,
  ctx: SessionContext,
): Promise<HttpAnswer<Readable>> {
  const { data, error, response } = await ctx.legacy.POST('/api/v2/coaches/{coachId}/downloadMailingDetails', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { assessmentUUIDs: body.ids },
    parseAs: 'stream',
    signal: ctx.signal,
  });
  if (!data) throw downloadRefused(response.status, error);
  return fileAnswer(data, XLSX, contentDisposition('mailing-details.xlsx'));
}

/** downloadAssessmentReport: one report the assessment offers (own or received), as PDF or HTML. */
export async function downloadAssessmentReport(
  { params: { assessmentId, reportCode }, query: { format = 'pdf', language = 'english' } }: OperationInput<'downloadAssessmentReport'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
): Promise<HttpAnswer<Readable>> {
  const entry = (await assessmentSnapshot(ctx, snapshots, 'own')).byId.get(assessmentId);
  if (!entry) throw notFound();
  const offered = format === 'pdf' ? entry.row.availableReports.pdf : entry.row.availableReports.html;
  if (!offered.includes(reportCode)) throw problem(404, 'report_not_available', MESSAGES.reportNotAvailable);
  // Only the Enneagram report has language variants (spec §9); every other report is English.
  const variant = reportCode === 'basic' && language !== 'english' ? { language } : {};
  const { data, error, response } = await ctx.legacy.GET('/publish/reports/coach/{reportCode}/{coachId}/{assessmentId}', {
    params: {
      path: { reportCode, coachId: ctx.session.coachId, assessmentId },
      query: { pdf: format === 'pdf' ? 1 : 0, ...variant },
    },
    parseAs: 'stream',
    signal: ctx.signal,
  });
  if (!data) throw downloadRefused(response.status, error);
  const name = `${entry.row.clientName}-${entry.row.clientSurname}-${reportCode}`.replace(/\s+/g, '-');
  return format === 'pdf'
    ? fileAnswer(data, 'application/pdf', contentDisposition(`${name}.pdf`))
    : fileAnswer(data, 'text/html; charset=utf-8', contentDisposition(`${name}.html`, 'inline'));
}
