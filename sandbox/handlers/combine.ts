// Combine (hybridise): an Enneagram and a Maturity assessment of one client become a Combined record of token type hybrid
// (spec assessments-and-clients §2.3, §5 "Combine", §7).
import { combinedResults, decideCombine } from '../domain/combine.ts';
import { RECEIVED_SELECTION_REFUSED } from '../domain/pipeline.ts';
import type { AssessmentRecord } from '../state/model.ts';
import { assessmentView } from '../state/views.ts';
import { isReceivedBy, ownAssessment, sessionCoach } from './access.ts';
import { createAssessmentRecord } from './clients-records.ts';
import { badRequest, type Ctx, type Handlers } from './context.ts';

export const BIO_NOT_IN_PAIR = 'The client details must come from one of the two assessments being combined.';

function source(ctx: Ctx<'combineAssessments'>, uuid: string): AssessmentRecord {
  if (isReceivedBy(ctx.store, uuid, sessionCoach(ctx).uuid)) throw badRequest(RECEIVED_SELECTION_REFUSED);
  return ownAssessment(ctx, uuid);
}

export const combineHandlers: Handlers = {
  combineAssessments: (ctx) => {
    const coach = sessionCoach(ctx);
    const { bioAssessmentId, enneagramAssessmentId, imfAssessmentId } = ctx.params;
    const enneagram = source(ctx, enneagramAssessmentId);
    const maturity = source(ctx, imfAssessmentId);
    if (bioAssessmentId !== enneagram.uuid && bioAssessmentId !== maturity.uuid) throw badRequest(BIO_NOT_IN_PAIR);
    const decision = decideCombine(assessmentView(ctx.store, enneagram, coach.uuid), assessmentView(ctx.store, maturity, coach.uuid));
    if (!decision.ok) throw badRequest(decision.info);
    const bio = bioAssessmentId === enneagram.uuid ? enneagram : maturity;
    const client = ctx.store.clients.get(bio.clientUUID);
    if (!client) throw badRequest('Client not found.');
    const results = combinedResults(enneagram, maturity);
    const combined = createAssessmentRecord(
      ctx.store,
      client,
      {
        ...results,
        assessmentLanguage: bio.assessmentLanguage,
        userCoach: bio.userCoach,
        userInvite: 1,
        userRegistration: 1,
        userCompletion: 1,
        scoreIMF: maturity.scoreIMF,
        guestRegisteredAt: results.guestCompletedAt,
        guestUpdatedAt: results.guestCompletedAt,
      },
      ctx.clock.now(),
    );
    // The two sources now parent a hybrid record.
    enneagram.parentedHybrid = 1;
    maturity.parentedHybrid = 1;
    return { guest: { completedAt: combined.guestCompletedAt } };
  },
};
