// Secondary coach ownership of teams (spec coach-shell §2.6, §4 "SCO", §5 "SCO e-mail", §8): Assign SCO gives
// the selected teams to the coach registered with an e-mail (one legacy call, all or nothing); Revoke takes
// them back, one legacy call per receiving coach, reported per team. Received teams cannot be passed on.
import { BatchItemError, type ItemReason } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions } from '../../batch/batch-run.ts';
import { type BatchResult, batchCut, cutResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { isScoEmail, isUnknownCoach, revokeFailed } from '../../domain/sco-rules.ts';
import { isReceived, readTeams, TEAM_MESSAGES, teamOf } from '../../domain/team-rows.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { failed, UNEXPECTED_MESSAGE, upstreamError } from '../../problem.ts';
import { isLegacyRefusal, legacyErrorInfo } from '../../upstream/legacy-client.ts';
import { UNKNOWN_TEAM_NAME } from './team-service.ts';

// spec coach-shell §5, §8.
export const SCO_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  notGiven: 'the team was not given to that coach',
  unknownTeam: 'The page or record could not be found.',
} as const;
export const invalidScoEmail = () => failed(400, 'invalid_email', SCO_MESSAGES.invalidEmail);

/** assignTeamSco: one `assignTeamSCO` with every selected team; the answer is all succeeded, or a problem. */
export async function assignTeamSco({ body }: OperationInput<'assignTeamSco'>, ctx: SessionContext): Promise<BatchResult> {
  const email = body.coachEmail.trim();
  if (!isScoEmail(email)) throw invalidScoEmail();
  const list = await readTeams(ctx);
  const teams = body.ids.map((id) => teamOf(list, id));
  if (teams.some(isReceived)) throw failed(409, 'selection_includes_received', TEAM_MESSAGES.receivedSelection);
  const { data, error, response } = await ctx.legacy.POST('/api/v2/coaches/{coachId}/assignTeamSCO', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { secondaryCoachEmailAddress: email, teamUUIDs: body.ids },
  });
  const info = legacyErrorInfo(error);
  if (isUnknownCoach(info)) throw failed(400, 'sco_coach_unknown', info);
  if (!data && !isLegacyRefusal(response)) throw upstreamError();
  // A refusal (a legacy 4xx, or `success` false) is the user's: 400 with its text, never a 5xx.
  if (!data?.success) throw failed(400, 'sco_assign_failed', info ?? UNEXPECTED_MESSAGE);
  return { total: teams.length, succeeded: teams.length, failed: [], notAttempted: 0 };
}

interface RevokedTeam {
  id: string;
  name: string;
  /** The receiving coaches to take it back from; empty when it fails before any call. */
  coaches: string[];
  refusal?: ItemReason;
}

/**
 * revokeTeamSco: each selected team is taken back from the coaches it was given to (only `coachId` when given),
 * one legacy call per receiving coach with every team given to that coach; a team fails when one of its calls
 * failed, and is not attempted when one of them was not. A session that ends midway answers 401 with the
 * per-team result.
 */
export async function revokeTeamSco(
  { body: { ids, coachId } }: OperationInput<'revokeTeamSco'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<BatchResult> {
  const list = await readTeams(ctx);
  const selection: RevokedTeam[] = ids.map((id) => {
    const team = list.byId.get(id);
    if (!team) return { id, name: UNKNOWN_TEAM_NAME, coaches: [], refusal: { code: 'not_found', message: SCO_MESSAGES.unknownTeam } };
    // A received team lists no coaches it was given to: only the granting coach can revoke (spec §4).
    const given = isReceived(team) ? [] : team.scoGivenTo.map((coach) => coach.uuid);
    const coaches = coachId === undefined ? given : given.filter((uuid) => uuid === coachId);
    if (coaches.length === 0)
      return { id, name: team.name, coaches, refusal: { code: 'sco_not_given', message: revokeFailed(SCO_MESSAGES.notGiven) } };
    return { id, name: team.name, coaches };
  });
  const byCoach = new Map<string, string[]>();
  for (const team of selection) for (const coach of team.coaches) byCoach.set(coach, [...(byCoach.get(coach) ?? []), team.id]);
  const calls = [...byCoach].map(([coach, teamIds]) => ({ id: coach, name: coach, teamIds }));

  let perCoach: BatchResult;
  let cut = false;
  try {
    perCoach = await runBatch(
      calls,
      async (call, signal) => {
        const { data, error } = await ctx.legacy.POST('/api/v2/coaches/{coachId}/revokeTeamSCO', {
          params: { path: { coachId: ctx.session.coachId } },
          body: { records: call.teamIds.map((uuid) => ({ uuid, coachUUID: call.id })) },
          signal,
        });
        if (!data) throw new BatchItemError('sco_revoke_failed', revokeFailed(legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE));
        if (!data.success) throw new BatchItemError('sco_revoke_failed', revokeFailed(data.error ?? UNEXPECTED_MESSAGE));
      },
      { ...settings, ...batchOptions(run), failureMessage: (_call, reason) => failureText(reason) },
    );
  } catch (error) {
    const partial = cutResult(error);
    if (!partial) throw error;
    perCoach = partial;
    cut = true;
  }
  const result = perTeam(selection, perCoach);
  if (cut) throw batchCut(result);
  return result;
}

/** A call's failure as the teams in it report it: the legacy refusal as is, anything else prefixed as the spec writes it. */
const failureText = (reason: ItemReason): string => (reason.code === 'sco_revoke_failed' ? reason.message : revokeFailed(reason.message));

/** The per-coach outcome of the calls as the per-team result the contract answers (selection order). */
function perTeam(selection: readonly RevokedTeam[], perCoach: BatchResult): BatchResult {
  const failedCalls = new Map(perCoach.failed.map((failure) => [failure.id, failure]));
  const notAttemptedCalls = new Set(perCoach.notAttemptedIds ?? []);
  const result: BatchResult = { total: selection.length, succeeded: 0, failed: [], notAttempted: 0 };
  const notAttemptedIds: string[] = [];
  for (const team of selection) {
    const failure = team.refusal ?? team.coaches.map((coach) => failedCalls.get(coach)).find((entry) => entry !== undefined);
    if (failure) result.failed.push({ id: team.id, name: team.name, code: failure.code, message: failure.message });
    else if (team.coaches.some((coach) => notAttemptedCalls.has(coach))) notAttemptedIds.push(team.id);
    else result.succeeded++;
  }
  result.notAttempted = notAttemptedIds.length;
  return notAttemptedIds.length > 0 ? { ...result, notAttemptedIds } : result;
}
