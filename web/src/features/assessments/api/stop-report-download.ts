import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { getReportDownloadQueryOptions } from './get-report-download.ts';

/**
 * stopReportDownload: the progress modal's Stop (spec assessments-and-clients §4.6). The job is asked for again rather
 * than set from this answer: the files in flight when Stop came are still counted after it, and the modal reports
 * the job as it ended.
 */
export function useStopReportDownload(jobId: string) {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/report-downloads/{jobId}', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getReportDownloadQueryOptions(jobId).queryKey }),
  });
}
