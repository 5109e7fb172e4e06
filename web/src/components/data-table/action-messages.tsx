import type { components } from '../../../../generated/bff.ts';
import { problemMessage } from '../../lib/problem.ts';
import { BatchResultMessage } from '../batch-result.tsx';
import type { MessageTitle } from '../ui/message-dialog.tsx';
import { showToast } from '../ui/toast.tsx';
import type { ActionMessage } from './table-actions.ts';

// The alerts table actions end with; imported by the actions only, so they load with the first action.

export type BatchResult = components['schemas']['BatchResult'];

/** An alert of one line of the spec's text: 'Please Note' unless titled otherwise. */
export const noteMessage = (text: string, title: MessageTitle = 'Please Note'): ActionMessage => ({ title, body: <p>{text}</p> });

/** The Failed alert of a refused selection or a failed call (the problem's `detail` is the spec's text). */
export const failedMessage = (failure: unknown): ActionMessage =>
  noteMessage(typeof failure === 'string' ? failure : problemMessage(failure), 'Failed');

/**
 * A batch's alert, built from the BFF's result: titled Success when all were done, `partial` when some were (a
 * delete's own title, spec coach-shell §8), Failed when none; each failed item by name.
 */
export const batchMessage = (result: BatchResult, summary: string, partial: MessageTitle = 'Please Note'): ActionMessage => ({
  title: result.succeeded === result.total ? 'Success' : result.succeeded > 0 ? partial : 'Failed',
  body: <BatchResultMessage summary={summary} result={result} />,
});

/** A batch that tells a full success in a toast (the Teams and Pairs deletes, spec coach-shell §8), else its alert. */
export function toastOrBatchMessage(
  result: BatchResult,
  summary: string,
  partial: MessageTitle,
  toastMs: number,
): ActionMessage | undefined {
  if (result.succeeded < result.total) return batchMessage(result, summary, partial);
  showToast(summary, 'success', toastMs);
  return undefined;
}
