// Which teams a coach may touch: their own; a team received through SCO only for its report downloads (spec coach-shell §4).
import { receivedTeamRefused } from '../domain/teams.ts';
import type { TeamRecord } from '../state/model.ts';
import { sessionCoach } from './access.ts';
import { badRequest, type Ctx, type OperationId } from './context.ts';

export const TEAM_NOT_FOUND = 'Team not found.';

/** The session coach's own team; a received one is refused with the spec's text for `action`. */
export function ownTeamFor<K extends OperationId>(ctx: Ctx<K>, teamUuid: string, action: 'view' | 'edit' | 'duplicate'): TeamRecord {
  const coach = sessionCoach(ctx);
  const team = ctx.store.teams.get(teamUuid);
  if (team && team.coachUuid === coach.uuid) return team;
  if (team?.scoGivenTo.includes(coach.uuid)) throw badRequest(receivedTeamRefused(action));
  throw badRequest(TEAM_NOT_FOUND);
}

/** Own or received: enough to download the team's report. */
export function downloadableTeam<K extends OperationId>(ctx: Ctx<K>, teamUuid: string): TeamRecord {
  const coach = sessionCoach(ctx);
  const team = ctx.store.teams.get(teamUuid);
  if (team && (team.coachUuid === coach.uuid || team.scoGivenTo.includes(coach.uuid))) return team;
  throw badRequest(TEAM_NOT_FOUND);
}

export const isLocked = (team: TeamRecord): boolean => team.reportRequested !== null || team.reportSuppliedAt !== null;
