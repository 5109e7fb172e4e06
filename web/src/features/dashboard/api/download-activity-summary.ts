import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { api } from '../../../lib/api-client.ts';
import { filenameFromDisposition, saveFile } from '../../../lib/save-file.ts';
import { downloadStartedAtom } from '../../../lib/session/session.ts';

/**
 * downloadActivitySummary: the dashboard's 'Download Summary Spreadsheet' (spec coach-shell §2.3), saved by
 * the browser; a download gives the session 30 minutes.
 */
export function useDownloadActivitySummary() {
  const downloadStarted = useSetAtom(downloadStartedAtom);
  return useMutation({
    mutationFn: async () => {
      const { data, error, response } = await api.GET('/api/activity-summary', { parseAs: 'blob' });
      if (error !== undefined) throw error;
      return {
        blob: data as Blob,
        filename: filenameFromDisposition(response.headers.get('Content-Disposition'), 'activity-summary.xlsx'),
      };
    },
    onSuccess: ({ blob, filename }) => {
      downloadStarted();
      saveFile(blob, filename);
    },
  });
}
