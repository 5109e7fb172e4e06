import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { components } from '../../../../../generated/bff.ts';
import { api } from '../../../lib/api-client.ts';
import { filenameFromDisposition, saveFile } from '../../../lib/save-file.ts';
import { downloadStartedAtom } from '../../../lib/session/session.ts';

export type ReportCode = components['schemas']['ReportCode'];
export type ReportLanguage = components['schemas']['ReportLanguage'];

export interface ReportDownload {
  assessmentId: string;
  report: ReportCode;
  language?: ReportLanguage;
}

/**
 * downloadAssessmentReport as PDF: one report of one assessment, saved by the browser (spec
 * assessments-and-clients §3.8 report links, §7 "filename from the Content-Disposition header,
 * default report.pdf"); a download gives the session 30 minutes. The HTML version is a page of
 * the report viewer, opened by its link.
 */
export function useDownloadAssessmentReport() {
  const downloadStarted = useSetAtom(downloadStartedAtom);
  return useMutation({
    mutationFn: async ({ assessmentId, report, language }: ReportDownload) => {
      const { data, error, response } = await api.GET('/api/assessments/{assessmentId}/reports/{reportCode}', {
        params: { path: { assessmentId, reportCode: report }, query: { format: 'pdf', ...(language ? { language } : {}) } },
        parseAs: 'blob',
      });
      if (error !== undefined) throw error;
      return { blob: data as Blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), 'report.pdf') };
    },
    onSuccess: ({ blob, filename }) => {
      downloadStarted();
      saveFile(blob, filename);
    },
  });
}
