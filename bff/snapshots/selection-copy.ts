// The selection of an assessments action read from the coach's copy of the lists (assessment-snapshot.ts: own and
// received merged, each record once, as `readSelection` merges them) instead of downloading the legacy lists again:
// the copy the table and the action's review were shown from, patched by every change made through the BFF. An id
// the copy does not hold (a record added since it was made) has the lists read again once, so an id that is in
// neither list is still told by a fresh read (`not_in_list`).
import { type Selected, toSelected } from '../domain/assessment-selection.ts';
import type { SessionContext } from '../operation.ts';
import { assessmentSnapshot } from './assessment-snapshot.ts';
import type { SnapshotCache } from './snapshot-cache.ts';
import { inChunks } from './table.ts';

/** The selection in request order; a chunk of ids at a time (a selection holds up to 50,000). */
export async function selectionFromCopy(ctx: SessionContext, snapshots: SnapshotCache, ids: readonly string[]): Promise<Selected[]> {
  let byId = await (await assessmentSnapshot(ctx, snapshots, 'own')).indexedById();
  let missing = false;
  await inChunks(ids, (id) => {
    missing ||= !byId.has(id);
  });
  if (missing) byId = await (await assessmentSnapshot(ctx, snapshots, 'own', true)).indexedById();
  const selection: Selected[] = [];
  await inChunks(ids, (id) => selection.push(toSelected(id, byId.get(id)?.legacy)));
  return selection;
}
