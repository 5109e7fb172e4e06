import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { batchMessage, failedMessage } from '../../../../components/data-table/action-messages.tsx';
import { ConfirmAction } from '../../../../components/data-table/confirm-action.tsx';
import { balanceChanged } from '../../../../lib/balance-changed.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useDeleteAssessments } from '../../api/change-assessments.ts';
import type { AssessmentBatchJob } from '../../api/get-assessment-batch-job.ts';
import type { AssessmentActionProps } from '../shared/action-props.ts';
import { BatchJobProgress, countOf, type JobResult, jobCallbacks, jobParams, MAX_SELECTION, TOO_MANY } from '../shared/batch-job.tsx';
import { receivedRefusal } from '../shared/received-refusal.ts';
import { SelectionScopeNote } from '../shared/selection-scope-note.tsx';

// spec assessments-and-clients §5 "Delete", coach-shell §8.
export const CONFIRM_DELETE = 'Are you sure you wish to remove?';

const deletedMessage = (result: JobResult) =>
  batchMessage(result, `${result.succeeded} of ${result.total} removed.`, 'Not all records could be deleted');

/**
 * Delete: a selection with received assessments is refused before the question (the rows seen; the BFF refuses the
 * rest); then the selection, of any size, is deleted as a job with its progress and Stop; the BFF credits the tokens
 * back.
 */
export default function DeleteAction({ ids, rows, finish, clearSelection, outsideFilter }: AssessmentActionProps) {
  const queryClient = useQueryClient();
  const remove = useDeleteAssessments();
  const [job, setJob] = useState<AssessmentBatchJob | null>(null);
  useRunOnMount(() => {
    const refusal = ids.length > MAX_SELECTION ? failedMessage(TOO_MANY) : receivedRefusal(rows);
    if (refusal) finish(refusal);
  });
  const confirm = () => {
    const body = { ids: [...ids] };
    remove.mutate(
      { body, params: jobParams('deleteAssessments', body) },
      jobCallbacks('deleteAssessments', setJob, deletedMessage, finish),
    );
  };
  if (job) {
    const ended = () => {
      clearSelection();
      // A billable assessment deleted before registration is credited back.
      void balanceChanged(queryClient);
    };
    return <BatchJobProgress title="Delete" job={job} resultMessage={deletedMessage} onEnded={ended} finish={finish} />;
  }
  return (
    <ConfirmAction confirmLabel="Remove" onConfirm={confirm} finish={finish}>
      <p>{CONFIRM_DELETE}</p>
      {ids.length > 1 ? <p>{`${countOf(ids.length, 'assessment', 'assessments')} selected.`}</p> : null}
      <SelectionScopeNote verb="Removes" count={ids.length} outside={outsideFilter} />
    </ConfirmAction>
  );
}
