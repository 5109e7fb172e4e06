import { AssignScoDialog as AssignScoForm } from '../../../components/assign-sco-dialog.tsx';
import { useAssignAssessmentSco } from '../api/change-assessments.ts';
import { idempotencyKey, receivedRefusal, useRunOnMount } from './action-messages.tsx';
import type { AssessmentActionProps } from './action-props.ts';

/**
 * Assign SCO (spec assessments-and-clients §2.3, §4.7): the selection given to the coach registered with an e-mail;
 * received assessments can't be given on.
 */
export default function AssignScoAction({ ids, rows, finish, clearSelection }: AssessmentActionProps) {
  const assign = useAssignAssessmentSco();
  const refusal = receivedRefusal(rows);
  useRunOnMount(() => {
    if (refusal) finish(refusal);
  });
  if (refusal) return null;
  const onAssign = (coachEmail: string) =>
    assign.mutate(
      { body: { ids: [...ids], coachEmail }, params: idempotencyKey() },
      {
        onSuccess: (result) => {
          clearSelection();
          const given = `${result.newlyGiven === 1 ? '1 assessment' : `${result.newlyGiven} assessments`} given to ${result.coachEmail}.`;
          const already = result.newlyGiven < result.total ? ' The others had been given to that coach already.' : '';
          finish({ title: 'Success', body: <p>{given + already}</p> });
        },
      },
    );
  return (
    <AssignScoForm isPending={assign.isPending} error={assign.error} onAssign={onAssign} onClose={() => finish()}>
      The coach with this e-mail address receives {ids.length === 1 ? 'the selected assessment' : `the ${ids.length} selected assessments`}{' '}
      and can work with their reports. You can revoke this at any time from SCO Given.
    </AssignScoForm>
  );
}
