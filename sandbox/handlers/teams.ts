// Teams: list, add, edit, delete, duplicate, and giving teams to another coach (spec coach-shell §2.6, §4, §5, §7, §8).
import { legacyDateTime } from '../domain/dates.ts';
import { SCO_NOT_GIVEN, SCO_ONLY_GIVER_REVOKES, SCO_TO_SELF, SCO_UNKNOWN_COACH } from '../domain/sco.ts';
import { DUPLICATE_NEEDS_REPORT, TEAM_NAME_LOCKED, teamDeleteLocked } from '../domain/teams.ts';
import { checkScoEmail, checkTeamInput } from '../domain/validation.ts';
import type { TeamRecord } from '../state/model.ts';
import { coachByEmail } from '../state/store.ts';
import { teamMembersOf, teamView } from '../state/team-views.ts';
import { requireOwnCoach } from './access.ts';
import { badRequest, type Handlers } from './context.ts';
import { isLocked, ownTeamFor, TEAM_NOT_FOUND } from './teams-access.ts';

const newestFirst = (a: TeamRecord, b: TeamRecord) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

export const teamHandlers: Handlers = {
  listTeams: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const teams = [...ctx.store.teams.values()].filter((team) => team.coachUuid === coach.uuid || team.scoGivenTo.includes(coach.uuid));
    return teams.sort(newestFirst).map((team) => teamView(ctx.store, team, coach.uuid));
  },

  createTeam: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const problem = checkTeamInput(ctx.body);
    if (problem) throw badRequest(problem);
    const team: TeamRecord = {
      id: ctx.store.nextTeamId++,
      uuid: crypto.randomUUID(),
      coachUuid: coach.uuid,
      name: ctx.body.name.trim(),
      description: ctx.body.description,
      coach: ctx.body.coach.trim(),
      createdAt: legacyDateTime(new Date(ctx.clock.now())),
      reportRequested: null,
      reportDueDate: null,
      reportSuppliedAt: null,
      duplicatedSourceId: null,
      scoGivenTo: [],
      failedReport: false,
    };
    ctx.store.teams.set(team.uuid, team);
    return undefined;
  },

  updateTeam: (ctx) => {
    const team = ownTeamFor(ctx, ctx.params.teamId, 'edit');
    const problem = checkTeamInput(ctx.body);
    if (problem) throw badRequest(problem);
    // spec coach-shell §4, §5: the name is fixed once a report is requested or available.
    if (isLocked(team) && ctx.body.name.trim() !== team.name) throw badRequest(TEAM_NAME_LOCKED);
    team.name = ctx.body.name.trim();
    team.description = ctx.body.description;
    team.coach = ctx.body.coach.trim();
    return undefined;
  },

  deleteTeam: (ctx) => {
    const team = ownTeamFor(ctx, ctx.params.teamId, 'edit');
    if (isLocked(team)) throw badRequest(teamDeleteLocked(team.name));
    ctx.store.teams.delete(team.uuid);
    ctx.store.teamMembers = ctx.store.teamMembers.filter((member) => member.teamUuid !== team.uuid);
    return undefined;
  },

  duplicateTeam: (ctx) => {
    const source = ownTeamFor(ctx, ctx.params.teamId, 'duplicate');
    // spec coach-shell §4: duplicating is allowed only once a report has been requested or is available.
    if (!isLocked(source)) throw badRequest(DUPLICATE_NEEDS_REPORT);
    const problem = checkTeamInput({ name: ctx.body.newTeamName, description: source.description, coach: source.coach });
    if (problem) throw badRequest(problem);
    const copy: TeamRecord = {
      ...source,
      id: ctx.store.nextTeamId++,
      uuid: crypto.randomUUID(),
      name: ctx.body.newTeamName.trim(),
      createdAt: legacyDateTime(new Date(ctx.clock.now())),
      reportRequested: null,
      reportDueDate: null,
      reportSuppliedAt: null,
      duplicatedSourceId: source.id,
      scoGivenTo: [],
      failedReport: false,
    };
    ctx.store.teams.set(copy.uuid, copy);
    for (const member of teamMembersOf(ctx.store, source.uuid)) ctx.store.teamMembers.push({ ...member, teamUuid: copy.uuid });
    return undefined;
  },

  assignTeamSco: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    const email = ctx.body.secondaryCoachEmailAddress;
    const emailProblem = checkScoEmail(email);
    if (emailProblem) throw badRequest(emailProblem);
    const target = coachByEmail(ctx.store, email);
    if (!target || target.isAdmin) throw badRequest(SCO_UNKNOWN_COACH);
    if (target.uuid === coach.uuid) throw badRequest(SCO_TO_SELF);
    const teams = ctx.body.teamUUIDs.map((uuid) => ownTeamFor(ctx, uuid, 'edit'));
    for (const team of teams) if (!team.scoGivenTo.includes(target.uuid)) team.scoGivenTo.push(target.uuid);
    return { success: true };
  },

  revokeTeamSco: (ctx) => {
    const coach = requireOwnCoach(ctx, ctx.params.coachId);
    // Checked first, changed after: a failing record leaves every team as it was.
    for (const record of ctx.body.records) {
      const team = ctx.store.teams.get(record.uuid);
      if (!team) return { success: false, error: TEAM_NOT_FOUND };
      if (team.coachUuid !== coach.uuid) return { success: false, error: SCO_ONLY_GIVER_REVOKES };
      if (!team.scoGivenTo.includes(record.coachUUID)) return { success: false, error: SCO_NOT_GIVEN };
    }
    for (const record of ctx.body.records) {
      const team = ctx.store.teams.get(record.uuid);
      if (team) team.scoGivenTo = team.scoGivenTo.filter((uuid) => uuid !== record.coachUUID);
    }
    return { success: true };
  },
};
