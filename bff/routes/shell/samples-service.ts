// The Samples & Brochures page (spec coach-shell §2.8, §9; assessments-and-clients §3.8, §9): the sample reports
// by type, each in its languages, with an HTML and a PDF link. The specification does not give the sample
// addresses: they are the SAMPLE_REPORTS_URL setting's files `{reportCode}-{language}.{html|pdf}`.
import type { components as Bff } from '../../../generated/bff.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { failed } from '../../problem.ts';

type SampleReportList = Bff['schemas']['SampleReportList'];
type ReportCode = Bff['schemas']['ReportCode'];
type Language = Bff['schemas']['Language'];

export const SAMPLES_NOT_CONFIGURED = 'The sample reports are not available at the moment. Please try again later.';

// The report names of assessments-and-clients §3.8, in the page's order; the Enneagram Report's sample
// languages are §9's, every other sample is English.
const SAMPLE_REPORTS: readonly { reportCode: ReportCode; name: string; languages: readonly Language[] }[] = [
  { reportCode: 'basic', name: 'Enneagram Report', languages: ['english', 'afrikaans', 'hungarian', 'italian', 'slovak'] },
  { reportCode: 'clientSummary', name: 'Enneagram Overview', languages: ['english'] },
  { reportCode: 'enneaOverview', name: 'Enneagram Coach Overview', languages: ['english'] },
  { reportCode: 'imf', name: 'Maturity Report', languages: ['english'] },
  { reportCode: 'imfCoG', name: 'Maturity Overview', languages: ['english'] },
  { reportCode: 'foundation', name: 'Combined Report', languages: ['english'] },
  { reportCode: 'extended', name: 'Combined+ Report', languages: ['english'] },
];

/** listSampleReports: the sample list on the configured address; without one, 503 (the page says so rather than linking nowhere). */
export async function listSampleReports(
  _input: OperationInput<'listSampleReports'>,
  _ctx: SessionContext,
  baseUrl: string | undefined,
): Promise<SampleReportList> {
  if (!baseUrl) throw failed(503, 'samples_not_configured', SAMPLES_NOT_CONFIGURED);
  const file = (code: ReportCode, language: Language, extension: 'html' | 'pdf') =>
    new URL(`${code}-${language}.${extension}`, baseUrl).href;
  return {
    items: SAMPLE_REPORTS.map(({ reportCode, name, languages }) => ({
      reportCode,
      name,
      samples: languages.map((language) => ({
        language,
        htmlUrl: file(reportCode, language, 'html'),
        pdfUrl: file(reportCode, language, 'pdf'),
      })),
    })),
  };
}
