import { AssignScoDialog as AssignScoForm } from '../../../components/assign-sco-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { submissionAnswered, submissionKey } from '../../../lib/submission-key.ts';
import { useAssignTeamSco } from '../api/assign-team-sco.ts';
import type { TeamActionProps } from './own-team.ts';

/** Assign SCO on the Teams page (spec coach-shell §2.6, §4 SCO, §5, §8): the selected teams given to another coach. */
export default function AssignScoAction({ ids, finish, clearSelection }: TeamActionProps) {
  const assign = useAssignTeamSco();
  const onAssign = (coachEmail: string) => {
    const body = { ids: [...ids], coachEmail };
    assign.mutate(
      { body, params: submissionKey('assignTeamSco', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('assignTeamSco');
          showToast(
            `${result.succeeded === 1 ? '1 team' : `${result.succeeded} teams`} given to ${coachEmail}.`,
            'success',
            TEAMS_TOAST_MS,
          );
          clearSelection();
          finish();
        },
      },
    );
  };
  return (
    <AssignScoForm isPending={assign.isPending} error={assign.error} onAssign={onAssign} onClose={() => finish()}>
      The coach with this e-mail address receives {ids.length === 1 ? 'the selected team' : `the ${ids.length} selected teams`} and can
      download their reports.
    </AssignScoForm>
  );
}
