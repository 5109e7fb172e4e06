// Delete (spec assessments-and-clients §2.3, §5, §8, §9): only before the client registers, never a received
// assessment; one legacy `DELETE api/v2/tokens/{uuid}` per assessment, each refusal reported by name.
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions, listChange } from '../../batch/batch-run.ts';
import { type BatchResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { alreadyRegistered, refuseReceived } from '../../domain/assessment-batch-rules.ts';
import { readSelection, refuseNotInList } from '../../domain/assessment-selection.ts';
import { hasRegistered } from '../../domain/pipeline.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { UNEXPECTED_MESSAGE } from '../../problem.ts';
import { changeCall, RecordEdits } from '../../snapshots/assessment-snapshot.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';

// spec assessments-and-clients §8: the legacy text of a team-report lock, passed on with its own code.
const TEAM_REPORT_LOCK = /^The report for team .+ has already been requested or generated - cannot delete\.$/;

/**
 * Delete (contract: deleteAssessments): received assessments refuse the whole selection; registered ones fail. Each
 * deleted record leaves the coach's list copies.
 */
export async function deleteAssessments(
  { body: { ids } }: OperationInput<'deleteAssessments'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<BatchResult> {
  const change = listChange(run);
  const selection = await readSelection(ctx, ids);
  // Ids in neither of the coach's lists refuse the whole selection, before anything is deleted.
  refuseNotInList(selection);
  refuseReceived(selection);
  const edits = new RecordEdits();
  const result = await runBatch(
    selection,
    async (item, signal) => {
      const { row } = item;
      // spec §9: "Assessments can be deleted only before the client registers" (the list was read just now).
      if (hasRegistered(row)) {
        throw alreadyRegistered(item.name);
      }
      const { response, error } = await changeCall(
        change,
        ctx.legacy.DELETE('/api/v2/tokens/{assessmentId}', {
          params: { path: { assessmentId: item.id } },
          signal,
        }),
      );
      if (response.ok) {
        // A record given to other coaches takes its SCOs with it: the given list and its count change too.
        if (row.scoGivenTo.length > 0) change.unknown();
        else edits.remove(item.id);
        return;
      }
      const info = legacyErrorInfo(error);
      if (info && TEAM_REPORT_LOCK.test(info)) throw new BatchItemError('team_report_locked', info);
      throw new BatchItemError('delete_failed', info ?? UNEXPECTED_MESSAGE);
    },
    { ...settings, ...batchOptions(run) },
  );
  edits.reportTo(change);
  return result;
}
