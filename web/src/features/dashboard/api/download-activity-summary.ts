import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';

/** downloadActivitySummary: the dashboard's 'Download Summary Spreadsheet' (spec coach-shell §2.3), saved by the browser. */
export const useDownloadActivitySummary = () =>
  useDownload(() => api.GET('/api/activity-summary', { parseAs: 'blob' }), 'activity-summary.xlsx');
