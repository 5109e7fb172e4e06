// The per-item ledger of a batch run under an Idempotency-Key (batch/idempotent.ts). Each item is marked
// started before its legacy call and gets its outcome once it settles, in the same store as the key, so a
// repeat after the instance running the batch died runs only the items without a mark, and never sends one
// twice. An item marked started without an outcome is in doubt: the legacy API offers no way to ask whether
// it was done, so it is reported, never sent again.
import type { BatchFailure, BatchItem } from './batch-types.ts';

export type LedgerEntry =
  /** Its legacy call went out; no outcome came back (yet). */
  | { outcome: 'started'; name: string }
  | { outcome: 'succeeded'; name: string }
  /** Failed with the code and the user-facing message the batch reported. */
  | { outcome: 'failed'; name: string; code: string; message: string };

/** What `runBatch` records through (the run's `ledger`: batch/idempotent.ts gives one to a request with an Idempotency-Key). */
export interface BatchLedger {
  /** What an earlier attempt of this request recorded for an item, if anything. */
  recorded(id: string): LedgerEntry | undefined;
  /** Marks an item started, before its legacy call; false when this run no longer holds the key (nothing more may start). */
  start(item: BatchItem): Promise<boolean>;
  /** Records an item's outcome; none clears its mark (an item aborted before it was done may be started again). */
  settle(item: BatchItem, entry: LedgerEntry | undefined): Promise<void>;
}

/** The code of an item whose outcome is not known (its run stopped between its call and its answer). */
export const OUTCOME_UNKNOWN = 'outcome_unknown';

/** The message of an item in doubt: the coach checks (the client's inbox, the list) before trying it again. */
export const outcomeUnknown = (name: string): string =>
  `It is not known whether this was done for ${name}: the portal stopped while it was in progress. Please check before trying again.`;

/**
 * The message of an item whose legacy call timed out or was cut off after it went out: the legacy API may have done
 * it. Reported with `outcome_unknown` (never as a plain failure, which the coach would try again).
 */
export const outcomeUnknownAfterNoAnswer = (name: string): string =>
  `It is not known whether this was done for ${name}: no answer came back in time. Please check before trying again.`;

/** The failure an entry is reported as: an item in doubt fails with `outcome_unknown`; undefined for a success. */
export function recordedFailure(id: string, entry: LedgerEntry): BatchFailure | undefined {
  if (entry.outcome === 'succeeded') return undefined;
  if (entry.outcome === 'started') return { id, name: entry.name, code: OUTCOME_UNKNOWN, message: outcomeUnknown(entry.name) };
  return { id, name: entry.name, code: entry.code, message: entry.message };
}
