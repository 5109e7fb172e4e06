import { failedMessage, toastOrBatchMessage } from '../../../components/data-table/action-messages.tsx';
import { ConfirmAction } from '../../../components/data-table/confirm-action.tsx';
import { PAIRS_TEXT, PAIRS_TOAST_MS, removedCount } from '../../../lib/labels/pairs.ts';
import { submissionAnswered, submissionKey } from '../../../lib/submission-key.ts';
import { useDeletePairs } from '../api/delete-pairs.ts';
import type { PairActionProps } from './action-props.ts';

/**
 * Delete (spec assessments-and-clients §7, §8): 'Are you sure you wish to remove?', then '{n} of {m} removed.' as a
 * toast, or the alert naming the pairs that could not be deleted.
 */
export default function DeletePairsAction({ ids, finish, clearSelection }: PairActionProps) {
  const remove = useDeletePairs();
  const onConfirm = () => {
    const body = { ids: [...ids] };
    remove.mutate(
      { body, params: submissionKey('deletePairs', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('deletePairs');
          clearSelection();
          finish(toastOrBatchMessage(result, removedCount(result.succeeded, result.total), PAIRS_TEXT.partlyDeleted, PAIRS_TOAST_MS));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  };
  return (
    <ConfirmAction confirmLabel="Remove" onConfirm={onConfirm} finish={finish}>
      {PAIRS_TEXT.confirmRemove}
    </ConfirmAction>
  );
}
