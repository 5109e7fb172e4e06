// Team members: list, add from the coach's own and received assessments, leader and comments, remove
// (spec coach-shell §2.7, §4, §5, §8; assessments-and-clients §4.8, §5 "Add to team").
import { ADD_MEMBERS_LOCKED, addMembers, TEAM_MEMBERSHIP_LOCKED } from '../domain/teams.ts';
import { checkMemberComments } from '../domain/validation.ts';
import type { TeamMemberRecord } from '../state/model.ts';
import { teamMembersOf, teamMemberView } from '../state/team-views.ts';
import { visibleAssessment } from './access.ts';
import { badRequest, type Ctx, type Handlers } from './context.ts';
import { isLocked, ownTeamFor } from './teams-access.ts';

const MEMBER_NOT_FOUND = 'This assessment is not a member of the team.';

function changeMember(ctx: Ctx<'updateTeamMember'> | Ctx<'replaceTeamMember'>): undefined {
  const team = ownTeamFor(ctx, ctx.params.teamId, 'edit');
  if (isLocked(team)) throw badRequest(TEAM_MEMBERSHIP_LOCKED);
  const member = findMember(teamMembersOf(ctx.store, team.uuid), ctx.params.memberId);
  const { isTeamLeader, memberComments } = ctx.body;
  if (memberComments !== undefined) {
    const problem = checkMemberComments(memberComments);
    if (problem) throw badRequest(problem);
    member.memberComments = memberComments === '' ? null : memberComments;
  }
  if (isTeamLeader !== undefined) member.isTeamLeader = isTeamLeader === 1 ? 1 : 0;
  return undefined;
}

function findMember(members: TeamMemberRecord[], assessmentUuid: string): TeamMemberRecord {
  const member = members.find((entry) => entry.assessmentUuid === assessmentUuid);
  if (!member) throw badRequest(MEMBER_NOT_FOUND);
  return member;
}

export const teamMemberHandlers: Handlers = {
  listTeamMembers: (ctx) => {
    const team = ownTeamFor(ctx, ctx.params.teamId, 'view');
    return teamMembersOf(ctx.store, team.uuid).flatMap((member) => teamMemberView(ctx.store, member) ?? []);
  },

  addTeamMembers: (ctx) => {
    const team = ownTeamFor(ctx, ctx.params.teamId, 'edit');
    if (isLocked(team)) throw badRequest(ADD_MEMBERS_LOCKED);
    // The picker offers the coach's own and received assessments (spec coach-shell §2.7).
    const requested = ctx.body.memberUUIDs.map((uuid) => visibleAssessment(ctx, uuid).uuid);
    const current = teamMembersOf(ctx.store, team.uuid).map((member) => member.assessmentUuid);
    const { added } = addMembers(current, requested);
    for (const assessmentUuid of added) {
      ctx.store.teamMembers.push({ teamUuid: team.uuid, assessmentUuid, isTeamLeader: 0, memberComments: null });
    }
    return { added: added.length };
  },

  updateTeamMember: changeMember,
  replaceTeamMember: changeMember,

  removeTeamMember: (ctx) => {
    const team = ownTeamFor(ctx, ctx.params.teamId, 'edit');
    if (isLocked(team)) throw badRequest(TEAM_MEMBERSHIP_LOCKED);
    const member = findMember(teamMembersOf(ctx.store, team.uuid), ctx.params.memberId);
    ctx.store.teamMembers = ctx.store.teamMembers.filter((entry) => entry !== member);
    return undefined;
  },
};
