import { failedMessage, toastOrBatchMessage } from '../../../components/data-table/action-messages.tsx';
import { ConfirmAction } from '../../../components/data-table/confirm-action.tsx';
import { removedCount, TEAMS_TEXT, TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { submissionAnswered, submissionKey } from '../../../lib/submission-key.ts';
import { useDeleteTeams } from '../api/delete-teams.ts';
import type { TeamActionProps } from './own-team.ts';

/**
 * Delete (spec coach-shell §5, §8): 'Are you sure you wish to remove?', then '{n} of {m} removed.' as a toast, or the
 * alert naming the teams that could not be deleted (a received team is refused by the BFF with the spec's text).
 */
export default function DeleteTeamsAction({ ids, finish, clearSelection }: TeamActionProps) {
  const remove = useDeleteTeams();
  const onConfirm = () => {
    const body = { ids: [...ids] };
    remove.mutate(
      { body, params: submissionKey('deleteTeams', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('deleteTeams');
          clearSelection();
          finish(toastOrBatchMessage(result, removedCount(result.succeeded, result.total), TEAMS_TEXT.partlyDeleted, TEAMS_TOAST_MS));
        },
        onError: (failure) => finish(failedMessage(failure)),
      },
    );
  };
  return (
    <ConfirmAction confirmLabel={TEAMS_TEXT.delete} onConfirm={onConfirm} finish={finish}>
      {TEAMS_TEXT.confirmRemove}
    </ConfirmAction>
  );
}
