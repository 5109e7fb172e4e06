import type { AssessmentRow } from '../../api/list-assessments.ts';

// spec assessments-and-clients §5 "Combine" (the BFF answers the same texts when it refuses the pair).
export const DIFFERENT_CLIENTS = 'You are not allowed to combine 2 different clients.';
export const NOT_COMPLETE = 'Assessments are not complete.';
export const SAME_TYPE = 'The assessments you want to combine are the same.';

/**
 * Whether `enneagram` may supply the Enneagram part while `maturity` supplies the Maturity part: spec §5 "One Enneagram
 * and one IMf must be chosen" (a Combined assessment is already both and supplies neither).
 */
export const canCombineAs = (enneagram: AssessmentRow, maturity: AssessmentRow) =>
  enneagram.assessmentType === 'ennea' && maturity.assessmentType === 'EIT';

/** The refusal of two rows seen, in the spec's order (same client, both complete, not the same type), or null. */
export function combineRefusal([first, second]: readonly [AssessmentRow, AssessmentRow]): string | null {
  if (first.clientId !== second.clientId) return DIFFERENT_CLIENTS;
  if (!first.completedAt || !second.completedAt) return NOT_COMPLETE;
  if (!canCombineAs(first, second) && !canCombineAs(second, first)) return SAME_TYPE;
  return null;
}
