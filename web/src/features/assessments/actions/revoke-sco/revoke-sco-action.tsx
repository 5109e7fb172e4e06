import { batchMessage, failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { ConfirmAction } from '../../../../components/data-table/confirm-action.tsx';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { useRevokeAssessmentSco } from '../../api/change-assessments.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';

/** Revoke SCO in the SCO Given view (spec assessments-and-clients §4.7): the secondary ownership taken back. */
export default function RevokeScoAction({ ids, finish, clearSelection }: AssessmentActionProps) {
  const revoke = useRevokeAssessmentSco();
  const confirm = () => {
    const body = { ids: [...ids] };
    revoke.mutate(
      { body, params: submissionKey('revokeAssessmentSco', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('revokeAssessmentSco');
          clearSelection();
          finish(batchMessage(result, `${result.succeeded} of ${result.total} revoked.`));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  };
  return (
    <ConfirmAction confirmLabel="Revoke" onConfirm={confirm} finish={finish}>
      {`Take back the secondary coach ownership of ${ids.length === 1 ? 'the selected assessment' : `the ${ids.length} selected assessments`}?`}
    </ConfirmAction>
  );
}
