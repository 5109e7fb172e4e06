import { AssignScoDialog as AssignScoForm } from '../../../../components/assign-sco-dialog.tsx';
import { submissionAnswered, submissionKey } from '../../../../lib/submission-key.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useAssignAssessmentSco } from '../../api/change-assessments.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { receivedRefusal } from '../shared/received-refusal.ts';

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
  const onAssign = (coachEmail: string) => {
    const body = { ids: [...ids], coachEmail };
    assign.mutate(
      { body, params: submissionKey('assignAssessmentSco', body) },
      {
        onSuccess: (result) => {
          submissionAnswered('assignAssessmentSco');
          clearSelection();
          const given = `${result.newlyGiven === 1 ? '1 assessment' : `${result.newlyGiven} assessments`} given to ${result.coachEmail}.`;
          const already = result.newlyGiven < result.total ? ' The others had been given to that coach already.' : '';
          finish({ title: 'Success', body: <p>{given + already}</p> });
        },
      },
    );
  };
  return (
    <AssignScoForm isPending={assign.isPending} error={assign.error} onAssign={onAssign} onClose={() => finish()}>
      The coach with this e-mail address receives {ids.length === 1 ? 'the selected assessment' : `the ${ids.length} selected assessments`}{' '}
      and can work with their reports. You can revoke this at any time from SCO Given.
    </AssignScoForm>
  );
}
