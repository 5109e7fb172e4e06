import { BatchResultMessage } from '../../../components/batch-result.tsx';
import type { MessageTitle } from '../../../components/ui/message-dialog.tsx';
import { problemMessage } from '../../../lib/problem.ts';
import type { AssessmentRow } from '../api/list-assessments.ts';
import type { ActionMessage, BatchResult } from './action-props.ts';

/** spec assessments-and-clients §5: received (SCO) assessments can't be edited, deleted, wrapped or re-assigned. */
export const RECEIVED_REFUSAL =
  'Your selection includes assessments that were given to you by another coach. Please amend your selection and try again.';

/** The Failed alert of a refused selection or a failed call (the problem's `detail` is the spec's text). */
export const failedMessage = (failure: unknown): ActionMessage => ({
  title: 'Failed',
  body: <p>{typeof failure === 'string' ? failure : problemMessage(failure)}</p>,
});

/** The refusal of a selection holding received assessments, or null. */
export const receivedRefusal = (rows: readonly AssessmentRow[]): ActionMessage | null =>
  rows.some((row) => row.receivedFromAnotherCoach) ? failedMessage(RECEIVED_REFUSAL) : null;

/**
 * A batch's alert, built from the BFF's result: titled Success when all were done, `partial` when some were (a
 * delete's own title, spec coach-shell §8), Failed when none; each failed item by name.
 */
export const batchMessage = (result: BatchResult, summary: string, partial: MessageTitle = 'Please Note'): ActionMessage => ({
  title: result.succeeded === result.total ? 'Success' : result.succeeded > 0 ? partial : 'Failed',
  body: <BatchResultMessage summary={summary} result={result} />,
});

/** One key per confirmed action (web/README.md "batch action"): a repeat of it repeats nothing done. */
export const idempotencyKey = () => ({ header: { 'Idempotency-Key': crypto.randomUUID() } });

/** Runs an action without a dialog once, when it mounts. */
export { useRunOnMount } from '../../../lib/use-run-on-mount.ts';
