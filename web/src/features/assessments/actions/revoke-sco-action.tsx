import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useRevokeAssessmentSco } from '../api/change-assessments.ts';
import { batchMessage, failedMessage, idempotencyKey } from './action-messages.tsx';
import type { AssessmentActionProps } from './action-props.ts';

/** Revoke SCO in the SCO Given view (spec assessments-and-clients §4.7): the secondary ownership taken back. */
export default function RevokeScoAction({ ids, finish, clearSelection }: AssessmentActionProps) {
  const revoke = useRevokeAssessmentSco();
  const [asking, setAsking] = useState(true);
  const confirm = () => {
    setAsking(false);
    revoke.mutate(
      { body: { ids: [...ids] }, params: idempotencyKey() },
      {
        onSuccess: (result) => {
          clearSelection();
          finish(batchMessage(result, `${result.succeeded} of ${result.total} revoked.`));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  };
  return (
    <ConfirmDialog title="Warning" isOpen={asking} isDestructive confirmLabel="Revoke" onConfirm={confirm} onCancel={() => finish()}>
      {`Take back the secondary coach ownership of ${ids.length === 1 ? 'the selected assessment' : `the ${ids.length} selected assessments`}?`}
    </ConfirmDialog>
  );
}
