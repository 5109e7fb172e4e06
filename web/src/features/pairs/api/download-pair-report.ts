import { api } from '../../../lib/api-client.ts';
import { useDownload } from '../../../lib/use-download.ts';

/**
 * downloadPairReport as PDF: the pair report saved by the browser under the legacy file name, default report.pdf
 * (spec assessments-and-clients §7 `GET {reportUrl}?pdf=1`); a failure is the BFF's 'Download failed'.
 */
export const useDownloadPairReport = (pairId: string) =>
  useDownload(
    () => api.GET('/api/pairs/{pairId}/report', { params: { path: { pairId }, query: { format: 'pdf' } }, parseAs: 'blob' }),
    'report.pdf',
  );

/** The HTML report's address (`downloadPairReport`, format html), opened in a new tab (spec §2.1). */
export const pairReportHtmlUrl = (pairId: string): string => `/api/pairs/${encodeURIComponent(pairId)}/report?format=html`;
