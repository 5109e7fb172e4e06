import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { api } from '../../../lib/api-client.ts';
import { filenameFromDisposition, saveFile } from '../../../lib/save-file.ts';
import { downloadStartedAtom } from '../../../lib/session/session.ts';

/**
 * downloadMailingDetails: the file of mailing details of the selected assessments (spec
 * assessments-and-clients §2.3 "Download Details"), saved by the browser; a download gives the
 * session 30 minutes.
 */
export function useDownloadMailingDetails() {
  const downloadStarted = useSetAtom(downloadStartedAtom);
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const { data, error, response } = await api.POST('/api/assessments/mailing-details', {
        body: { ids: [...ids] },
        parseAs: 'blob',
      });
      if (error !== undefined) throw error;
      return { blob: data as Blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), 'mailing-details.xlsx') };
    },
    onSuccess: ({ blob, filename }) => {
      downloadStarted();
      saveFile(blob, filename);
    },
  });
}
