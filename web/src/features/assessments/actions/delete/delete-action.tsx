import { batchMessage, failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { ConfirmAction } from '../../../../components/data-table/confirm-action.tsx';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useDeleteAssessments } from '../../api/change-assessments.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { receivedRefusal } from '../shared/received-refusal.ts';

// spec assessments-and-clients §5 "Delete", coach-shell §8.
export const CONFIRM_DELETE = 'Are you sure you wish to remove?';

/** Delete: a selection with received assessments is refused before the question; the BFF credits the tokens back. */
export default function DeleteAction({ ids, rows, finish, clearSelection }: AssessmentActionProps) {
  const remove = useDeleteAssessments();
  useRunOnMount(() => {
    const refusal = receivedRefusal(rows);
    if (refusal) finish(refusal);
  });
  const confirm = () => {
    const body = { ids: [...ids] };
    remove.mutate(
      { body, params: submissionKey('deleteAssessments', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('deleteAssessments');
          clearSelection();
          finish(batchMessage(result, `${result.succeeded} of ${result.total} removed.`, 'Not all records could be deleted'));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  };
  return (
    <ConfirmAction confirmLabel="Remove" onConfirm={confirm} finish={finish}>
      {CONFIRM_DELETE}
    </ConfirmAction>
  );
}
