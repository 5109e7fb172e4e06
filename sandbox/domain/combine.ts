import { isComplete } from './pipeline.ts';
import type { Assessment } from './types.ts';

// spec assessments-and-clients §5 "Combine", §7 GET api/v3/hybridise/{bio}/{enneagram}/{imf}.
export const COMBINE_DIFFERENT_CLIENTS = 'You are not allowed to combine 2 different clients.';
export const COMBINE_NOT_COMPLETE = 'Assessments are not complete.';
export const COMBINE_SAME_TYPE = 'The assessments you want to combine are the same.';
export const COMBINE_WRONG_PARTS =
  'The Enneagram part must come from an Enneagram assessment and the Maturity part from a Maturity assessment.';
export const COMBINE_NOT_MARKED = 'The Maturity assessment has not been marked yet.';

type Part = Pick<Assessment, 'uuid' | 'clientUUID' | 'assessmentType' | 'guestCompletedAt' | 'marked' | 'fromAnotherCoach'>;

export type CombineDecision = { ok: true } | { ok: false; info: string };

export function decideCombine(enneagram: Part, maturity: Part): CombineDecision {
  if (enneagram.clientUUID !== maturity.clientUUID) return { ok: false, info: COMBINE_DIFFERENT_CLIENTS };
  if (!isComplete(enneagram) || !isComplete(maturity)) return { ok: false, info: COMBINE_NOT_COMPLETE };
  if (enneagram.uuid === maturity.uuid || enneagram.assessmentType === maturity.assessmentType)
    return { ok: false, info: COMBINE_SAME_TYPE };
  // A Maturity assessment cannot supply the Enneagram part and vice versa.
  if (enneagram.assessmentType === 'EIT' || maturity.assessmentType === 'ennea') return { ok: false, info: COMBINE_WRONG_PARTS };
  if (maturity.marked !== 1) return { ok: false, info: COMBINE_NOT_MARKED };
  return { ok: true };
}

type EnneaFields = Pick<
  Assessment,
  | 'userEnnea'
  | 'userTriType'
  | 'orderedTriType'
  | 'userInstinct'
  | 'scoreSP'
  | 'scoreSO'
  | 'scoreSX'
  | 'enneaRankingCSV'
  | 'guestCompletedAt'
>;
type MaturityFields = Pick<Assessment, 'finalTPR' | 'scoreIMF' | 'marked' | 'guestCompletedAt'>;

/** The results of the combined (hybrid, Full) record: the Enneagram part from one, the Maturity part from the other. */
export function combinedResults(
  enneagram: EnneaFields,
  maturity: MaturityFields,
): EnneaFields & Pick<Assessment, 'finalTPR' | 'scoreIMF' | 'marked' | 'assessmentType' | 'tokenType'> {
  const completedAt = [enneagram.guestCompletedAt ?? '', maturity.guestCompletedAt ?? ''].sort().at(-1) ?? null;
  return {
    assessmentType: 'full',
    tokenType: 'hybrid',
    userEnnea: enneagram.userEnnea,
    userTriType: enneagram.userTriType,
    orderedTriType: enneagram.orderedTriType,
    userInstinct: enneagram.userInstinct,
    scoreSP: enneagram.scoreSP,
    scoreSO: enneagram.scoreSO,
    scoreSX: enneagram.scoreSX,
    enneaRankingCSV: enneagram.enneaRankingCSV,
    finalTPR: maturity.finalTPR,
    scoreIMF: maturity.scoreIMF,
    marked: maturity.marked,
    guestCompletedAt: completedAt,
  };
}
