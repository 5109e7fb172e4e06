// An assessment completed as its client would complete it, as a sandbox-only control: POST /__sandbox/completions
// { assessmentId } registers the client if they had not, and completes the assessment with results, as the seed's
// completed ones look: an Enneagram (or the Enneagram part of a Combined) gets its type, trifix, instinct and ranking;
// an Enneagram is marked at once (spec assessments-and-clients §4.2 "auto-marked"), a Maturity or a Combined waits
// in marking (Complete - In Marking). A browser test and the demo then see the coach's screens notice it (getUpdates)
// without a client taking a real assessment. Not part of the legacy contract; always on; never used in production.
import type { FastifyInstance } from 'fastify';
import { legacyDateTime } from '../domain/dates.ts';
import { isComplete } from '../domain/pipeline.ts';
import { createRng } from '../domain/rng.ts';
import type { Clock } from '../handlers/context.ts';
import { enneagramResults } from '../seed/assessments.ts';
import type { AssessmentRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';

export const COMPLETIONS_PATH = '/__sandbox/completions';

interface CompletionBody {
  assessmentId?: unknown;
}

/** The same results for the same assessment, whenever it is completed. */
function seedOf(uuid: string): number {
  let hash = 0;
  for (const char of uuid) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return hash;
}

/** Completes an assessment as its client would (registering them if they had not), at the sandbox clock's now. */
export function completeAsClient(assessment: AssessmentRecord, clock: Clock): void {
  const now = legacyDateTime(new Date(clock.now()));
  const ennea = assessment.assessmentType === 'EIT' ? null : enneagramResults(createRng(seedOf(assessment.uuid)));
  Object.assign(assessment, {
    userInvite: 1,
    userRegistration: 1,
    userCompletion: 1,
    guestRegisteredAt: assessment.guestRegisteredAt ?? now,
    guestCompletedAt: now,
    guestUpdatedAt: now,
    marked: assessment.assessmentType === 'ennea' ? 1 : 0,
    // The Maturity score comes with the marking.
    finalTPR: null,
    scoreIMF: null,
    ...ennea,
  });
}

export function registerCompletions(app: FastifyInstance, store: Store, clock: Clock): void {
  app.post<{ Body: CompletionBody }>(COMPLETIONS_PATH, async (request, reply) => {
    const { assessmentId } = request.body ?? {};
    const assessment = typeof assessmentId === 'string' ? store.assessments.get(assessmentId) : undefined;
    if (!assessment) return reply.code(400).send({ error: { info: 'assessmentId must name an assessment.' } });
    if (isComplete(assessment)) return reply.code(409).send({ error: { info: 'The assessment is already complete.' } });
    completeAsClient(assessment, clock);
    return reply.code(204).send();
  });
}
