import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { getAssessmentBatchJobQueryOptions } from './get-assessment-batch-job.ts';

/** stopAssessmentBatchJob: the progress dialog's Stop; the answer is the job, stopping (or ended). */
export function useStopAssessmentBatchJob(jobId: string) {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/assessments/batch-jobs/{jobId}', {
    onSuccess: (job) => queryClient.setQueryData(getAssessmentBatchJobQueryOptions(jobId).queryKey, job),
  });
}
