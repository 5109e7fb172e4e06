// Secondary coach ownership of assessments (spec assessments-and-clients §2.3, §4.7, §5 "SCO", §8): Assign SCO gives
// the selection to the coach registered with an e-mail in one legacy call (all or nothing); Revoke SCO, the SCO
// Given view's only action, takes given assessments back in one legacy call. Received assessments are never passed on.
import type { components as Bff } from '../../../generated/bff.ts';
import type { BatchResult } from '../../batch/run-batch.ts';
import { refuseReceived } from '../../domain/assessment-batch-rules.ts';
import { readSelection } from '../../domain/assessment-selection.ts';
import { isScoEmail, isUnknownCoach, revokeFailed } from '../../domain/sco-rules.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { failed, ProblemError, problem, UNEXPECTED_MESSAGE } from '../../problem.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

type ScoAssignResult = Bff['schemas']['ScoAssignResult'];

export const INVALID_EMAIL = 'Please enter a valid email address.';
export const UNKNOWN_ASSESSMENT = 'Your selection includes assessments that are not yours.';
/** spec §5 "SCO": a missing, invalid or too long e-mail is the dialog's message. */
export const invalidEmail = () => failed(400, 'validation_failed', INVALID_EMAIL);
// The BFF's text: the view only lists given assessments, so this is a stale or hand-made selection.
export const NOT_GIVEN = 'Your selection includes assessments that you have not given to another coach.';

/** assignAssessmentSco: one `assignSCO` with the whole selection; the answer is all given, or a problem. */
export async function assignAssessmentSco({ body }: OperationInput<'assignAssessmentSco'>, ctx: SessionContext): Promise<ScoAssignResult> {
  const email = body.coachEmail.trim();
  if (!isScoEmail(email)) throw invalidEmail();
  const selection = await readSelection(ctx, body.ids);
  refuseReceived(selection);
  if (selection.some((item) => item.row === null)) throw failed(400, 'unknown_assessment', UNKNOWN_ASSESSMENT);
  const { data, error } = await ctx.legacy.POST('/api/v2/coaches/{coachId}/assignSCO', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { secondaryCoachEmailAddress: email, assessmentUUIDs: body.ids },
    signal: ctx.signal,
  });
  const info = legacyErrorInfo(error);
  if (isUnknownCoach(info)) throw failed(400, 'unknown_coach', info);
  if (!data) throw failed(400, 'sco_assign_failed', info ?? UNEXPECTED_MESSAGE);
  if (!data.success) throw failed(400, 'sco_assign_failed', data.message ?? UNEXPECTED_MESSAGE);
  const total = body.ids.length;
  return { total, succeeded: total, failed: [], notAttempted: 0, newlyGiven: data.countOfNewlyGivenSCOs ?? total, coachEmail: email };
}

/**
 * revokeAssessmentSco: one `revokeSCO` with a record per selected assessment and the coach it was given to (only
 * `coachId` when given); an assessment not given (to that coach) refuses the selection.
 */
export async function revokeAssessmentSco(
  { body: { ids, coachId } }: OperationInput<'revokeAssessmentSco'>,
  ctx: SessionContext,
): Promise<BatchResult> {
  const selection = await readSelection(ctx, ids);
  const records = selection.flatMap((item) =>
    (item.row?.scoGivenTo ?? [])
      .filter((coach) => coachId === undefined || coach.uuid === coachId)
      .map((coach) => ({ uuid: item.id, coachUUID: coach.uuid })),
  );
  const covered = new Set(records.map((record) => record.uuid));
  if (selection.some((item) => !covered.has(item.id))) throw problem(400, 'not_given', NOT_GIVEN, 'Failed');
  let answer: Awaited<ReturnType<typeof postRevoke>>;
  try {
    answer = await postRevoke(ctx, records);
  } catch (error) {
    // spec §8: every revoke failure reads "SCO revoking failed: {error}", a failed or late call too (its code and
    // status stay what they are); an ended session stays what it is.
    if (error instanceof ProblemError && (error.code === 'upstream_error' || error.code === 'upstream_timeout'))
      throw Object.assign(failed(error.statusCode, error.code, revokeFailed(error.detail)), { cause: error });
    throw error;
  }
  const { data, error } = answer;
  if (!data) throw failed(400, 'sco_revoke_failed', revokeFailed(legacyErrorInfo(error) ?? UNEXPECTED_MESSAGE));
  if (!data.success) throw failed(400, 'sco_revoke_failed', revokeFailed(data.error ?? UNEXPECTED_MESSAGE));
  return { total: ids.length, succeeded: ids.length, failed: [], notAttempted: 0 };
}

const postRevoke = (ctx: SessionContext, records: { uuid: string; coachUUID: string }[]) =>
  ctx.legacy.POST('/api/v2/coaches/{coachId}/revokeSCO', {
    params: { path: { coachId: ctx.session.coachId } },
    body: { records },
    signal: ctx.signal,
  });
