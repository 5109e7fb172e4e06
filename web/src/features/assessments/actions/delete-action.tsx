import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useDeleteAssessments } from '../api/change-assessments.ts';
import { batchMessage, failedMessage, idempotencyKey, receivedRefusal, useRunOnMount } from './action-messages.tsx';
import type { AssessmentActionProps } from './action-props.ts';

// spec assessments-and-clients §5 "Delete", coach-shell §8.
export const CONFIRM_DELETE = 'Are you sure you wish to remove?';

/** Delete: a selection with received assessments is refused before the question; the BFF credits the tokens back. */
export default function DeleteAction({ ids, rows, finish, clearSelection }: AssessmentActionProps) {
  const remove = useDeleteAssessments();
  const [asking, setAsking] = useState(true);
  useRunOnMount(() => {
    const refusal = receivedRefusal(rows);
    if (refusal) finish(refusal);
  });
  const confirm = () => {
    setAsking(false);
    remove.mutate(
      { body: { ids: [...ids] }, params: idempotencyKey() },
      {
        onSuccess: (result) => {
          clearSelection();
          finish(batchMessage(result, `${result.succeeded} of ${result.total} removed.`, 'Not all records could be deleted'));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  };
  return (
    <ConfirmDialog title="Warning" isOpen={asking} isDestructive confirmLabel="Remove" onConfirm={confirm} onCancel={() => finish()}>
      {CONFIRM_DELETE}
    </ConfirmDialog>
  );
}
