// Teams and the team report page (contract tag `teams`): the table, add / edit / delete / duplicate, SCO, the
// members, the report request and the downloads.

import { aboutCoachEmail } from '../../domain/sco-rules.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
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

export const teamsRoutes: TagRoutes = (_app, { batch }) => ({
  listTeams,
  createTeam: { invalid: { form: newTeamFormProblem }, handler: createTeam },
  updateTeam: { invalid: { form: teamUpdateFormProblem }, handler: updateTeam },
  deleteTeams: { idempotent: true, handler: (input, ctx) => deleteTeams(input, ctx, batch) },
  duplicateTeam,
  assignTeamSco: { invalid: { rules: [{ when: aboutCoachEmail, answer: invalidScoEmail }] }, idempotent: true, handler: assignTeamSco },
  revokeTeamSco: { idempotent: true, handler: (input, ctx) => revokeTeamSco(input, ctx, batch) },
  getTeam,
  addTeamMembers: { invalid: { form: noMembersProblem }, idempotent: true, handler: addTeamMembers },
  removeTeamMembers: { idempotent: true, handler: (input, ctx) => removeTeamMembers(input, ctx, batch) },
  updateTeamMember,
  requestTeamReport,
  cancelTeamReportRequest,
  downloadTeamSummary,
  downloadTeamReport,
});
