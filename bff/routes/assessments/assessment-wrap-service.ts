// Wrap / Unwrap (spec assessments-and-clients §2.3, §4.4, §4.7, §8): the whole selection into one state, one legacy
// `PATCH api/v2/tokens/{uuid}` per assessment not in it yet.
import { BatchItemError } from '../../batch/batch-errors.ts';
import { type BatchRun, batchOptions, listChange } from '../../batch/batch-run.ts';
import { type BatchResult, runBatch } from '../../batch/run-batch.ts';
import type { Config } from '../../config.ts';
import { planWrap, wrapFailed } from '../../domain/assessment-batch-rules.ts';
import { knownRecord, readSelection } from '../../domain/assessment-selection.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { changeCall, RecordEdits } from '../../snapshots/assessment-snapshot.ts';

/**
 * Wrap / Unwrap (contract: setAssessmentsWrapped): a selection with received assessments or mixing wrapped and
 * unwrapped ones is refused as a whole (spec §4.4, §4.7); then one `PATCH api/v2/tokens/{uuid}` per assessment
 * not yet in that state (one already in it counts as done: the coach asked for that state).
 */
export async function setAssessmentsWrapped(
  { body: { ids, wrapped } }: OperationInput<'setAssessmentsWrapped'>,
  ctx: SessionContext,
  settings: Config['batch'],
  run: BatchRun,
): Promise<BatchResult> {
  const change = listChange(run);
  const selection = await readSelection(ctx, ids);
  const toChange = new Set(planWrap(selection, wrapped).toChange);
  const edits = new RecordEdits();
  const result = await runBatch(
    selection,
    async (item, signal) => {
      knownRecord(item);
      if (!toChange.has(item)) return;
      const { response } = await changeCall(
        change,
        ctx.legacy.PATCH('/api/v2/tokens/{assessmentId}', {
          params: { path: { assessmentId: item.id } },
          body: { coachWrappedUp: wrapped ? 1 : 0 },
          signal,
        }),
      );
      if (!response.ok) throw new BatchItemError('wrap_failed', wrapFailed(item));
      edits.set(item.id, { coachWrappedUp: wrapped ? 1 : 0 });
    },
    // spec §8: every failed item reads "{name} wrapped up failed. Update failed for {name}." (a 5xx included).
    {
      ...settings,
      ...batchOptions(run),
      failureMessage: (item, reason) => (reason.code === 'not_found' ? reason.message : wrapFailed(item)),
    },
  );
  edits.reportTo(change);
  return result;
}
