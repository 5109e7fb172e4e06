import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { api } from '../../../lib/api-client.ts';
import { filenameFromDisposition, saveFile } from '../../../lib/save-file.ts';
import { downloadStartedAtom } from '../../../lib/session/session.ts';

export interface ReportArchive {
  blob: Blob;
  filename: string;
}

/**
 * downloadReportArchive: the job's zip, produced while it downloads. It is not saved when it arrives: the progress
 * modal saves it once the job's end says what it holds (a Stop before any report was written saves nothing);
 * `save` hands it to the browser, and a download gives the session 30 minutes.
 */
export function useReportArchive(jobId: string) {
  const downloadStarted = useSetAtom(downloadStartedAtom);
  const archive = useMutation({
    mutationFn: async (): Promise<ReportArchive> => {
      const { data, error, response } = await api.GET('/api/report-downloads/{jobId}/archive', {
        params: { path: { jobId } },
        parseAs: 'blob',
      });
      if (error !== undefined) throw error;
      return { blob: data as Blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), 'reports.zip') };
    },
  });
  const save = ({ blob, filename }: ReportArchive) => {
    downloadStarted();
    saveFile(blob, filename);
  };
  return { archive, save };
}
