import type { Assessment, ReportCode, ReportLanguage } from './types.ts';

// spec assessments-and-clients §3.8: codes and names.
export const REPORT_NAMES: Readonly<Record<ReportCode, string>> = {
  enneaOverview: 'Enneagram Coach Overview',
  clientSummary: 'Enneagram Overview',
  basic: 'Enneagram Report',
  foundation: 'Combined Report',
  extended: 'Combined+ Report',
  imfCoG: 'Maturity Overview',
  imf: 'Maturity Report',
};

export const REPORT_CODES = Object.keys(REPORT_NAMES) as ReportCode[];
export const ENNEAGRAM_REPORTS: readonly ReportCode[] = ['enneaOverview', 'clientSummary', 'basic'];
export const MATURITY_REPORTS: readonly ReportCode[] = ['imfCoG', 'imf'];
export const COMBINED_REPORTS: readonly ReportCode[] = ['foundation', 'extended'];

// spec public-and-guest §3 "Report languages"; coach-shell §2.8: only the Enneagram report has variants.
export const ENNEAGRAM_REPORT_LANGUAGES: readonly ReportLanguage[] = ['english', 'afrikaans', 'hungarian', 'italian', 'slovak'];

export type ReportAvailability = {
  /** Reports that can be downloaded or sent now. */
  available: ReportCode[];
  /** Reports that exist for this type but wait for the Maturity marking. */
  waitingForMarking: ReportCode[];
};

type AvailabilityInput = Pick<Assessment, 'assessmentType' | 'marked' | 'guestCompletedAt'>;

/** spec assessments-and-clients §4.5; an incomplete assessment has no reports yet (§3.1: complete = guestCompletedAt set). */
export function reportAvailability(assessment: AvailabilityInput): ReportAvailability {
  if (!assessment.guestCompletedAt) return { available: [], waitingForMarking: [] };
  const marked = assessment.marked === 1;
  switch (assessment.assessmentType) {
    case 'ennea':
      return { available: [...ENNEAGRAM_REPORTS], waitingForMarking: [] };
    case 'EIT':
      // An IMf assessment has no Enneagram part, so once marked only Maturity reports exist (§4.5 "Marked IMf").
      return marked
        ? { available: [...MATURITY_REPORTS], waitingForMarking: [] }
        : { available: [], waitingForMarking: [...MATURITY_REPORTS] };
    case 'full':
      // The Enneagram part is scored immediately (§9); Maturity and combined wait for marking.
      return marked
        ? { available: [...REPORT_CODES], waitingForMarking: [] }
        : { available: [...ENNEAGRAM_REPORTS], waitingForMarking: [...MATURITY_REPORTS, ...COMBINED_REPORTS] };
  }
}

export function isReportAvailable(assessment: AvailabilityInput, code: ReportCode): boolean {
  return reportAvailability(assessment).available.includes(code);
}

/** Why a report cannot be produced, as an error.info text; null when it can. */
export function reportUnavailableReason(assessment: AvailabilityInput & Pick<Assessment, 'clientName'>, code: ReportCode): string | null {
  const { available, waitingForMarking } = reportAvailability(assessment);
  if (available.includes(code)) return null;
  if (!assessment.guestCompletedAt)
    return `The ${REPORT_NAMES[code]} is not available: ${assessment.clientName}'s assessment is not complete.`;
  if (waitingForMarking.includes(code)) return `The ${REPORT_NAMES[code]} is waiting for marking.`;
  return `The ${REPORT_NAMES[code]} is not applicable to this assessment.`;
}

export type HtmlReportLink = { code: ReportCode; language: ReportLanguage };

type HtmlInput = Pick<Assessment, 'userInstinct' | 'finalTPR' | 'assessmentLanguage'>;

/** spec assessments-and-clients §4.5 "HTML reports": basic with an instinct, imf with finalTPR, foundation and extended with both. */
export function htmlReports(assessment: HtmlInput): HtmlReportLink[] {
  const hasInstinct = assessment.userInstinct !== null;
  const hasStage = assessment.finalTPR !== null;
  const links: HtmlReportLink[] = [];
  if (hasInstinct) {
    links.push({ code: 'basic', language: 'english' });
    const variant = ENNEAGRAM_REPORT_LANGUAGES.find((language) => language !== 'english' && language === assessment.assessmentLanguage);
    if (variant) links.push({ code: 'basic', language: variant });
  }
  if (hasStage) links.push({ code: 'imf', language: 'english' });
  if (hasInstinct && hasStage) links.push({ code: 'foundation', language: 'english' }, { code: 'extended', language: 'english' });
  return links;
}
