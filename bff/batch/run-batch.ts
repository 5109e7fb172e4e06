// The one fan-out helper behind every multi-select action (invites, reminders, report e-mails, deletes,
// wrap/unwrap, SCO, add to team): bounded concurrency, a timeout per item, cancellation, a stop at the
// first upstream 403, and a per-item answer (the contract's BatchResult) from which the UI writes "n of m".

import type { components } from '../../generated/bff.ts';
import type { Log } from '../operation.ts';
import { isSessionEnded, ProblemError, problem, SESSION_ENDED_DETAIL, TIMEOUT_MESSAGE, titleOf } from '../problem.ts';
import { type ItemReason, isUserFacing, itemReason } from './batch-errors.ts';
import { fanOut } from './fan-out.ts';

export type BatchResult = components['schemas']['BatchResult'];
export type BatchFailure = components['schemas']['BatchFailure'];

/** The contract's `SelectedIds.maxItems`. */
export const MAX_BATCH_ITEMS = 500;
// The defaults of BATCH_CONCURRENCY and BATCH_ITEM_TIMEOUT_MS (config.ts); routes pass `config.batch`.
export const DEFAULT_BATCH_OPTIONS = { concurrency: 4, itemTimeoutMs: 30_000 } as const;

export interface BatchItem {
  readonly id: string;
  /** What the user knows the item by (the client's name); failures are reported by it. */
  readonly name: string;
}

/** Does one item; resolves when it succeeded, throws (BatchItemError, a problem, anything) when it failed. */
export type BatchWorker<T extends BatchItem> = (item: T, signal: AbortSignal) => Promise<void>;

export interface BatchOptions<T extends BatchItem> {
  /** Items in flight at once (BATCH_CONCURRENCY). */
  concurrency?: number | undefined;
  /** After this an item is aborted and fails with `upstream_timeout` (BATCH_ITEM_TIMEOUT_MS). */
  itemTimeoutMs?: number | undefined;
  /** Client gone or Stop pressed: nothing new starts, in-flight items are aborted. */
  signal?: AbortSignal | undefined;
  /** The user-facing message of a failed item, e.g. "{name} send failed with {error}"; the reason's message by default. */
  failureMessage?: ((item: T, reason: ItemReason) => string) | undefined;
  log?: Log | undefined;
}

type Outcome = { kind: 'succeeded' } | { kind: 'failed'; reason: ItemReason } | { kind: 'notAttempted' };

const TIMED_OUT = Symbol('timed out');

/**
 * Runs `worker` over `items`, never more than `concurrency` at once. One item's failure never fails the batch;
 * `failed` keeps the input order. At the first session-ended error (upstream 403) nothing new starts, the
 * in-flight items are aborted and, once they settled, a 401 `session_ended` carrying the partial result
 * (`batchCut`) is thrown: the browser learns what was done and what was not attempted.
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
  }: BatchOptions<T> = {},
): Promise<BatchResult> {
  if (items.length > MAX_BATCH_ITEMS) {
    throw problem(400, 'validation_failed', `Please select at most ${MAX_BATCH_ITEMS} records at a time.`, 'Failed');
  }

  const outcomes: Outcome[] = items.map(() => ({ kind: 'notAttempted' }));
  // Aborted by the caller's signal and by a session end; every item's own controller follows it.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  let sessionEnded = false;

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
        return { kind: 'failed', reason: { code: 'upstream_timeout', message: TIMEOUT_MESSAGE } };
      }
      return { kind: 'succeeded' };
    } catch (error) {
      if (isSessionEnded(error)) {
        sessionEnded = true;
        stop.abort(error);
        return { kind: 'notAttempted' };
      }
      // Aborted by Stop, the client leaving or another item's 403: not a failure of this item.
      if (stop.signal.aborted) return { kind: 'notAttempted' };
      if (!isUserFacing(error)) log?.warn({ err: error, itemId: item.id, index }, 'batch item failed unexpectedly');
      return { kind: 'failed', reason: itemReason(error) };
    } finally {
      clearTimeout(timer);
    }
  };

  try {
    await fanOut(items, concurrency, stop.signal, async (item, index, controller) => {
      outcomes[index] = await runItem(index, item, controller);
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }

  const result = summarize(items, outcomes, failureMessage);
  if (sessionEnded) {
    log?.warn({ batch: counts(result) }, 'batch stopped: the upstream session ended');
    throw batchCut(result);
  }
  if (result.notAttempted > 0) log?.info({ batch: counts(result) }, 'batch cancelled');
  return result;
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

function summarize<T extends BatchItem>(
  items: readonly T[],
  outcomes: readonly Outcome[],
  failureMessage: ((item: T, reason: ItemReason) => string) | undefined,
): BatchResult {
  const result: BatchResult = { total: items.length, succeeded: 0, failed: [], notAttempted: 0 };
  const notAttemptedIds: string[] = [];
  outcomes.forEach((outcome, index) => {
    const item = items[index] as T;
    if (outcome.kind === 'succeeded') result.succeeded++;
    else if (outcome.kind === 'notAttempted') notAttemptedIds.push(item.id);
    else {
      const message = failureMessage ? failureMessage(item, outcome.reason) : outcome.reason.message;
      result.failed.push({ id: item.id, name: item.name, code: outcome.reason.code, message });
    }
  });
  result.notAttempted = notAttemptedIds.length;
  return notAttemptedIds.length > 0 ? { ...result, notAttemptedIds } : result;
}
