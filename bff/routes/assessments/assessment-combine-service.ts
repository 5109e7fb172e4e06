// Combine (spec assessments-and-clients §2.3, §5 "Combine", §8): an Enneagram and a Maturity assessment of one client
// made one, through legacy `hybridise`.
import type { components as Bff } from '../../../generated/bff.ts';
import { refuseReceived } from '../../domain/assessment-batch-rules.ts';
import { readSelection } from '../../domain/assessment-selection.ts';
import { fromLegacyTime } from '../../domain/legacy-time.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { failed, NOT_FOUND_MESSAGE, problem, UNEXPECTED_MESSAGE } from '../../problem.ts';
import { isLegacyRefusal, legacyErrorInfo } from '../../upstream/legacy-client.ts';

// spec assessments-and-clients §5 "Combine".
export const COMBINE_MESSAGES = {
  differentClients: 'You are not allowed to combine 2 different clients.',
  incomplete: 'Assessments are not complete.',
  sameType: 'The assessments you want to combine are the same.',
} as const;

/**
 * Combine (contract: combineAssessments): two completed assessments of one client, an Enneagram one and a Maturity
 * one, checked here in the spec's order, then legacy `hybridise` with the Enneagram
 * assessment as the one whose client details the combined assessment takes.
 */
export async function combineAssessments(
  { body: { enneagramAssessmentId, maturityAssessmentId } }: OperationInput<'combineAssessments'>,
  ctx: SessionContext,
): Promise<Bff['schemas']['CombineResult']> {
  if (enneagramAssessmentId === maturityAssessmentId) throw problem(400, 'same_assessment_type', COMBINE_MESSAGES.sameType, 'Failed');
  const selection = await readSelection(ctx, [enneagramAssessmentId, maturityAssessmentId]);
  refuseReceived(selection);
  const [enneagram, maturity] = selection.map((item) => item.row);
  if (!enneagram || !maturity) throw failed(404, 'not_found', NOT_FOUND_MESSAGE);
  if (enneagram.clientUUID !== maturity.clientUUID) throw problem(400, 'different_clients', COMBINE_MESSAGES.differentClients, 'Failed');
  if (!enneagram.guestCompletedAt || !maturity.guestCompletedAt)
    throw problem(400, 'assessments_incomplete', COMBINE_MESSAGES.incomplete, 'Failed');
  // spec §5: "One Enneagram and one IMf must be chosen": a Combined assessment is already both, and supplies neither.
  if (enneagram.assessmentType !== 'ennea' || maturity.assessmentType !== 'EIT') {
    throw problem(400, 'same_assessment_type', COMBINE_MESSAGES.sameType, 'Failed');
  }
  const { data, error, response } = await ctx.legacy.GET('/api/v3/hybridise/{bioAssessmentId}/{enneagramAssessmentId}/{imfAssessmentId}', {
    params: { path: { bioAssessmentId: enneagram.uuid, enneagramAssessmentId: enneagram.uuid, imfAssessmentId: maturity.uuid } },
    signal: ctx.signal,
  });
  if (!data) {
    if (isLegacyRefusal(response)) throw problem(400, 'combine_failed', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE, 'Failed');
    throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
  }
  const completedAt = data.guest.completedAt ? fromLegacyTime(data.guest.completedAt) : null;
  if (!completedAt) {
    ctx.log.error('hybridise answered no completion time');
    throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
  }
  return { completedAt };
}
