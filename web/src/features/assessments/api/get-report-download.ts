import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type ReportDownloadJob = components['schemas']['ReportDownloadJob'];

/**
 * How often the progress modal asks for the job: the bar itself ticks every 100 ms (spec assessments-and-clients §9)
 * between answers, so the session's request budget (RATE_LIMIT_MAX a minute) is not spent on polling.
 */
export const POLL_MS = 1000;

/** A job still producing its archive: the progress modal stays open (spec §4.6). */
export const isRunning = (job: ReportDownloadJob | undefined) => job === undefined || job.status === 'pending' || job.status === 'running';

export const getReportDownloadQueryOptions = (jobId: string) =>
  $api.queryOptions('get', '/api/report-downloads/{jobId}', { params: { path: { jobId } } });

/** getReportDownload: the job's progress, asked for again every second while it runs. */
export const useReportDownload = (jobId: string) =>
  useQuery({
    ...getReportDownloadQueryOptions(jobId),
    refetchInterval: (query) => (query.state.status !== 'error' && isRunning(query.state.data) ? POLL_MS : false),
  });
