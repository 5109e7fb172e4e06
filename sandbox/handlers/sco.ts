// Secondary coach ownership of assessments: assign by e-mail, revoke by the giving coach only
// (spec assessments-and-clients §4.7, §5 "SCO", §8).
import { legacyDateTime } from '../domain/dates.ts';
import { assignMessage, decideAssign, decideRevoke } from '../domain/sco.ts';
import { coachByEmail } from '../state/store.ts';
import { assessmentView } from '../state/views.ts';
import { requireOwnCoach } from './access.ts';
import { badRequest, type Handlers } from './context.ts';

const ASSESSMENT_NOT_FOUND = 'Assessment not found.';

export const scoHandlers: Handlers = {
  assignSco: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const selection = ctx.body.assessmentUUIDs.map((uuid) => {
      const assessment = ctx.store.assessments.get(uuid);
      if (!assessment) throw badRequest(ASSESSMENT_NOT_FOUND);
      return assessmentView(ctx.store, assessment, coach.uuid);
    });
    const found = coachByEmail(ctx.store, ctx.body.secondaryCoachEmailAddress.trim());
    const target = found && !found.isAdmin ? { uuid: found.uuid, name: found.name, surname: found.surname } : null;
    const decision = decideAssign(coach.uuid, ctx.body.secondaryCoachEmailAddress.trim(), target, selection);
    if (!decision.ok || !target) throw badRequest(decision.ok ? ASSESSMENT_NOT_FOUND : decision.info);
    const createdAt = legacyDateTime(new Date(ctx.clock.now()));
    for (const assessmentUuid of new Set(decision.newlyGiven)) {
      ctx.store.scoGrants.push({ assessmentUuid, fromCoachUuid: coach.uuid, toCoachUuid: target.uuid, createdAt });
    }
    const newly = new Set(decision.newlyGiven).size;
    return { success: true, message: assignMessage(target, newly, decision.alreadyGiven.length), countOfNewlyGivenSCOs: newly };
  },

  revokeSco: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    // Checked first, changed after: a failing record leaves every grant as it was.
    for (const record of ctx.body.records) {
      const assessment = ctx.store.assessments.get(record.uuid);
      if (!assessment) return { success: false, error: ASSESSMENT_NOT_FOUND };
      const decision = decideRevoke(coach.uuid, assessmentView(ctx.store, assessment, assessment.coachUUID), record.coachUUID);
      if (!decision.ok) return { success: false, error: decision.info };
    }
    const revoked = (grant: { assessmentUuid: string; toCoachUuid: string }) =>
      ctx.body.records.some((record) => record.uuid === grant.assessmentUuid && record.coachUUID === grant.toCoachUuid);
    ctx.store.scoGrants = ctx.store.scoGrants.filter((grant) => !revoked(grant));
    return { success: true, error: null };
  },
};
