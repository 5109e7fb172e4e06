import { api } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';
import type { GuestReportCode } from '../utils/report-request.ts';
import type { GuestReport } from '../utils/report-tabs.ts';

export type PdfResult = { file: Blob; fileName: string } | { error: string };

/** `attachment; filename="…"` → the name; the BFF names the file (openapi downloadGuestReport). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** downloadGuestReport: the PDF of the report in the language shown. */
export async function downloadGuestReportPdf(
  reportCode: GuestReportCode,
  guestId: string,
  language: GuestReport['reportLanguage'],
): Promise<PdfResult> {
  try {
    const { data, error, response } = await api.GET('/api/public/reports/{reportCode}/{guestId}/pdf', {
      params: { path: { reportCode, guestId }, query: { language } },
      parseAs: 'blob',
    });
    if (!data) return { error: problemMessage(error) };
    return { file: data, fileName: fileNameFrom(response.headers.get('Content-Disposition'), 'report.pdf') };
  } catch {
    return { error: problemMessage(undefined) };
  }
}
