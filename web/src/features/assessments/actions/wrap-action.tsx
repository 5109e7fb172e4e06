import { useSetAssessmentsWrapped } from '../api/change-assessments.ts';
import { batchMessage, failedMessage, idempotencyKey, receivedRefusal, useRunOnMount } from './action-messages.tsx';
import type { AssessmentActionProps, BatchResult } from './action-props.ts';

// spec assessments-and-clients §5 "Wrap / Unwrap".
export const wrappedSummary = (result: BatchResult, wrapped: boolean) =>
  `${result.succeeded} of ${result.total} ${wrapped ? 'wrapped up' : 'unwrapped'}.`;

/** Wrap / Unwrap: wraps when a selected row on screen is not wrapped yet; the BFF refuses a mixed selection. */
export default function WrapAction({ ids, rows, finish, clearSelection }: AssessmentActionProps) {
  const setWrapped = useSetAssessmentsWrapped();
  useRunOnMount(() => {
    const refusal = receivedRefusal(rows);
    if (refusal) return finish(refusal);
    const wrapped = rows.length === 0 || rows.some((row) => !row.wrapped);
    setWrapped.mutate(
      { body: { ids: [...ids], wrapped }, params: idempotencyKey() },
      {
        onSuccess: (result) => {
          clearSelection();
          finish(batchMessage(result, wrappedSummary(result, wrapped)));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  });
  return null;
}
