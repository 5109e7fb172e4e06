import type { components } from '../../../../generated/bff.ts';

type Schemas = components['schemas'];
export type AssessmentType = Schemas['AssessmentType'];
export type TokenType = Schemas['TokenType'];
export type Instinct = Schemas['Instinct'];
export type GuestReportCode = Schemas['GuestReportCode'];
export type ReportCode = Schemas['ReportCode'];
type AutoSendStatus = NonNullable<Schemas['AssessmentRow']['autoSendStatus']>;

/** spec public-and-guest §3: ennea = Enneagram, EIT = Maturity, full = Combined. */
export const ASSESSMENT_TYPE_LABELS: Readonly<Record<AssessmentType, string>> = {
  ennea: 'Enneagram',
  EIT: 'Maturity',
  full: 'Combined',
};

/** The report each guest report code stands for (spec public-and-guest §2 "Variants", §3). */
export const GUEST_REPORT_NAMES: Readonly<Record<GuestReportCode, string>> = {
  e: 'Enneagram',
  m: 'Maturity',
  c: 'Combined',
  cp: 'Combined+',
};

/** spec assessments-and-clients §2 tokenType values and how they are shown. */
export const TOKEN_TYPE_LABELS: Readonly<Record<TokenType, string>> = {
  paid: 'Billable',
  marketing: 'Marketing',
  accreditation: 'Accreditation',
  retest: 'Re-test',
  probono: 'Pro Bono',
  hybrid: 'Hybrid',
  importResults: 'Import results',
  selfRegister: 'Self-register',
};

// The contract's Instinct schema names them (spec public-and-guest §3 userInstinct).
export const INSTINCT_NAMES: Readonly<Record<Instinct, string>> = {
  SP: 'Self-preservation (SP)',
  SO: 'Social (SO)',
  SX: 'Sexual, one-to-one (SX)',
};

/** spec assessments-and-clients §3.8: the reports and their names. */
export const REPORT_NAMES: Readonly<Record<ReportCode, string>> = {
  enneaOverview: 'Enneagram Coach Overview',
  clientSummary: 'Enneagram Overview',
  basic: 'Enneagram Report',
  foundation: 'Combined Report',
  extended: 'Combined+ Report',
  imfCoG: 'Maturity Overview',
  imf: 'Maturity Report',
};

/** spec assessments-and-clients §4.2: where each report group sent automatically is (legacy o, s, d). */
export const AUTO_SEND_STATES: Readonly<Record<NonNullable<AutoSendStatus['ennea']>, string>> = {
  notSent: 'Not yet sent to the client',
  sent: 'Sent, not downloaded',
  downloaded: 'Downloaded',
};

/** The report groups whose automatic sending has a status, in the order the screens list them. */
export const AUTO_SEND_GROUPS = [
  { key: 'ennea', label: 'Enneagram reports' },
  { key: 'maturity', label: 'Maturity reports' },
] as const satisfies readonly { key: keyof AutoSendStatus; label: string }[];

/** The reports sent to the client automatically on completion (legacy `reportsToAutoSend`), by name; empty when none. */
export const autoSentReports = (codes: readonly ReportCode[]) => codes.map((code) => REPORT_NAMES[code]).join(', ');

/** Each report group's automatic sending in one line ("Enneagram reports: Downloaded"); empty when none has a status. */
export function autoSendStatusText(status: AutoSendStatus | undefined): string {
  return AUTO_SEND_GROUPS.flatMap(({ key, label }) => {
    const state = status?.[key];
    return state ? [`${label}: ${AUTO_SEND_STATES[state]}`] : [];
  }).join('; ');
}
