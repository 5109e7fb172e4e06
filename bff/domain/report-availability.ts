// Which reports an assessment offers (spec assessments-and-clients §3.8, §4.5), as the contract's
// `AvailableReports` describes them, and the names the reports go by in files and messages.
import type { components as Bff } from '../../generated/bff.ts';
import type { components as Legacy } from '../../generated/legacy.ts';

export type ReportCode = Bff['schemas']['ReportCode'];
export type AvailableReports = Bff['schemas']['AvailableReports'];
type LegacyAssessment = Legacy['schemas']['Assessment'];

// spec assessments-and-clients §3.8.
export const REPORT_NAMES: Readonly<Record<ReportCode, string>> = {
  enneaOverview: 'Enneagram Coach Overview',
  clientSummary: 'Enneagram Overview',
  basic: 'Enneagram Report',
  foundation: 'Combined Report',
  extended: 'Combined+ Report',
  imfCoG: 'Maturity Overview',
  imf: 'Maturity Report',
};

const ENNEAGRAM: readonly ReportCode[] = ['enneaOverview', 'clientSummary', 'basic'];
const MATURITY: readonly ReportCode[] = ['imfCoG', 'imf'];
const COMBINED: readonly ReportCode[] = ['foundation', 'extended'];
const EVERY: readonly ReportCode[] = ['enneaOverview', 'clientSummary', 'basic', 'foundation', 'extended', 'imfCoG', 'imf'];

type AvailabilityInput = Pick<LegacyAssessment, 'assessmentType' | 'marked' | 'guestCompletedAt' | 'userInstinct' | 'finalTPR'>;

/** The contract's AvailableReports (openapi/bff components/schemas/AvailableReports.yaml; spec §4.5). */
export function availableReports(assessment: AvailabilityInput): AvailableReports {
  const html = htmlReports(assessment);
  // An assessment that is not complete offers nothing yet (the legacy contract: complete = guestCompletedAt set).
  if (assessment.guestCompletedAt === null) return { pdf: [], html: [], awaitingMarking: [] };
  const marked = assessment.marked === 1;
  switch (assessment.assessmentType) {
    case 'ennea':
      return { pdf: [...ENNEAGRAM], html, awaitingMarking: [] };
    case 'EIT':
      return marked ? { pdf: [...MATURITY], html, awaitingMarking: [] } : { pdf: [], html, awaitingMarking: [...MATURITY] };
    case 'full':
      return marked ? { pdf: [...EVERY], html, awaitingMarking: [] } : { pdf: [], html, awaitingMarking: [...MATURITY, ...COMBINED] };
  }
}

// spec §4.5 "HTML reports": basic with the instinct, imf with finalTPR, foundation and extended with both.
function htmlReports({ userInstinct, finalTPR }: AvailabilityInput): ReportCode[] {
  const instinct = userInstinct !== null;
  const stage = finalTPR !== null;
  return [
    ...(instinct ? (['basic'] as const) : []),
    ...(stage ? (['imf'] as const) : []),
    ...(instinct && stage ? (['foundation', 'extended'] as const) : []),
  ];
}

/** The chosen reports this assessment offers as PDF, in the order they were chosen. */
export function offeredOf(assessment: AvailabilityInput, chosen: readonly ReportCode[]): ReportCode[] {
  const pdf = new Set(availableReports(assessment).pdf);
  return chosen.filter((code) => pdf.has(code));
}

/** A report's file name in the Download Reports zip: `{surname} {name} - {report name}.pdf` (contract: downloadReportArchive). */
export function reportFileName(assessment: Pick<LegacyAssessment, 'clientName' | 'clientSurname'>, code: ReportCode): string {
  const person = `${assessment.clientSurname} ${assessment.clientName}`.replace(/\s+/g, ' ').trim();
  return `${person} - ${REPORT_NAMES[code]}.pdf`;
}
