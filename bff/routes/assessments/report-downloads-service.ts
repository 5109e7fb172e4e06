// Download Reports (spec assessments-and-clients §4.5, §4.6, §5 "Download"): a job per selection, the zip
// streamed while it downloads (downloads/report-archive.ts), progress polled, Stop. The legacy side is one
// PDF fetch per file (`GET publish/reports/coach/{reportCode}/{coachId}/{assessmentId}?pdf=1`).
import type { Readable } from 'node:stream';
import type { components as Bff } from '../../../generated/bff.ts';
import { BatchItemError } from '../../batch/batch-errors.ts';
import type { Config } from '../../config.ts';
import { readSelection } from '../../domain/assessment-selection.ts';
import { offeredOf, reportFileName } from '../../domain/report-availability.ts';
import { contentDisposition } from '../../downloads/content-disposition.ts';
import { type JobFile, type JobStore, type ReportDownloadJob, toReportDownloadJob } from '../../downloads/jobs.ts';
import type { FileBody } from '../../downloads/report-archive.ts';
import { startJobArchive } from '../../downloads/report-archive.ts';
import { created, fileAnswer, type HttpAnswer, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, notFound, UNEXPECTED_MESSAGE } from '../../problem.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

type ReportLanguage = Bff['schemas']['ReportLanguage'];

export const MESSAGES = {
  // spec assessments-and-clients §5 "Download".
  reportRequired: 'Please select a report to download',
  // The contract's (the spec has none).
  nothingToDownload: 'None of the selected assessments offers the selected reports.',
} as const;

/** An empty or missing `reports` (contract: createReportDownload). */
export const downloadReportRequired = () => failed(400, 'report_required', MESSAGES.reportRequired);

/** A new pending job of the selected assessments' offered reports (contract: createReportDownload, 201). */
export async function createReportDownload(
  { body }: OperationInput<'createReportDownload'>,
  ctx: SessionContext,
  jobs: JobStore,
): Promise<HttpAnswer<ReportDownloadJob>> {
  const files: JobFile[] = [];
  let skipped = 0;
  for (const { id, name, row } of await readSelection(ctx, body.ids)) {
    // A report the assessment does not offer is counted, not fetched (contract: ReportDownloadJob.skipped).
    const offered = row ? offeredOf(row, body.reports) : [];
    skipped += body.reports.length - offered.length;
    if (row) files.push(...offered.map((report) => ({ assessmentId: id, name, report, fileName: reportFileName(row, report) })));
  }
  if (files.length === 0) throw failed(400, 'nothing_to_download', MESSAGES.nothingToDownload);
  const job = await jobs.create(ctx.session.id, { files, skipped, language: body.language ?? 'english' });
  return created(toReportDownloadJob(job), `/api/report-downloads/${job.jobId}`);
}

export async function getReportDownload(
  { params: { jobId } }: OperationInput<'getReportDownload'>,
  ctx: SessionContext,
  jobs: JobStore,
): Promise<ReportDownloadJob> {
  const job = await jobs.get(ctx.session.id, jobId);
  if (!job) throw notFound();
  return toReportDownloadJob(job);
}

/** Stop (contract: stopReportDownload): the archive ends with what was written and `failures.txt`. */
export async function stopReportDownload(
  { params: { jobId } }: OperationInput<'stopReportDownload'>,
  ctx: SessionContext,
  jobs: JobStore,
): Promise<ReportDownloadJob> {
  return toReportDownloadJob(await jobs.stop(ctx.session.id, jobId));
}

/** One report PDF from the legacy API, as a stream; a legacy 400 fails the file with its `error.info` (spec §8). */
async function fetchReport(
  ctx: SessionContext,
  coachId: string,
  language: ReportLanguage,
  file: JobFile,
  signal: AbortSignal,
): Promise<FileBody> {
  // Only the Enneagram report has language variants (spec §9); every other report is English.
  const variant = file.report === 'basic' && language !== 'english' ? { language } : {};
  const { data, error } = await ctx.legacy.GET('/publish/reports/coach/{reportCode}/{coachId}/{assessmentId}', {
    params: { path: { reportCode: file.report, coachId, assessmentId: file.assessmentId }, query: { pdf: 1, ...variant } },
    parseAs: 'stream',
    signal,
  });
  if (!data) throw new BatchItemError('download_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  return data;
}

/** The zip (contract: downloadReportArchive), streamed while the PDFs are fetched; the job records the progress. */
export async function downloadReportArchive(
  { params: { jobId } }: OperationInput<'downloadReportArchive'>,
  ctx: SessionContext,
  jobs: JobStore,
  settings: Config['batch'],
): Promise<HttpAnswer<Readable>> {
  const { session } = ctx;
  const pending = await jobs.get(session.id, jobId);
  if (!pending) throw notFound();
  const language = (pending.language ?? 'english') as ReportLanguage;
  const { fileName, archive } = await startJobArchive({
    jobs,
    sessionId: session.id,
    jobId,
    ...settings,
    fetchFile: (file, signal) => fetchReport(ctx, session.coachId, language, file, signal),
    log: ctx.log,
    // The legacy client ended the session at the 403 already (the zip has started, so no 401 can follow).
    onSessionEnded: async () => {
      await ctx.endSession();
      await jobs.deleteSession(session.id);
    },
  });
  // Nobody awaits the end of the zip; a failure there (the session store at a 403) is logged, never unhandled.
  archive.done.catch((err: unknown) => ctx.log.error({ err }, 'report archive did not end cleanly'));
  return fileAnswer(archive.stream, 'application/zip', contentDisposition(fileName));
}
