import type { GuestReportCode, ReportCode } from './assessments.ts';

/**
 * Every report code (spec assessments-and-clients §3.8) and guest report code (public-and-guest §2 "Variants"), for
 * the router, which tells the report studio's /reports/{code} from a guest report's /reports/{uuid}. Apart from the
 * names in `assessments.ts`: the router is in every page's first chunk, and the names are only the coach area's and
 * the guest report's.
 */
const REPORT_CODES: Readonly<Record<ReportCode | GuestReportCode, true>> = {
  enneaOverview: true,
  clientSummary: true,
  basic: true,
  foundation: true,
  extended: true,
  imfCoG: true,
  imf: true,
  e: true,
  m: true,
  c: true,
  cp: true,
};

export const isReportCode = (segment: string): boolean => Object.hasOwn(REPORT_CODES, segment);
