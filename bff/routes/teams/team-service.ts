// One team (spec coach-shell §2.6, §2.7, §4, §5, §8): Add Team, Edit, Delete, Duplicate Team and the team
// report page. Received teams cannot be viewed, edited or duplicated; a team with a report requested or
// available keeps its name, cannot be deleted, and is the only kind that can be duplicated.
import type { components as Bff } from '../../../generated/bff.ts';
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions } from '../../batch/batch-run.ts';
import { type BatchResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { readMembers } from '../../domain/team-members.ts';
import {
  isLocked,
  isReceived,
  type LegacyTeam,
  ownTeamOf,
  readTeams,
  reportStateOf,
  TEAM_MESSAGES,
  type TeamList,
  type TeamRow,
  teamDeleteLocked,
  teamRowOf,
} from '../../domain/team-rows.ts';
import { created, type HttpAnswer, type OperationInput, type SessionContext } from '../../operation.ts';
import { failed, ProblemError, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { isLegacyRefusal, legacyErrorInfo, legacyFailure } from '../../upstream/legacy-client.ts';
import { leaderCountOf } from './team-members-service.ts';
import { allowedReportTypes, DUE_DATE_MAX, dueDateMin } from './team-reports-service.ts';

type TeamDetail = Bff['schemas']['TeamDetail'];
/** How a selected id that is not one of the coach's teams is named in a failure. */
export const UNKNOWN_TEAM_NAME = 'Unknown team';
const UNKNOWN_TEAM = 'The page or record could not be found.';

export const teamFieldsRequired = () => failed(400, 'team_fields_required', TEAM_MESSAGES.fieldsRequired);

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/**
 * The Add Team form's check on a body the contract refused (spec §5): a missing or blank name or project is
 * the dialog's own message; a field of the wrong type or over 250 characters stays validation_failed.
 */
export function newTeamFormProblem(body: unknown): ProblemError | undefined {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { name, project } = fields;
  if ([name, project].some((value) => value !== undefined && typeof value !== 'string')) return undefined;
  return blank(name) || blank(project) ? teamFieldsRequired() : undefined;
}

/** The Edit Team form's check: a name or project sent blank is the dialog's message; fields not sent stay. */
export function teamUpdateFormProblem(body: unknown): ProblemError | undefined {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  return ['name', 'project'].some((field) => typeof fields[field] === 'string' && (fields[field] as string).trim() === '')
    ? teamFieldsRequired()
    : undefined;
}

/** A create or edit the legacy API refused: 'Failed' with its `error.info` (spec §8), a 400; anything else a 502. */
const updateFailed = (answer: { response: { status: number }; error?: unknown }) =>
  isLegacyRefusal(answer.response) ? legacyFailure(answer, 'team_update_failed') : upstreamError();

/** The newest own team matching `match` in a fresh read of the list (the legacy creating calls answer no team). */
async function findNewTeam(ctx: SessionContext, match: (team: LegacyTeam) => boolean): Promise<{ team: LegacyTeam; list: TeamList }> {
  const list = await readTeams(ctx);
  const team = list.teams.filter((entry) => !isReceived(entry) && match(entry)).sort((a, b) => b.id - a.id)[0];
  if (!team) {
    ctx.log.error('the new team is not in the list read after creating it');
    throw upstreamError();
  }
  return { team, list };
}

/** createTeam: `POST api/v2/coaches/{id}/teams`, then the new team as the list now shows it. */
export async function createTeam({ body }: OperationInput<'createTeam'>, ctx: SessionContext): Promise<HttpAnswer<TeamRow>> {
  const name = body.name.trim();
  const project = body.project.trim();
  if (!name || !project) throw teamFieldsRequired();
  const description = body.description ?? '';
  const answer = await ctx.legacy.POST('/api/v2/coaches/{coachId}/teams', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { name, description, coach: project },
  });
  if (!answer.response.ok) throw updateFailed(answer);
  const { team, list } = await findNewTeam(
    ctx,
    (entry) => entry.name === name && entry.coach === project && (entry.description ?? '') === description && entry.memberCount === 0,
  );
  return created(teamRowOf(ctx, team, list));
}

/** updateTeam: the legacy PUT takes every field, so those not sent keep the team's current values. */
export async function updateTeam({ params: { teamId }, body }: OperationInput<'updateTeam'>, ctx: SessionContext): Promise<TeamRow> {
  if (teamUpdateFormProblem(body)) throw teamFieldsRequired();
  const list = await readTeams(ctx);
  const team = ownTeamOf(list, teamId, 'edit');
  const name = body.name?.trim() ?? team.name;
  const project = body.project?.trim() ?? team.coach;
  const description = body.description ?? team.description ?? '';
  // spec §4, §5: the name is fixed once a report is requested or available.
  if (name !== team.name && isLocked(team)) throw failed(409, 'team_name_locked', TEAM_MESSAGES.nameLocked);
  const answer = await ctx.legacy.PUT('/api/v2/teams/{teamId}', {
    params: { path: { teamId } },
    body: { name, description, coach: project },
  });
  if (!answer.response.ok) throw updateFailed(answer);
  return teamRowOf(ctx, { ...team, name, description, coach: project }, list);
}

/** deleteTeams: a selection with a received team is refused as a whole; a locked team fails with the spec's text. */
export async function deleteTeams(
  { body: { ids } }: OperationInput<'deleteTeams'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<BatchResult> {
  const list = await readTeams(ctx);
  const selection = ids.map((id) => ({ id, team: list.byId.get(id), name: list.byId.get(id)?.name ?? UNKNOWN_TEAM_NAME }));
  if (selection.some((item) => item.team && isReceived(item.team))) {
    throw failed(409, 'selection_includes_received', TEAM_MESSAGES.receivedSelection);
  }
  return runBatch(
    selection,
    async ({ id, team }, signal) => {
      if (!team) throw new BatchItemError('not_found', UNKNOWN_TEAM);
      // spec §8 (the list was read just now; the legacy API refuses it too, with the same text).
      if (isLocked(team)) throw new BatchItemError('team_report_locked', teamDeleteLocked(team.name));
      const { response, error } = await ctx.legacy.DELETE('/api/v2/teams/{teamId}', { params: { path: { teamId: id } }, signal });
      if (response.ok) return;
      const info = legacyErrorInfo(error);
      if (info === teamDeleteLocked(team.name)) throw new BatchItemError('team_report_locked', info);
      throw new BatchItemError('upstream_error', info ?? UNEXPECTED_MESSAGE);
    },
    { ...settings, ...batchOptions(run) },
  );
}

/** duplicateTeam: only once a report is requested or available; the name defaults to the suggested one. */
export async function duplicateTeam(
  { params: { teamId }, body }: OperationInput<'duplicateTeam'>,
  ctx: SessionContext,
): Promise<HttpAnswer<TeamRow>> {
  const list = await readTeams(ctx);
  const source = ownTeamOf(list, teamId, 'duplicate');
  if (!isLocked(source)) throw failed(409, 'team_report_not_requested', TEAM_MESSAGES.duplicateNeedsReport);
  const now = Date.now();
  const newTeamName = body.name?.trim() || (teamRowOf(ctx, source, list, now).suggestedDuplicateName as string);
  let response: Response;
  try {
    ({ response } = await ctx.legacy.POST('/api/v2/teams/{teamId}/duplicate', { params: { path: { teamId } }, body: { newTeamName } }));
  } catch (error) {
    // spec §8: any failure of the call is 'Duplicate team failed.'; a timeout and an ended session stay what they are.
    if (error instanceof ProblemError && error.code === 'upstream_error')
      throw Object.assign(duplicateFailed({ status: 502 }), { cause: error });
    throw error;
  }
  if (!response.ok) throw duplicateFailed(response);
  const { team, list: after } = await findNewTeam(ctx, (entry) => entry.duplicatedSourceId === source.id && entry.name === newTeamName);
  return created(teamRowOf(ctx, team, after, now));
}

/** 'Duplicate team failed.': 400 when the legacy API refused it (the user's), 502 when it failed. */
const duplicateFailed = (response: { status: number }) => legacyFailure({ response }, 'duplicate_failed', TEAM_MESSAGES.duplicateFailed);

/** getTeam: the team page from the list, the members and the charge information, with what its buttons may do. */
export async function getTeam({ params: { teamId } }: OperationInput<'getTeam'>, ctx: SessionContext): Promise<TeamDetail> {
  const list = await readTeams(ctx);
  const team = ownTeamOf(list, teamId, 'view');
  const [members, charge] = await Promise.all([
    readMembers(ctx, teamId),
    ctx.legacy.GET('/api/v2/teams/{teamId}/teamReportChargeInfo', { params: { path: { teamId } } }).then(({ data }) => {
      if (!data) throw upstreamError();
      return data;
    }),
  ]);
  const state = reportStateOf(team);
  const now = Date.now();
  return {
    team: teamRowOf(ctx, team, list, now),
    members,
    leaderCount: leaderCountOf(members),
    membersLocked: state !== 'notRequested',
    canRequestReport: state === 'notRequested',
    canCancelReport: state === 'requested',
    allowedReportTypes: allowedReportTypes(ctx.session),
    dueDateMin: dueDateMin(now),
    dueDateMax: DUE_DATE_MAX,
    charge: { message: charge.message, isFreeOfCharge: charge.isFreeOfCharge },
  };
}
