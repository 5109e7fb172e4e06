import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';

/** downloadMiniAssessmentsSpreadsheet: the table function 'Download spreadsheet' (spec coach-shell §2.4). */
export const useDownloadMiniAssessmentsSpreadsheet = () =>
  useDownload(() => api.GET('/api/mini-assessments/spreadsheet', { parseAs: 'blob' }), 'mini-assessments.xlsx');
