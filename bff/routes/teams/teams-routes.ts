// Teams and the team report page (contract tag `teams`): the table, add / edit / delete / duplicate, SCO, the
// members, the report request and the downloads.

import { type BatchRun, listChange, runOf } from '../../batch/batch-run.ts';
import { aboutCoachEmail } from '../../domain/sco-rules.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { changesOnly, TEAMS_LIST } from '../../snapshots/team-pair-snapshots.ts';
import { addTeamMembers, noMembersSelected, removeTeamMembers, updateTeamMember } from './team-members-service.ts';
import { cancelTeamReportRequest, downloadTeamReport, downloadTeamSummary, requestTeamReport } from './team-reports-service.ts';
import { assignTeamSco, invalidScoEmail, revokeTeamSco } from './team-sco-service.ts';
import { createTeam, deleteTeams, duplicateTeam, getTeam, newTeamFormProblem, teamUpdateFormProblem, updateTeam } from './team-service.ts';
import { exportTeams } from './teams-export-service.ts';
import { listTeams } from './teams-list-service.ts';

/** No ids, or an empty list, is the picker's own message (spec coach-shell §5); anything else the contract's. */
function noMembersProblem(body: unknown) {
  const ids = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).ids : undefined;
  return ids === undefined || (Array.isArray(ids) && ids.length === 0) ? noMembersSelected() : undefined;
}

export const teamsRoutes: TagRoutes = ({ snapshots }, { batch }) => {
  // What changes a team changes the teams copy the palette searches (snapshots/team-pair-snapshots.ts) and no other:
  // `changesLists` with only that copy dropped, so the assessments copy is not read again for it.
  const teamsChange = <T>(run: BatchRun | undefined, action: (run: BatchRun) => Promise<T>): Promise<T> => {
    changesOnly(listChange(run), TEAMS_LIST);
    return action(runOf(run));
  };
  return {
    listTeams,
    exportTeams: (input, ctx) => exportTeams(input, ctx, snapshots),
    createTeam: {
      invalid: { form: newTeamFormProblem },
      idempotentCreate: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, () => createTeam(input, ctx)),
    },
    updateTeam: {
      invalid: { form: teamUpdateFormProblem },
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, () => updateTeam(input, ctx)),
    },
    deleteTeams: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, (run) => deleteTeams(input, ctx, batch, run)),
    },
    duplicateTeam: {
      idempotentCreate: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, () => duplicateTeam(input, ctx)),
    },
    assignTeamSco: {
      invalid: { rules: [{ when: aboutCoachEmail, answer: invalidScoEmail }] },
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, () => assignTeamSco(input, ctx)),
    },
    revokeTeamSco: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, (run) => revokeTeamSco(input, ctx, batch, run)),
    },
    getTeam,
    addTeamMembers: {
      invalid: { form: noMembersProblem },
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, () => addTeamMembers(input, ctx)),
    },
    removeTeamMembers: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, (run) => removeTeamMembers(input, ctx, batch, run)),
    },
    // A leader flag and a comment are not in the teams list.
    updateTeamMember,
    requestTeamReport: {
      idempotentCreate: true,
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, () => requestTeamReport(input, ctx)),
    },
    cancelTeamReportRequest: {
      changesLists: true,
      handler: (input, ctx, run) => teamsChange(run, () => cancelTeamReportRequest(input, ctx)),
    },
    downloadTeamSummary,
    downloadTeamReport,
  };
};
