import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';

/**
 * downloadReportArchive: the job's zip, produced while it downloads, saved by the browser when it ends (the files
 * written before a Stop included); a download gives the session 30 minutes.
 */
export const useDownloadReportArchive = (jobId: string) =>
  useDownload(() => api.GET('/api/report-downloads/{jobId}/archive', { params: { path: { jobId } }, parseAs: 'blob' }), 'reports.zip');
