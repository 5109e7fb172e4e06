// Download Reports (spec assessments-and-clients §4.5, §4.6, §5 "Download"): a job per selection, the zip
// streamed while it downloads (downloads/report-archive.ts), progress polled, Stop. The legacy side is one
// PDF fetch per file (`GET publish/reports/coach/{reportCode}/{coachId}/{assessmentId}?pdf=1`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components as Bff } from '../../../generated/bff.ts';
import { BatchItemError, UNEXPECTED_MESSAGE } from '../../batch/batch-errors.ts';
import { type JobFile, type JobStore, type ReportDownloadJob, toReportDownloadJob } from '../../batch/jobs.ts';
import { contentDisposition } from '../../downloads/content-disposition.ts';
import type { FileBody } from '../../downloads/report-archive.ts';
import { startJobArchive } from '../../downloads/report-archive.ts';
import { problem } from '../../plugins/app/problems.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';
import { type BatchSettings, readSelection, refuseInvalidReports, sessionOf } from './assessments-service.ts';
import { offeredOf, reportFileName } from './report-availability.ts';

type ReportDownloadRequest = Bff['schemas']['ReportDownloadRequest'];
type ReportLanguage = Bff['schemas']['ReportLanguage'];

export const MESSAGES = {
  // spec assessments-and-clients §5 "Download".
  reportRequired: 'Please select a report to download',
  // The contract's (the spec has none).
  nothingToDownload: 'None of the selected assessments offers the selected reports.',
  notFound: 'The page or record could not be found.',
} as const;

const notFound = () => problem(404, 'not_found', MESSAGES.notFound);

/** A new pending job of the selected assessments' offered reports (contract: createReportDownload, 201). */
export async function createReportDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ReportDownloadRequest,
  jobs: JobStore,
): Promise<FastifyReply> {
  refuseInvalidReports(request, MESSAGES.reportRequired);
  const session = sessionOf(request);
  const files: JobFile[] = [];
  let skipped = 0;
  for (const { id, name, row } of await readSelection(request, body.ids)) {
    // A report the assessment does not offer is counted, not fetched (contract: ReportDownloadJob.skipped).
    const offered = row ? offeredOf(row, body.reports) : [];
    skipped += body.reports.length - offered.length;
    if (row) files.push(...offered.map((report) => ({ assessmentId: id, name, report, fileName: reportFileName(row, report) })));
  }
  if (files.length === 0) throw problem(400, 'nothing_to_download', MESSAGES.nothingToDownload, 'Failed');
  const job = await jobs.create(session.id, { files, skipped, language: body.language ?? 'english' });
  return reply.code(201).header('location', `/api/report-downloads/${job.jobId}`).send(toReportDownloadJob(job));
}

export async function getReportDownload(request: FastifyRequest, jobId: string, jobs: JobStore): Promise<ReportDownloadJob> {
  const job = await jobs.get(sessionOf(request).id, jobId);
  if (!job) throw notFound();
  return toReportDownloadJob(job);
}

/** Stop (contract: stopReportDownload): the archive ends with what was written and `failures.txt`. */
export async function stopReportDownload(request: FastifyRequest, jobId: string, jobs: JobStore): Promise<ReportDownloadJob> {
  return toReportDownloadJob(await jobs.stop(sessionOf(request).id, jobId));
}

/** One report PDF from the legacy API, as a stream; a legacy 400 fails the file with its `error.info` (spec §8). */
async function fetchReport(
  request: FastifyRequest,
  coachId: string,
  language: ReportLanguage,
  file: JobFile,
  signal: AbortSignal,
): Promise<FileBody> {
  // Only the Enneagram report has language variants (spec §9); every other report is English.
  const variant = file.report === 'basic' && language !== 'english' ? { language } : {};
  const { data, error } = await request.legacy.GET('/publish/reports/coach/{reportCode}/{coachId}/{assessmentId}', {
    params: { path: { reportCode: file.report, coachId, assessmentId: file.assessmentId }, query: { pdf: 1, ...variant } },
    parseAs: 'stream',
    signal,
  });
  if (!data) throw new BatchItemError('download_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
  return data;
}

/** The zip (contract: downloadReportArchive), streamed while the PDFs are fetched; the job records the progress. */
export async function downloadReportArchive(
  request: FastifyRequest,
  reply: FastifyReply,
  jobId: string,
  jobs: JobStore,
  settings: BatchSettings,
): Promise<FastifyReply> {
  const session = sessionOf(request);
  const pending = await jobs.get(session.id, jobId);
  if (!pending) throw notFound();
  const language = (pending.language ?? 'english') as ReportLanguage;
  const { fileName, archive } = await startJobArchive({
    jobs,
    sessionId: session.id,
    jobId,
    ...settings,
    fetchFile: (file, signal) => fetchReport(request, session.coachId, language, file, signal),
    log: request.log,
    // The legacy client ended the session at the 403 already (the zip has started, so no 401 can follow).
    onSessionEnded: async () => {
      if (request.session) await reply.endSession();
      await jobs.deleteSession(session.id);
    },
  });
  // Nobody awaits the end of the zip; a failure there (the session store at a 403) is logged, never unhandled.
  archive.done.catch((err: unknown) => request.log.error({ err }, 'report archive did not end cleanly'));
  return reply.type('application/zip').header('content-disposition', contentDisposition(fileName)).send(archive.stream);
}
