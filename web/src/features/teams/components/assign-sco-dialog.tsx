import { AssignScoDialog as AssignScoForm } from '../../../components/assign-sco-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { useAssignTeamSco } from '../api/assign-team-sco.ts';

export interface AssignScoDialogProps {
  ids: readonly string[];
  onClose: () => void;
  onAssigned: () => void;
}

/** Assign SCO on the Teams page (spec coach-shell §2.6, §4 SCO, §5, §8): the selected teams given to another coach. */
export default function AssignScoDialog({ ids, onClose, onAssigned }: AssignScoDialogProps) {
  const assign = useAssignTeamSco();
  const onAssign = (coachEmail: string) =>
    assign.mutate(
      { body: { ids: [...ids], coachEmail }, params: { header: { 'Idempotency-Key': crypto.randomUUID() } } },
      {
        onSuccess: (result) => {
          showToast(
            `${result.succeeded === 1 ? '1 team' : `${result.succeeded} teams`} given to ${coachEmail}.`,
            'success',
            TEAMS_TOAST_MS,
          );
          onAssigned();
        },
      },
    );
  return (
    <AssignScoForm isPending={assign.isPending} error={assign.error} onAssign={onAssign} onClose={onClose}>
      The coach with this e-mail address receives {ids.length === 1 ? 'the selected team' : `the ${ids.length} selected teams`} and can
      download their reports.
    </AssignScoForm>
  );
}
