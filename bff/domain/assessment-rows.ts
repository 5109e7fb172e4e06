// A legacy assessment record (`tokensX`, `clients/{uuid}/tokens`) as the contract's AssessmentRow,
// AssessmentDetails and ClientAssessment (spec assessments-and-clients §2.2, §3.1, §3.8, §4.2, §4.5, §4.7).
// Null is returned for a record whose times the contract cannot carry (an answer that is not what the legacy
// contract says): the caller answers 502.
import type { components as Bff } from '../../generated/bff.ts';
import type { components as Legacy } from '../../generated/legacy.ts';
import { fromLegacyTime, isLegacyTime } from './legacy-time.ts';
import { maturityOf } from './maturity.ts';
import { hasRegistered, inviteStateOf, isComplete, isReceived, isReportSent, isWrappedUp, markingStateOf } from './pipeline.ts';
import { availableReports, type ReportCode } from './report-availability.ts';

export type LegacyAssessment = Legacy['schemas']['Assessment'];
export type AssessmentRow = Bff['schemas']['AssessmentRow'];
export type AssessmentDetails = Bff['schemas']['AssessmentDetails'];
export type ClientAssessment = Bff['schemas']['ClientAssessment'];
type ReportLink = Bff['schemas']['ReportLink'];
type ReportLanguage = Bff['schemas']['ReportLanguage'];
type AutoSendStatus = NonNullable<AssessmentRow['autoSendStatus']>['ennea'];

const REPORT_CODES: ReadonlySet<string> = new Set<ReportCode>([
  'enneaOverview',
  'clientSummary',
  'basic',
  'foundation',
  'extended',
  'imfCoG',
  'imf',
]);
// spec §4.2: o = not yet sent to the client, s = sent but not downloaded, d = downloaded.
const AUTO_SEND: Readonly<Record<string, AutoSendStatus>> = { o: 'notSent', s: 'sent', d: 'downloaded' };
// spec public-and-guest §3: trifix default 125.
const DEFAULT_TRIFIX = '125';

// Tens of thousands of rows share a few dozen report lists and permission sets: each is one frozen object, so a
// coach's list copy holds them once (bff/README.md "List copies"). Only values with a finite set of variants.
const SHARED = new Map<string, unknown>();
function shared<T>(key: string, make: () => T): T {
  let value = SHARED.get(key) as T | undefined;
  if (value === undefined) {
    value = Object.freeze(make());
    SHARED.set(key, value);
  }
  return value;
}
const NO_COACHES: AssessmentRow['toCoaches'] = Object.freeze([]) as unknown as AssessmentRow['toCoaches'];

/** `reportsToAutoSend`: a comma list of report codes, or '-' for none (spec §3.1). */
export function reportList(value: string | null): ReportCode[] {
  if (!value || value === '-') return [];
  return [...new Set(value.split(',').map((code) => code.trim()))].filter((code): code is ReportCode => REPORT_CODES.has(code));
}

function autoSendStatusOf(a: LegacyAssessment): AssessmentRow['autoSendStatus'] {
  const ennea = a.reportStatusEnnea ? AUTO_SEND[a.reportStatusEnnea] : undefined;
  const maturity = a.reportStatusMaturity ? AUTO_SEND[a.reportStatusMaturity] : undefined;
  return { ...(ennea ? { ennea } : {}), ...(maturity ? { maturity } : {}) };
}

function enneaOf({ userEnnea, userTriType, userInstinct }: LegacyAssessment): AssessmentRow['ennea'] {
  return { type: userEnnea ?? 1, trifix: userTriType ?? DEFAULT_TRIFIX, ...(userInstinct ? { instinct: userInstinct } : {}) };
}

/** Are the record's times legacy times (else it cannot become a row)? */
export function hasLegacyTimes(a: LegacyAssessment): boolean {
  return (
    typeof a.tokenCreatedAt === 'string' &&
    isLegacyTime(a.tokenCreatedAt) &&
    (!a.guestRegisteredAt || isLegacyTime(a.guestRegisteredAt)) &&
    (!a.guestCompletedAt || isLegacyTime(a.guestCompletedAt))
  );
}

/** The contract's AssessmentRow, or null when a time of the record is not a legacy time. */
export function toAssessmentRow(a: LegacyAssessment): AssessmentRow | null {
  const createdAt = fromLegacyTime(a.tokenCreatedAt);
  const registeredAt = a.guestRegisteredAt ? fromLegacyTime(a.guestRegisteredAt) : undefined;
  const completedAt = a.guestCompletedAt ? fromLegacyTime(a.guestCompletedAt) : undefined;
  if (createdAt === null || registeredAt === null || completedAt === null) return null;
  const received = isReceived(a);
  const deletable = !received && !hasRegistered(a);
  const invitable = !isComplete(a);
  const reportsToAutoSend = shared(`auto:${a.reportsToAutoSend}`, () => reportList(a.reportsToAutoSend));
  // Built field by field (no spreads): tens of thousands of rows are mapped per copy.
  const row: AssessmentRow = {
    id: a.uuid,
    clientId: a.clientUUID,
    clientName: a.clientName,
    clientSurname: a.clientSurname,
    clientEmail: a.clientEmail,
    company: a.clientCompany ?? '',
    project: a.userCoach ?? '',
    assessmentType: a.assessmentType,
    language: a.assessmentLanguage,
    tokenType: a.tokenType,
    createdAt,
    inviteState: inviteStateOf(a),
    markingState: markingStateOf(a),
    reportSent: isReportSent(a),
    reportsToAutoSend,
    wrapped: isWrappedUp(a),
    receivedFromAnotherCoach: received,
    toCoaches: a.scoGivenTo.length === 0 ? NO_COACHES : a.scoGivenTo.map(({ uuid, name, surname }) => ({ id: uuid, name, surname })),
    // What §4.5 reads of the record decides the lists: one shared object per combination.
    availableReports: shared(
      `reports:${a.assessmentType}|${a.guestCompletedAt === null}|${a.marked}|${a.userInstinct === null}|${a.finalTPR === null}`,
      () => availableReports(a),
    ),
    // spec §2.3, §4.3, §4.7, §9.
    permissions: shared(`permissions:${received}|${deletable}|${invitable}`, () => ({
      canEdit: !received,
      canDelete: deletable,
      canWrap: !received,
      canAssignSco: !received,
      canInvite: invitable,
    })),
  };
  if (registeredAt) row.registeredAt = registeredAt;
  if (completedAt) row.completedAt = completedAt;
  if (a.userEnnea !== null) row.ennea = shared(`ennea:${a.userEnnea}|${a.userTriType}|${a.userInstinct}`, () => enneaOf(a));
  if (a.finalTPR !== null) {
    const maturity = shared(`stage:${a.finalTPR}`, () => maturityOf(a.finalTPR));
    if (maturity) row.maturity = maturity;
  }
  if (reportsToAutoSend.length > 0) {
    row.autoSendStatus = shared(`status:${a.reportStatusEnnea}|${a.reportStatusMaturity}`, () => autoSendStatusOf(a));
  }
  if (a.scoReceivedFrom) row.fromCoach = { id: a.scoReceivedFrom.uuid, name: a.scoReceivedFrom.name, surname: a.scoReceivedFrom.surname };
  return row;
}

const RANKING = /^[1-9](,[1-9]){8}$/;

/** View Details: the row plus what the table leaves out; the assessment token only for an impersonator (spec §3.1). */
export function toAssessmentDetails(a: LegacyAssessment, row: AssessmentRow, impersonator: boolean): AssessmentDetails {
  const updatedAt = (a.guestUpdatedAt ? fromLegacyTime(a.guestUpdatedAt) : null) ?? row.createdAt;
  const maturityScore = a.scoreIMF === null || a.scoreIMF.trim() === '' ? Number.NaN : Number(a.scoreIMF);
  return {
    ...row,
    otherData: a.otherData ?? '',
    coach: { id: a.coachUUID, name: a.coachName, surname: a.coachSurname },
    updatedAt,
    ...(a.orderedTriType ? { orderedTrifix: a.orderedTriType } : {}),
    ...(a.enneaRankingCSV && RANKING.test(a.enneaRankingCSV) ? { enneaRanking: a.enneaRankingCSV.split(',').map(Number) } : {}),
    ...(a.scoreSP !== null && a.scoreSO !== null && a.scoreSX !== null
      ? { instinctScores: { sp: a.scoreSP, so: a.scoreSO, sx: a.scoreSX } }
      : {}),
    // The legacy `scoreIMF` is a label ("Performing (PE)") in the records seen so far: only a number is passed on.
    ...(Number.isFinite(maturityScore) && maturityScore >= 0 && maturityScore <= 1000 ? { maturityScore } : {}),
    parentedHybrid: a.parentedHybrid === 1,
    ...(impersonator ? { userToken: a.userToken } : {}),
  };
}

// The report viewer's codes (spec public-and-guest §2 "Guest report viewer").
const PUBLISHED_CODE: Partial<Record<ReportCode, string>> = { basic: 'e', imf: 'm', foundation: 'c', extended: 'cp' };
const LANGUAGE_CODES: Readonly<Record<ReportLanguage, ReportLink['languageCode']>> = {
  english: 'en',
  afrikaans: 'af',
  hungarian: 'hu',
  italian: 'it',
  slovak: 'sk',
};

/** Only the Enneagram report has language variants (spec §3.8, §9): the assessment's language when it has one. */
export function reportLanguageOf(a: Pick<LegacyAssessment, 'assessmentLanguage'>, report: ReportCode): ReportLanguage {
  const language = a.assessmentLanguage as ReportLanguage;
  return report === 'basic' && language in LANGUAGE_CODES ? language : 'english';
}

/** spec §3.8 "Report link entries": HTML in the report viewer, PDF through downloadAssessmentReport. */
export function reportLinksOf(a: LegacyAssessment, row: AssessmentRow): ReportLink[] {
  const links: ReportLink[] = [];
  const id = encodeURIComponent(row.id);
  for (const report of row.availableReports.html) {
    const published = PUBLISHED_CODE[report];
    if (!published) continue;
    const language = reportLanguageOf(a, report);
    const url = `/coachportal/reports/${published}/${id}?language=${language}`;
    links.push({ report, format: 'html', language, languageCode: LANGUAGE_CODES[language], url, download: false });
  }
  for (const report of row.availableReports.pdf) {
    const language = reportLanguageOf(a, report);
    const url = `/api/assessments/${id}/reports/${report}?format=pdf&language=${language}`;
    links.push({ report, format: 'pdf', language, languageCode: LANGUAGE_CODES[language], url, download: true });
  }
  return links;
}
