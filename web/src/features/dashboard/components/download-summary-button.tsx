import { DownloadButton } from '../../../components/download-button.tsx';
import { useDownloadActivitySummary } from '../api/download-activity-summary.ts';

export const DOWNLOAD_SUMMARY = 'Download Summary Spreadsheet';

/** The dashboard's summary workbook; a failure is the spec's 'Failed' alert with the server's text (§8). */
export function DownloadSummaryButton() {
  return <DownloadButton label={DOWNLOAD_SUMMARY} download={useDownloadActivitySummary()} />;
}
