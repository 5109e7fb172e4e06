import { useState } from 'react';
import { downloadGuestReportPdf } from '../api/download-guest-report-pdf.ts';
import type { GuestReport } from '../utils/report-tabs.ts';

// Browsers read a blob URL after the click returns; it is released once the download surely started.
const RELEASE_BLOB_AFTER_MS = 60_000;

/** The report's PDF: fetched through the typed client, then saved under the name the BFF gives. */
export function usePdfDownload(report: GuestReport) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download(): Promise<void> {
    setPending(true);
    setError(null);
    const result = await downloadGuestReportPdf(report.reportCode, report.guestId, report.reportLanguage);
    setPending(false);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    const url = URL.createObjectURL(result.file);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = result.fileName;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), RELEASE_BLOB_AFTER_MS);
  }

  return { pending, error, download };
}
