import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { getReportDownloadQueryOptions } from './get-report-download.ts';

/** stopReportDownload: the progress modal's Stop (spec assessments-and-clients §4.6); the answer is the stopped job. */
export function useStopReportDownload(jobId: string) {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/report-downloads/{jobId}', {
    onSuccess: (job) => queryClient.setQueryData(getReportDownloadQueryOptions(jobId).queryKey, job),
  });
}
