// A team's members (spec coach-shell §2.7, §3 "Team member", §4, §5, §8): the legacy members list ↔ the
// contract's TeamMember, adding the picked assessments, the leader flag and comments, and removing members.
// Members of a team with a report requested or available never change (409 team_locked).
import type { components as Bff } from '../../../generated/bff.ts';
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions } from '../../batch/batch-run.ts';
import { type BatchResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { readMembers } from '../../domain/team-members.ts';
import { readTeams, unlockedTeamOf } from '../../domain/team-rows.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { failed, notFound, ProblemError, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { isLegacyRefusal, legacyErrorInfo, legacyFailure } from '../../upstream/legacy-client.ts';

type TeamMember = Bff['schemas']['TeamMember'];
type AddTeamMembersResult = Bff['schemas']['AddTeamMembersResult'];

// spec coach-shell §5, §8.
export const MEMBER_MESSAGES = {
  noneSelected: 'Select members to add to the team.',
  addFailed: 'Unexpected error while trying to add assessments to the team.',
  unknownMember: 'This assessment is not a member of the team.',
} as const;
/** How a selected id that is not a member is named in a failure. */
export const UNKNOWN_MEMBER_NAME = 'Unknown member';

/** spec coach-shell §4 "Team leaders": the members marked as leader. */
export const leaderCountOf = (members: readonly TeamMember[]): number => members.filter((member) => member.isTeamLeader).length;

/** An empty selection is the picker's own message (contract: addTeamMembers). */
export const noMembersSelected = () => failed(400, 'no_members_selected', MEMBER_MESSAGES.noneSelected);

/** addTeamMembers: one legacy call with the picked assessments; the answer counts those added and those already members. */
export async function addTeamMembers(
  { params: { teamId }, body }: OperationInput<'addTeamMembers'>,
  ctx: SessionContext,
): Promise<AddTeamMembersResult> {
  unlockedTeamOf(await readTeams(ctx), teamId);
  const ids = [...new Set(body.ids)];
  let answer: { added: number } | undefined;
  let response: { status: number };
  try {
    ({ data: answer, response } = await ctx.legacy.POST('/api/v3/teams/{teamId}/addMembers', {
      params: { path: { teamId } },
      body: { memberUUIDs: ids },
    }));
  } catch (error) {
    // spec §8 "exception": the dialog's own text for a failed call; a timeout and an ended session stay what they are.
    if (error instanceof ProblemError && error.code === 'upstream_error') throw Object.assign(addFailed({ status: 502 }), { cause: error });
    throw error;
  }
  if (!answer) throw addFailed(response);
  const added = Math.min(Math.max(answer.added, 0), ids.length);
  return { requested: ids.length, added, alreadyMembers: ids.length - added };
}

/** The dialog's exception text: 400 when the legacy API refused the call (the user's), 502 when it failed. */
const addFailed = (response: { status: number }) => legacyFailure({ response }, 'add_members_failed', MEMBER_MESSAGES.addFailed);

/** updateTeamMember: the leader flag (0/1) and the comments; answers the member as now stored. */
export async function updateTeamMember(
  { params: { teamId, memberId }, body }: OperationInput<'updateTeamMember'>,
  ctx: SessionContext,
): Promise<TeamMember> {
  unlockedTeamOf(await readTeams(ctx), teamId);
  const member = (await readMembers(ctx, teamId)).find((entry) => entry.id === memberId);
  if (!member) throw notFound();
  // The legacy call takes one field per call (its TeamMemberUpdate): the flag, then the comments.
  const changes: ({ isTeamLeader: number } | { memberComments: string })[] = [];
  if (body.isTeamLeader !== undefined) changes.push({ isTeamLeader: body.isTeamLeader ? 1 : 0 });
  if (body.memberComments !== undefined) changes.push({ memberComments: body.memberComments });
  for (const change of changes) {
    const answer = await ctx.legacy.PUT('/api/v2/teams/{teamId}/members/{memberId}', {
      params: { path: { teamId, memberId } },
      body: change,
    });
    if (!answer.response.ok) throw isLegacyRefusal(answer.response) ? legacyFailure(answer, 'member_update_failed') : upstreamError();
  }
  return {
    ...member,
    ...(body.isTeamLeader !== undefined && { isTeamLeader: body.isTeamLeader }),
    ...(body.memberComments !== undefined && { memberComments: body.memberComments }),
  };
}

/** removeTeamMembers: one legacy DELETE per member, reported by the member's name; ids not in the team fail as not_found. */
export async function removeTeamMembers(
  { params: { teamId }, body: { ids } }: OperationInput<'removeTeamMembers'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<BatchResult> {
  unlockedTeamOf(await readTeams(ctx), teamId);
  const members = new Map((await readMembers(ctx, teamId)).map((member) => [member.id, member]));
  const selection = ids.map((id) => ({ id, name: members.get(id)?.displayName ?? UNKNOWN_MEMBER_NAME, known: members.has(id) }));
  return runBatch(
    selection,
    async (item, signal) => {
      if (!item.known) throw new BatchItemError('not_found', MEMBER_MESSAGES.unknownMember);
      const { response, error } = await ctx.legacy.DELETE('/api/v2/teams/{teamId}/members/{memberId}', {
        params: { path: { teamId, memberId: item.id } },
        signal,
      });
      if (!response.ok) throw new BatchItemError('upstream_error', legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE);
    },
    { ...settings, ...batchOptions(run) },
  );
}
