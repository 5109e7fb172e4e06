import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type ReportDownloadJob = components['schemas']['ReportDownloadJob'];

/**
 * How often the assessments' batch jobs are asked for (get-assessment-batch-job.ts): their bar ticks between answers,
 * so the session's request budget (RATE_LIMIT_MAX a minute) is not spent on polling.
 */
export const POLL_MS = 1000;

/**
 * spec assessments-and-clients §4.6, §9: the Download Reports bar updates every 100 ms, so its job is asked for as
 * often and the bar shows the count the BFF answered, file by file as each is written into the zip. The BFF gives this
 * poll a budget of its own (bff/README.md "Rate limits"), so a long download spends nothing of the session's.
 */
export const PROGRESS_POLL_MS = 100;

/** A job still producing its archive: the progress modal stays open (spec §4.6). */
export const isRunning = (job: ReportDownloadJob | undefined) => job === undefined || job.status === 'pending' || job.status === 'running';

/**
 * When to ask for the job again: while it runs, and while the browser still receives its zip whatever the job's last
 * answer was (a poll that failed is asked again; the answer after the zip ended is the one the modal reports).
 */
export const pollInterval = (job: ReportDownloadJob | undefined, archiveSettled: boolean): number | false =>
  isRunning(job) || !archiveSettled ? PROGRESS_POLL_MS : false;

export const getReportDownloadQueryOptions = (jobId: string) =>
  $api.queryOptions('get', '/api/report-downloads/{jobId}', { params: { path: { jobId } } });

/** getReportDownload: the job's progress, asked for every 100 ms while it runs or its zip is still arriving. */
export const useReportDownload = (jobId: string, archiveSettled: boolean) =>
  useQuery({
    ...getReportDownloadQueryOptions(jobId),
    // A failed poll is asked again at the next tick: the zip still arriving decides whether the download failed.
    retry: false,
    refetchInterval: (query) => pollInterval(query.state.data, archiveSettled),
  });
