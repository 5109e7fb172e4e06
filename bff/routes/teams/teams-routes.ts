// Teams and the team report page (contract tag `teams`): the table, add / edit / delete / duplicate, SCO, the
// members, the report request and the downloads.

import { aboutCoachEmail } from '../../domain/sco-rules.ts';
import type { SessionContext } from '../../operation.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { changesOnly, TEAMS_LIST } from '../../snapshots/team-pair-snapshots.ts';
import { addTeamMembers, noMembersSelected, removeTeamMembers, updateTeamMember } from './team-members-service.ts';
import { cancelTeamReportRequest, downloadTeamReport, downloadTeamSummary, requestTeamReport } from './team-reports-service.ts';
import { assignTeamSco, invalidScoEmail, revokeTeamSco } from './team-sco-service.ts';
import { createTeam, deleteTeams, duplicateTeam, getTeam, newTeamFormProblem, teamUpdateFormProblem, updateTeam } from './team-service.ts';
import { listTeams } from './teams-list-service.ts';

/** No ids, or an empty list, is the picker's own message (spec coach-shell §5); anything else the contract's. */
function noMembersProblem(body: unknown) {
  const ids = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).ids : undefined;
  return ids === undefined || (Array.isArray(ids) && ids.length === 0) ? noMembersSelected() : undefined;
}

export const teamsRoutes: TagRoutes = ({ snapshots }, { batch }) => {
  // What changes a team changes the teams copy the palette searches (snapshots/team-pair-snapshots.ts) and no other:
  // `changesLists` with only that copy dropped, so the assessments copy is not read again for it.
  const teamsChange = <T>(ctx: SessionContext, run: () => Promise<T>): Promise<T> => {
    changesOnly(snapshots.changeOf(ctx), TEAMS_LIST);
    return run();
  };
  return {
    listTeams,
    createTeam: {
      invalid: { form: newTeamFormProblem },
      idempotentCreate: true,
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => createTeam(input, ctx)),
    },
    updateTeam: {
      invalid: { form: teamUpdateFormProblem },
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => updateTeam(input, ctx)),
    },
    deleteTeams: { idempotent: true, changesLists: true, handler: (input, ctx) => teamsChange(ctx, () => deleteTeams(input, ctx, batch)) },
    duplicateTeam: {
      idempotentCreate: true,
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => duplicateTeam(input, ctx)),
    },
    assignTeamSco: {
      invalid: { rules: [{ when: aboutCoachEmail, answer: invalidScoEmail }] },
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => assignTeamSco(input, ctx)),
    },
    revokeTeamSco: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => revokeTeamSco(input, ctx, batch)),
    },
    getTeam,
    addTeamMembers: {
      invalid: { form: noMembersProblem },
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => addTeamMembers(input, ctx)),
    },
    removeTeamMembers: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => removeTeamMembers(input, ctx, batch)),
    },
    // A leader flag and a comment are not in the teams list.
    updateTeamMember,
    requestTeamReport: {
      idempotentCreate: true,
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => requestTeamReport(input, ctx)),
    },
    cancelTeamReportRequest: {
      changesLists: true,
      handler: (input, ctx) => teamsChange(ctx, () => cancelTeamReportRequest(input, ctx)),
    },
    downloadTeamSummary,
    downloadTeamReport,
  };
};
