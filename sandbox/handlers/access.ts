// Who may touch what: the session's coach, their own records, and records given to them (SCO).
import type { AssessmentRecord, CoachRecord, SessionRecord, TeamRecord } from '../state/model.ts';
import type { Store } from '../state/store.ts';
import { badRequest, type Ctx, forbidden, type OperationId } from './context.ts';

export function requireSession<K extends OperationId>(ctx: Ctx<K>): SessionRecord {
  if (!ctx.session) throw forbidden();
  return ctx.session;
}

/** The session's coach, when the path names that coach; a coach may act only on their own records. */
export function requireOwnCoach<K extends OperationId>(ctx: Ctx<K>, coachId: string): CoachRecord {
  const session = requireSession(ctx);
  if (session.coachUuid !== coachId) throw forbidden('You may only access your own records.');
  const coach = ctx.store.coaches.get(coachId);
  if (!coach) throw forbidden();
  return coach;
}

export function sessionCoach<K extends OperationId>(ctx: Ctx<K>): CoachRecord {
  const session = requireSession(ctx);
  const coach = ctx.store.coaches.get(session.coachUuid);
  if (!coach) throw forbidden();
  return coach;
}

export function isReceivedBy(store: Store, assessmentUuid: string, coachUuid: string): boolean {
  return store.scoGrants.some((grant) => grant.assessmentUuid === assessmentUuid && grant.toCoachUuid === coachUuid);
}

/** An assessment the session's coach owns; received ones are read-only (spec assessments-and-clients §4.7). */
export function ownAssessment<K extends OperationId>(ctx: Ctx<K>, assessmentUuid: string): AssessmentRecord {
  const coach = sessionCoach(ctx);
  const assessment = ctx.store.assessments.get(assessmentUuid);
  if (assessment && assessment.coachUUID === coach.uuid) return assessment;
  if (assessment && isReceivedBy(ctx.store, assessmentUuid, coach.uuid)) {
    throw badRequest('This assessment was given to you by another coach - you cannot change it.');
  }
  throw badRequest('Assessment not found.');
}

/** An assessment the session's coach owns or has received. */
export function visibleAssessment<K extends OperationId>(ctx: Ctx<K>, assessmentUuid: string): AssessmentRecord {
  const coach = sessionCoach(ctx);
  const assessment = ctx.store.assessments.get(assessmentUuid);
  if (assessment && (assessment.coachUUID === coach.uuid || isReceivedBy(ctx.store, assessmentUuid, coach.uuid))) return assessment;
  throw badRequest('Assessment not found.');
}

export function ownTeam<K extends OperationId>(ctx: Ctx<K>, teamUuid: string): TeamRecord {
  const coach = sessionCoach(ctx);
  const team = ctx.store.teams.get(teamUuid);
  if (team && team.coachUuid === coach.uuid) return team;
  if (team?.scoGivenTo.includes(coach.uuid)) {
    throw badRequest('This team has been given to you - you cannot edit it. You can only download the team reports.');
  }
  throw badRequest('Team not found.');
}

export function visibleTeam<K extends OperationId>(ctx: Ctx<K>, teamUuid: string): TeamRecord {
  const coach = sessionCoach(ctx);
  const team = ctx.store.teams.get(teamUuid);
  if (team && (team.coachUuid === coach.uuid || team.scoGivenTo.includes(coach.uuid))) return team;
  throw badRequest('Team not found.');
}
