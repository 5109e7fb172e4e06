// 'Leave A Message' (spec coach-shell §2.1, §5, §8): a category and a non-blank text, sent to the legacy
// leaveMessage; the spec's texts for an incomplete form and for a failed send.
import { noContent, type OperationHandler } from '../../operation.ts';
import { failed, ProblemError } from '../../problem.ts';
import { legacyFailure } from '../../upstream/legacy-client.ts';

export const FEEDBACK_INCOMPLETE = 'Please select a category and enter a message.';
export const FEEDBACK_FAILED = 'There was an unexpected error while sending the message. Please try again later.';

const CATEGORIES: ReadonlySet<unknown> = new Set(['featureRequest', 'bugReport', 'marketingLink', 'referBuddy', 'freeText']);

/** 400 feedback_incomplete: no category chosen or no text written (the dialog's one message for both). */
export function feedbackIncomplete(): ProblemError {
  return failed(400, 'feedback_incomplete', FEEDBACK_INCOMPLETE);
}

/**
 * The form check on a body the contract refused: a missing or unknown category, or a missing or blank text,
 * is the dialog's own message; anything else (e.g. a text over the limit) stays validation_failed.
 */
export function feedbackFormProblem(body: unknown): ProblemError | undefined {
  if (typeof body !== 'object' || body === null) return feedbackIncomplete();
  const { category, message } = body as Record<string, unknown>;
  if (!CATEGORIES.has(category)) return feedbackIncomplete();
  if (typeof message !== 'string' || message.trim() === '') return feedbackIncomplete();
  return undefined;
}

/** sendFeedback: the legacy API's failures (not a timeout, not an ended session) are the dialog's failure alert. */
export const sendFeedback: OperationHandler<'sendFeedback'> = async ({ body }, ctx) => {
  // The contract's pattern accepts any non-space character; the spec's "non-blank" is the trimmed text.
  if (body.message.trim() === '') throw feedbackIncomplete();
  let response: { ok: boolean; status: number };
  try {
    ({ response } = await ctx.legacy.POST('/api/v2/coaches/{coachId}/leaveMessage', {
      params: { path: { coachId: ctx.session.coachId } },
      body: { category: body.category, message: body.message },
    }));
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'upstream_error')
      throw Object.assign(feedbackFailed({ status: 502 }), { cause: error });
    throw error;
  }
  if (!response.ok) throw feedbackFailed(response);
  return noContent();
};

/** The dialog's failure alert: 400 when the legacy API refused the message (the user's), 502 when it failed. */
function feedbackFailed(response: { status: number }): ProblemError {
  return legacyFailure({ response }, 'feedback_failed', FEEDBACK_FAILED);
}
