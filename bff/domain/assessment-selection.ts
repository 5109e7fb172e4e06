// The selection of a multi-select action on assessments (spec assessments-and-clients §2.3, §4.7, §7): the
// selected ids in request order with what the rules need and their legacy records, read once per call. The
// assessments' actions, Download Reports and the SCO actions all start from it.
import type { components as Legacy } from '../../generated/legacy.ts';
import { BatchItemError } from '../batch/batch-errors.ts';
import type { SessionContext } from '../operation.ts';
import { failed, NOT_FOUND_MESSAGE, problem, UNEXPECTED_MESSAGE } from '../problem.ts';
import { clientName, type SelectedAssessment } from './assessment-batch-rules.ts';

type LegacyAssessment = Legacy['schemas']['Assessment'];

/** A selected id with what the rules need, and its legacy record (null: not in the coach's own or received lists). */
export interface Selected extends SelectedAssessment {
  row: LegacyAssessment | null;
}

/** How an id that is in neither of the coach's lists is named in a failure. */
export const UNKNOWN_NAME = 'Unknown assessment';

/** An id with its legacy record (the coach's own or received), as the rules see it. */
export function toSelected(id: string, row: LegacyAssessment | undefined): Selected {
  if (!row) return { id, name: UNKNOWN_NAME, completed: false, receivedFromAnotherCoach: false, row: null };
  return {
    id,
    name: clientName(row.clientName, row.clientSurname),
    completed: row.guestCompletedAt !== null,
    receivedFromAnotherCoach: row.fromAnotherCoach === 1,
    wrapped: row.coachWrappedUp === 1,
    row,
  };
}

/**
 * The selected ids in request order with their legacy records, read once per call: the coach's own list, merged
 * with the received one only when an id is missing from it (spec §7: "both merged when the coach has received SCOs").
 */
export async function readSelection(ctx: SessionContext, ids: readonly string[]): Promise<Selected[]> {
  const path = { coachId: ctx.session.coachId };
  const own = await ctx.legacy.GET('/api/v2/coaches/{coachId}/tokensX', { params: { path } });
  if (!own.data) throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
  const rows = new Map(own.data.map((row) => [row.uuid, row]));
  if (ids.some((id) => !rows.has(id))) {
    const received = await ctx.legacy.GET('/api/v2/coaches/{coachId}/tokensX', { params: { path, query: { mode: 'received' } } });
    if (!received.data) throw failed(502, 'upstream_error', UNEXPECTED_MESSAGE);
    for (const row of received.data) if (!rows.has(row.uuid)) rows.set(row.uuid, row);
  }
  return ids.map((id) => toSelected(id, rows.get(id)));
}

/** The code of a selection refused because some of its ids are in neither of the coach's lists. */
export const NOT_IN_LIST = 'not_in_list';

/** "3 of the selected assessments are not in your list any more. …" (the count of ids in neither list). */
export function notInListMessage(count: number): string {
  const which = count === 1 ? '1 of the selected assessments is' : `${count.toLocaleString('en')} of the selected assessments are`;
  return `${which} not in your list any more. Please refresh the list and select again.`;
}

/**
 * Send Invites, Send Reports and Delete refuse, as a whole and before any item runs, a selection holding ids that are
 * in neither of the coach's lists (deleted meanwhile, or never the coach's): 400 `not_in_list` with their count. The
 * table only offers the coach's own rows, so such ids come from a stale list or from a caller that is not the
 * table; a per-item "Unknown assessment" failure each would make a result (and a kept Idempotency-Key record)
 * as large as the selection for nothing.
 */
export function refuseNotInList<T extends Selected>(
  selection: readonly T[],
): asserts selection is readonly (T & { row: LegacyAssessment })[] {
  let unknown = 0;
  for (const item of selection) if (!item.row) unknown++;
  if (unknown > 0) throw problem(400, NOT_IN_LIST, notInListMessage(unknown), 'Failed');
}

/** The item's legacy record; an id in neither list fails its item with not_found. */
export function knownRecord(item: Selected): LegacyAssessment {
  if (!item.row) throw new BatchItemError('not_found', NOT_FOUND_MESSAGE);
  return item.row;
}
