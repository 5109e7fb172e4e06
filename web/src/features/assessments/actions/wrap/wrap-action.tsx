import type { BatchResult } from '../../../../components/data-table/action-messages.tsx';
import { batchMessage, failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useSetAssessmentsWrapped } from '../../api/change-assessments.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { receivedRefusal } from '../shared/received-refusal.ts';

// spec assessments-and-clients §5 "Wrap / Unwrap".
export const wrappedSummary = (result: BatchResult, wrapped: boolean) =>
  `${result.succeeded} of ${result.total} ${wrapped ? 'wrapped up' : 'unwrapped'}.`;

/**
 * Wrap / Unwrap: wraps when a selected row seen is not wrapped yet; the BFF refuses a mixed selection. The selection
 * is emptied only when every assessment was done.
 */
export default function WrapAction({ ids, rows, finish, clearSelection }: AssessmentActionProps) {
  const setWrapped = useSetAssessmentsWrapped();
  useRunOnMount(() => {
    const refusal = receivedRefusal(rows);
    if (refusal) return finish(refusal);
    const wrapped = rows.length === 0 || rows.some((row) => !row.wrapped);
    const body = { ids: [...ids], wrapped };
    setWrapped.mutate(
      { body, params: submissionKey('setAssessmentsWrapped', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('setAssessmentsWrapped');
          // A wrap that failed for any keeps the selection, to try again (the BFF skips those already done).
          if (result.succeeded === result.total) clearSelection();
          finish(batchMessage(result, wrappedSummary(result, wrapped)));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  });
  return null;
}
