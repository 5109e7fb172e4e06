// The one fan-out helper behind every multi-select action (invites, reminders, report e-mails, deletes,
// wrap/unwrap, SCO, add to team): bounded concurrency, a timeout per item, cancellation, a stop at the
// first upstream 403, a per-item answer (the contract's BatchResult) from which the UI writes "n of m", and,
// under an Idempotency-Key, each item's outcome recorded as it settles (batch-ledger.ts).

import type { Log } from '../operation.ts';
import { isSessionEnded, ProblemError, problem, SESSION_ENDED_DETAIL, titleOf } from '../problem.ts';
import { type ItemReason, isInDoubt, isUserFacing, itemReason } from './batch-errors.ts';
import { type BatchLedger, type LedgerEntry, OUTCOME_UNKNOWN, outcomeUnknownAfterNoAnswer, recordedFailure } from './batch-ledger.ts';
import type { BatchProgress } from './batch-progress.ts';
import type { BatchFailure, BatchItem, BatchResult } from './batch-types.ts';
import { fanOut } from './fan-out.ts';

export type { BatchFailure, BatchItem, BatchResult } from './batch-types.ts';

/**
 * The contract's `AssessmentSelection.maxItems`: the assessments table's whole selection (its select-all across pages).
 * Every other batch's contract caps its `ids` at 500 (`SelectedIds`).
 */
export const MAX_BATCH_ITEMS = 50_000;
// The defaults of BATCH_CONCURRENCY and BATCH_ITEM_TIMEOUT_MS (config.ts); routes pass `config.batch`.
export const DEFAULT_BATCH_OPTIONS = { concurrency: 4, itemTimeoutMs: 30_000 } as const;

/** Does one item; resolves when it succeeded, throws (BatchItemError, a problem, anything) when it failed. */
export type BatchWorker<T extends BatchItem> = (item: T, signal: AbortSignal) => Promise<void>;

export interface BatchOptions<T extends BatchItem> {
  /** Items in flight at once (BATCH_CONCURRENCY). */
  concurrency?: number | undefined;
  /**
   * After this an item is aborted and reported `outcome_unknown` (BATCH_ITEM_TIMEOUT_MS): its call may have been
   * done, so it is never counted as a failure the coach would try again.
   */
  itemTimeoutMs?: number | undefined;
  /**
   * Client gone or Stop pressed: nothing new starts. The items in flight finish (within `itemTimeoutMs`) and
   * count as what they came to: the legacy API may have done them already, so a repeat must not send them again.
   */
  signal?: AbortSignal | undefined;
  /** The user-facing message of a failed item, e.g. "{name} send failed with {error}"; the reason's message by default. */
  failureMessage?: ((item: T, reason: ItemReason) => string) | undefined;
  log?: Log | undefined;
  /**
   * The run's ledger (`batchOptions(run)`, batch-run.ts: there when the request has an Idempotency-Key): an item an earlier attempt
   * recorded is answered from it and not run; every other item is marked started before its call and recorded.
   */
  ledger?: BatchLedger | undefined;
  /** The job's progress (`batchOptions(run)`: there when the call runs as a job): told the total and each item settled. */
  progress?: BatchProgress | undefined;
}

type Outcome = { kind: 'succeeded' } | { kind: 'failed'; failure: BatchFailure } | { kind: 'notAttempted' };
const NOT_ATTEMPTED: Outcome = { kind: 'notAttempted' };

const TIMED_OUT = Symbol('timed out');

/**
 * Runs `worker` over `items`, never more than `concurrency` at once. One item's failure never fails the batch;
 * `failed` keeps the input order. At the first session-ended error (upstream 403) nothing new starts, the
 * in-flight items are aborted and, once they settled, a 401 `session_ended` carrying the partial result
 * (`batchCut`) is thrown: the browser learns what was done and what was not attempted. When the client leaves
 * nothing new starts either, but the items in flight finish and count.
 */
export async function runBatch<T extends BatchItem>(
  items: readonly T[],
  worker: BatchWorker<T>,
  {
    concurrency = DEFAULT_BATCH_OPTIONS.concurrency,
    itemTimeoutMs = DEFAULT_BATCH_OPTIONS.itemTimeoutMs,
    signal,
    failureMessage,
    log,
    ledger,
    progress,
  }: BatchOptions<T> = {},
): Promise<BatchResult> {
  if (items.length > MAX_BATCH_ITEMS) {
    throw problem(400, 'validation_failed', `Please select at most ${MAX_BATCH_ITEMS.toLocaleString('en')} records at a time.`, 'Failed');
  }

  const outcomes: Outcome[] = items.map((item) => replayed(item, ledger?.recorded(item.id)) ?? NOT_ATTEMPTED);
  const toRun = items.flatMap((item, index) => (ledger?.recorded(item.id) ? [] : [index]));
  // A job's progress is kept on a best-effort basis: the batch goes on whatever its store says.
  const told = (what: string, telling: Promise<void> | undefined) =>
    telling?.catch((err: unknown) => log?.warn({ err }, `the progress of a batch job could not be kept (${what})`));
  await told('begin', progress?.begin(items.length, items.length - toRun.length));
  // Aborted by a session end only: every in-flight item's controller follows it. The client leaving stops new starts.
  const stop = new AbortController();
  let sessionEnded = false;
  // The ledger refused a start: another request holds the key now (this run's lease lapsed) or the store is away.
  let keyLost = false;

  const failedWith = (item: T, reason: ItemReason): Outcome => ({
    kind: 'failed',
    failure: { id: item.id, name: item.name, code: reason.code, message: failureMessage ? failureMessage(item, reason) : reason.message },
  });

  // A call that timed out or was cut off may have been done: not known, recorded so, and never sent again.
  const inDoubt = (item: T): Outcome => ({
    kind: 'failed',
    failure: { id: item.id, name: item.name, code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer(item.name) },
  });

  const runItem = async (index: number, item: T, controller: AbortController): Promise<Outcome> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), itemTimeoutMs);
    });
    try {
      const settled = await Promise.race([worker(item, controller.signal).then(() => 'done' as const), timeout]);
      if (settled === TIMED_OUT) {
        // The lane moves on at once: a worker that ignores its signal must not hold the batch (or the request) open.
        controller.abort(new Error('batch item timed out'));
        return inDoubt(item);
      }
      return { kind: 'succeeded' };
    } catch (error) {
      if (isSessionEnded(error)) {
        sessionEnded = true;
        stop.abort(error);
        return NOT_ATTEMPTED;
      }
      // Aborted by another item's 403, or by the client leaving through a call that follows it: not this item's failure.
      if (stop.signal.aborted || (signal?.aborted && error === signal.reason)) return NOT_ATTEMPTED;
      if (isInDoubt(error)) return inDoubt(item);
      if (!isUserFacing(error)) log?.warn({ err: error, itemId: item.id, index }, 'batch item failed unexpectedly');
      return failedWith(item, itemReason(error));
    } finally {
      clearTimeout(timer);
    }
  };

  const started = async (item: T): Promise<boolean> => {
    if (!ledger) return true;
    try {
      if (await ledger.start(item)) return true;
      log?.warn({ itemId: item.id }, 'batch stopped: its Idempotency-Key is held by another request now');
    } catch (err) {
      log?.error({ err, itemId: item.id }, 'batch stopped: an item could not be marked started');
    }
    keyLost = true;
    return false;
  };

  await fanOut(toRun, concurrency, stop.signal, async (index, _position, controller) => {
    const item = items[index] as T;
    // The client left (or Stop): nothing new starts; an earlier start refused: nothing more may.
    if (signal?.aborted || keyLost || !(await started(item))) return;
    const outcome = await runItem(index, item, controller);
    outcomes[index] = outcome;
    // The answer still goes out if the outcome could not be kept: a repeat then reports the item in doubt, never sends it again.
    await ledger
      ?.settle(item, entryOf(item, outcome))
      .catch((err: unknown) => log?.error({ err, itemId: item.id }, 'the outcome of a batch item could not be recorded'));
    // Before this lane starts another item: a Stop the job's store reports aborts `signal` here.
    if (outcome.kind !== 'notAttempted') await told('settled', progress?.settled());
  });

  const result = summarize(items, outcomes);
  if (sessionEnded) {
    log?.warn({ batch: counts(result) }, 'batch stopped: the upstream session ended');
    throw batchCut(result);
  }
  if (result.notAttempted > 0) log?.info({ batch: counts(result) }, 'batch cancelled');
  return result;
}

/** An item an earlier attempt recorded, as this run counts it (an item in doubt fails with `outcome_unknown`). */
function replayed(item: BatchItem, entry: LedgerEntry | undefined): Outcome | undefined {
  if (!entry) return undefined;
  const failure = recordedFailure(item.id, entry);
  return failure ? { kind: 'failed', failure } : { kind: 'succeeded' };
}

/** What the ledger keeps of an outcome; none for an item not attempted (it may be started again). */
function entryOf(item: BatchItem, outcome: Outcome): LedgerEntry | undefined {
  if (outcome.kind === 'succeeded') return { outcome: 'succeeded', name: item.name };
  if (outcome.kind === 'failed')
    return { outcome: 'failed', name: item.name, code: outcome.failure.code, message: outcome.failure.message };
  return undefined;
}

/** The figures of a result for a log line (no names, no ids). */
const counts = ({ total, succeeded, failed, notAttempted }: BatchResult) => ({ total, succeeded, failed: failed.length, notAttempted });

/** 401 `session_ended` for a batch the session's end stopped midway, with what it did and did not do (`batch`). */
export function batchCut(result: BatchResult): ProblemError {
  return problem(401, 'session_ended', SESSION_ENDED_DETAIL, titleOf(401), { batch: result });
}

/** The partial result a `batchCut` problem carries, or undefined for any other error. */
export function cutResult(error: unknown): BatchResult | undefined {
  return error instanceof ProblemError && error.code === 'session_ended' ? (error.extensions.batch as BatchResult | undefined) : undefined;
}

function summarize(items: readonly BatchItem[], outcomes: readonly Outcome[]): BatchResult {
  const result: BatchResult = { total: items.length, succeeded: 0, failed: [], notAttempted: 0 };
  const notAttemptedIds: string[] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome.kind === 'succeeded') result.succeeded++;
    else if (outcome.kind === 'notAttempted') notAttemptedIds.push((items[index] as BatchItem).id);
    else result.failed.push(outcome.failure);
  });
  result.notAttempted = notAttemptedIds.length;
  return notAttemptedIds.length > 0 ? { ...result, notAttemptedIds } : result;
}
