import { pairReportCost } from './credits.ts';
import type { Assessment, Couple, CoupleType } from './types.ts';
import { checkPairDueDate } from './validation.ts';

// spec assessments-and-clients §3.5, §3.10, §4.10, §5 "Pairs".
export const DEFAULT_COUPLE_TYPE: CoupleType = 'Romance';
export const PAIR_TYPE_NAMES: Readonly<Record<CoupleType, string>> = { Romance: 'Couples', Workplace: 'Colleagues' };
export const PAIR_REPORTS_NOT_SUPPLIED =
  'Some selected reports have not yet been provided. Please deselect them before proceeding. You can only send reports that are available.';
export const PAIR_NEEDS_TWO = 'A pair needs exactly two assessments.';
export const NO_REPORT_YET = '-';

export type PairDecision = { ok: true; cost: number } | { ok: false; info: string };

export function decidePair(
  members: readonly Pick<Assessment, 'uuid' | 'clientUUID'>[],
  coupleType: CoupleType,
  reportDueDate: string | null | undefined,
  today: Date,
): PairDecision {
  const [first, second] = members;
  if (members.length !== 2 || !first || !second || first.uuid === second.uuid) return { ok: false, info: PAIR_NEEDS_TWO };
  if (first.clientUUID === second.clientUUID) return { ok: false, info: 'A pair needs two different clients.' };
  const dueProblem = checkPairDueDate(reportDueDate, today);
  if (dueProblem) return { ok: false, info: dueProblem };
  return { ok: true, cost: pairReportCost(coupleType) };
}

/** The Info column: both clients. */
export function pairInfo(members: readonly Pick<Assessment, 'clientName' | 'clientSurname'>[]): string {
  return members.map((member) => `${member.clientName} ${member.clientSurname}`).join(' & ');
}

export const isPairReportSupplied = (couple: Pick<Couple, 'reportSuppliedAt'>): boolean => couple.reportSuppliedAt !== NO_REPORT_YET;

/** Sending needs every selected pair to have its report (spec §5 "Sending and downloading reports"). */
export function checkPairsSendable(couples: readonly Pick<Couple, 'reportSuppliedAt'>[]): string | null {
  return couples.every(isPairReportSupplied) ? null : PAIR_REPORTS_NOT_SUPPLIED;
}
