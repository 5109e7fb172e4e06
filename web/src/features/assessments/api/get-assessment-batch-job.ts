import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';
import { POLL_MS } from './get-report-download.ts';

export type AssessmentBatchJob = components['schemas']['AssessmentBatchJob'];

export const getAssessmentBatchJobQueryOptions = (jobId: string) =>
  $api.queryOptions('get', '/api/assessments/batch-jobs/{jobId}', { params: { path: { jobId } } });

/**
 * getAssessmentBatchJob: the progress of Send Invites/Reminders, Send Reports or Delete running as a job (as Download
 * Reports', spec assessments-and-clients §4.6), asked for again every second while it runs.
 */
export const useAssessmentBatchJob = (jobId: string) =>
  useQuery({
    ...getAssessmentBatchJobQueryOptions(jobId),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      return query.state.data === undefined || query.state.data.status === 'running' ? POLL_MS : false;
    },
  });
