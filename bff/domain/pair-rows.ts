// The coach's pairs as the legacy API lists them (`GET api/v2/coaches/{coachId}/couples`) ↔ the contract's PairRow
// (spec assessments-and-clients §3.10, §4.10). The legacy API has no single-pair read: every pair operation reads
// the list once and finds its pairs there.
import type { components as Bff } from '../../generated/bff.ts';
import type { components as Legacy } from '../../generated/legacy.ts';
import type { SessionContext } from '../operation.ts';
import { upstreamError } from '../problem.ts';
import { fromLegacyTime } from './legacy-time.ts';
import { MATURITY_STAGES, maturityOf } from './maturity.ts';

export type LegacyCouple = Legacy['schemas']['Couple'];
export type PairRow = Bff['schemas']['PairRow'];
type PairMember = Bff['schemas']['PairMember'];
type LegacyMember = LegacyCouple['assessments'][number];

/** spec §3.10: '-' means no report supplied yet ("Not available yet"). */
export const NOT_SUPPLIED = '-';
// spec public-and-guest §3: trifix default 125.
const DEFAULT_TRIFIX = '125';
/** The legacy pair list labels the maturity result, e.g. "Performing (PE)": the stage is found by its code. */
const STAGE_CODE = /\(([A-Z]{2})\)\s*$/;

export const isReportSupplied = (couple: Pick<LegacyCouple, 'reportSuppliedAt'>): boolean => couple.reportSuppliedAt !== NOT_SUPPLIED;

/** The coach's pairs, by id, newest first as the legacy API lists them. */
export async function readPairs(ctx: SessionContext): Promise<Map<string, LegacyCouple>> {
  const { data } = await ctx.legacy.GET('/api/v2/coaches/{coachId}/couples', { params: { path: { coachId: ctx.session.coachId } } });
  if (!data) throw upstreamError();
  return new Map(data.map((couple) => [couple.uuid, couple]));
}

function maturityOfLabel(label: string | null): PairMember['maturity'] | null {
  const code = label === null ? undefined : STAGE_CODE.exec(label)?.[1];
  const index = MATURITY_STAGES.findIndex((stage) => stage.code === code);
  return index < 0 ? null : maturityOf(index + 1);
}

function memberOf(member: LegacyMember): PairMember {
  const maturity = maturityOfLabel(member.scoreIMF);
  return {
    assessmentId: member.uuid,
    clientName: member.clientName,
    clientSurname: member.clientSurname,
    clientEmail: member.clientEmail,
    ...(member.userEnnea != null && {
      ennea: {
        type: member.userEnnea,
        trifix: member.userTriType ?? DEFAULT_TRIFIX,
        ...(member.userInstinct != null && { instinct: member.userInstinct }),
      },
    }),
    ...(maturity && { maturity }),
  };
}

/** One legacy pair as the table shows it; null when its times are not legacy times. */
export function toPairRow(couple: LegacyCouple): PairRow | null {
  const updatedAt = fromLegacyTime(couple.updatedAt);
  const suppliedAt = isReportSupplied(couple) ? fromLegacyTime(couple.reportSuppliedAt) : null;
  if (updatedAt === null || (isReportSupplied(couple) && suppliedAt === null)) return null;
  return {
    id: couple.uuid,
    info: couple.info,
    coupleType: couple.coupleType,
    members: couple.assessments.map(memberOf) as PairRow['members'],
    reportAvailable: suppliedAt !== null,
    ...(suppliedAt !== null && { reportSuppliedAt: suppliedAt }),
    reportSent: couple.reportSent !== NOT_SUPPLIED,
    company: couple.company ?? '',
    project: couple.project ?? '',
    updatedAt,
  };
}

/** toPairRow for an answer: a pair the contract cannot carry means the legacy answer is not what its contract says. */
export function pairRowOf(ctx: SessionContext, couple: LegacyCouple): PairRow {
  const row = toPairRow(couple);
  if (row === null) {
    ctx.log.error({ pairId: couple.uuid }, 'couples answered a time that is not a legacy time');
    throw upstreamError();
  }
  return row;
}
