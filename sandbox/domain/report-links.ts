import type { ReportLinkEntry } from './email-templates.ts';
import { REPORT_NAMES } from './report-availability.ts';
import type { Assessment, ReportCode } from './types.ts';

// spec assessments-and-clients §2.1, public-and-guest §2 "Guest report viewer": the links a report e-mail carries.
/** The viewer's codes: e (Enneagram), m (Maturity), c (Combined), cp (Combined+). */
export const PUBLISHED_CODE: Partial<Record<ReportCode, 'e' | 'm' | 'c' | 'cp'>> = {
  basic: 'e',
  imf: 'm',
  foundation: 'c',
  extended: 'cp',
};

const trim = (host: string): string => host.replace(/\/+$/, '');

/** The client's assessment link: /register/token?userToken=... */
export function assessmentLink(host: string, userToken: string): string {
  return `${trim(host)}/register/token?userToken=${encodeURIComponent(userToken)}`;
}

export function reportPdfUrl(host: string, code: ReportCode, a: Pick<Assessment, 'uuid' | 'coachUUID'>): string {
  return `${trim(host)}/publish/reports/coach/${code}/${a.coachUUID}/${a.uuid}?pdf=1`;
}

export function reportViewerUrl(host: string, code: ReportCode, a: Pick<Assessment, 'uuid'>, language = 'english'): string | null {
  const published = PUBLISHED_CODE[code];
  if (!published) return null;
  const query = language === 'english' ? '' : `?language=${encodeURIComponent(language)}`;
  return `${trim(host)}/coachportal/reports/${published}/${a.uuid}${query}`;
}

/** One entry per report: the HTML viewer where the report has one, else its PDF. */
export function reportEmailLinks(host: string, a: Pick<Assessment, 'uuid' | 'coachUUID'>, codes: readonly ReportCode[]): ReportLinkEntry[] {
  return codes.map((code) => ({ name: REPORT_NAMES[code], url: reportViewerUrl(host, code, a) ?? reportPdfUrl(host, code, a) }));
}

export function pairReportLinks(host: string, coupleUuid: string): ReportLinkEntry[] {
  const url = `${trim(host)}/publish/reports/pair/${coupleUuid}`;
  return [
    { name: 'Pair Report', url },
    { name: 'Pair Report (PDF)', url: `${url}?pdf=1` },
  ];
}
