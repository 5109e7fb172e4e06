import type { GuestReportCode, ReportCode } from './assessments.ts';

/**
 * Every report code (spec assessments-and-clients §3.8) and guest report code (public-and-guest §2 "Variants"), for
 * the router, which tells the report studio's /reports/{code} from a guest report's /reports/{uuid}: each a report's
 * studio (a guest report code stands for its report: e the Enneagram Report, m the Maturity Report, c the Combined,
 * cp the Combined+). Apart from the names in `assessments.ts`: the router is in every page's first chunk, and the
 * names are only the coach area's and the guest report's.
 */
const STUDIO_CODES: Readonly<Record<ReportCode | GuestReportCode, ReportCode>> = {
  enneaOverview: 'enneaOverview',
  clientSummary: 'clientSummary',
  basic: 'basic',
  foundation: 'foundation',
  extended: 'extended',
  imfCoG: 'imfCoG',
  imf: 'imf',
  e: 'basic',
  m: 'imf',
  c: 'foundation',
  cp: 'extended',
};

export const isReportCode = (segment: string): boolean => Object.hasOwn(STUDIO_CODES, segment);

/** The report whose studio /reports/{segment} is, or null when the segment is no report code. */
export const studioCodeOf = (segment: string): ReportCode | null =>
  Object.hasOwn(STUDIO_CODES, segment) ? (STUDIO_CODES[segment as ReportCode] ?? null) : null;
