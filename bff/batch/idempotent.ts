// Idempotency-Key on the batch actions (the contract's IdempotencyKey parameter; IETF draft "The
// Idempotency-Key HTTP Header Field"). The client sends one key per user action and keeps it on retries:
// - a repeat of a finished action answers its first result and makes no legacy call;
// - a repeat while the action runs answers 409 `idempotency_in_progress`. The running request holds the key by a
//   lease it renews (idempotency-store.ts): if its instance dies, the lease lapses within seconds;
// - each item is marked started before its legacy call and its outcome is recorded as it settles (the ledger,
//   batch-ledger.ts). A repeat after a cut (the session ended: 401 with `batch`; the browser left) or after the
//   instance running it died runs only the items with neither, and answers the whole selection's result: counts
//   added, failures by name. An item started whose outcome never came back is in doubt: it is reported failed
//   with `outcome_unknown`, never sent again. So nothing is sent twice, and nothing is lost without a word;
// - the same key for another request is 422 `idempotency_key_reused`.
// Keys are scoped by coach and operation, and stored hashed. Every batch action's items in flight finish when
// the browser leaves (their calls no longer follow it), so their outcomes are recorded too.
import { createHash } from 'node:crypto';
import type { Log, OperationHandler, OperationId, SessionContext } from '../operation.ts';
import { failed, problem } from '../problem.ts';
import type { BatchLedger, LedgerEntry } from './batch-ledger.ts';
import { recordedFailure } from './batch-ledger.ts';
import type { RunHandler } from './batch-run.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import { type BatchResult, batchCut, cutResult } from './run-batch.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

// The contract's texts (components/responses/IdempotencyConflict.yaml, IdempotencyKeyReused.yaml).
const IN_PROGRESS = 'This action is still in progress. Please wait a moment and try again.';
const REUSED = 'This action was already sent with other choices. Please start it again.';
const IN_PROGRESS_RETRY_AFTER_SECONDS = '2';
// A finished action whose answer was larger than IDEMPOTENCY_RECORD_MAX_BYTES: only that it was done is kept.
const NOT_KEPT = 'This action was done already, but its result was too large to keep. Please refresh the list to see where things stand.';

type Json = Record<string, unknown>;
const isResult = (value: unknown): value is BatchResult & Json =>
  typeof value === 'object' && value !== null && typeof (value as Json).total === 'number' && Array.isArray((value as Json).failed);

/**
 * The answer for the whole selection from a cut attempt's result and the resumed run's answer: the first
 * total; counts (succeeded, reminders, skipped…) added up; lists (failed, drafts) joined; what is still not
 * attempted is the resumed run's.
 */
export function mergeResults(first: BatchResult, resumed: unknown): unknown {
  if (!isResult(resumed)) return resumed;
  const merged: Json = { ...resumed };
  for (const [name, value] of Object.entries(first)) {
    const later = resumed[name];
    if (name === 'total' || name === 'notAttempted' || name === 'notAttemptedIds') continue;
    if (typeof value === 'number' && typeof later === 'number') merged[name] = value + later;
    else if (Array.isArray(value) && Array.isArray(later)) merged[name] = [...value, ...later];
  }
  const { notAttemptedIds: _, ...withoutIds } = merged;
  return { ...withoutIds, total: first.total, ...(resumed.notAttempted > 0 && { notAttemptedIds: resumed.notAttemptedIds }) };
}

/** The result of the items an earlier attempt recorded (left out of the resumed run), in the order given. */
export function recordedResult(ids: readonly string[], recorded: ReadonlyMap<string, LedgerEntry>): BatchResult {
  const result: BatchResult = { total: ids.length, succeeded: 0, failed: [], notAttempted: 0 };
  for (const id of ids) {
    const failure = recordedFailure(id, recorded.get(id) as LedgerEntry);
    if (failure) result.failed.push(failure);
    else result.succeeded++;
  }
  return result;
}

/** The resumed run's answer with the recorded items' result added: they are part of its total. */
const withRecorded = (recorded: BatchResult, answer: unknown): unknown =>
  isResult(answer) ? { ...(mergeResults(recorded, answer) as Json), total: recorded.total + answer.total } : answer;

/** Has the answer items left undone (the browser left midway)? Then a repeat resumes it. */
const cutShort = (answer: unknown): answer is BatchResult => isResult(answer) && answer.notAttempted > 0;

/**
 * What a claimed run does and how its answer becomes the whole selection's: after a cut, only its not-attempted
 * ids; items an earlier attempt recorded are left out (so rules on the whole selection, such as a wrap-up that may
 * not mix states, judge only what is left) and answered from the ledger. Items that are not the selection's ids
 * (e.g. one call per receiving coach) are answered from the ledger by `runBatch` itself.
 */
function resumption(body: unknown, resumes: BatchResult | undefined, recorded: ReadonlyMap<string, LedgerEntry>) {
  const selected = resumes ? resumes.notAttemptedIds : ((body as Json | undefined)?.ids as string[] | undefined);
  const done = selected?.filter((id) => recorded.has(id)) ?? [];
  const ids = done.length > 0 ? selected?.filter((id) => !recorded.has(id)) : resumes ? selected : undefined;
  const earlier = done.length > 0 ? recordedResult(done, recorded) : undefined;
  return {
    ids,
    resumed: resumes !== undefined || done.length > 0,
    whole: (answer: unknown): unknown => {
      const withEarlier = earlier ? withRecorded(earlier, answer) : answer;
      return resumes ? mergeResults(resumes, withEarlier) : withEarlier;
    },
  };
}

/** Renews the lease while the action runs; a lost lease is logged (runBatch then starts nothing more: the ledger refuses). */
function keepLease(store: IdempotencyStore, key: string, owner: string, log: Log): () => void {
  let running = true;
  const timer = setInterval(() => {
    store.renew(key, owner).then(
      (held) => {
        if (held || !running) return;
        log.warn({ idempotency: 'lease_lost' }, 'the Idempotency-Key of a running action was taken over: its lease lapsed');
        clearInterval(timer);
      },
      (err: unknown) => log.warn({ err }, 'the lease of an action with an Idempotency-Key could not be renewed'),
    );
  }, store.renewEveryMs);
  timer.unref();
  return () => {
    running = false;
    clearInterval(timer);
  };
}

function ledgerOf(store: IdempotencyStore, key: string, owner: string, recorded: ReadonlyMap<string, LedgerEntry>) {
  let started = 0;
  const ledger: BatchLedger = {
    recorded: (id) => recorded.get(id),
    start: async (item) => {
      const marked = await store.start(key, owner, item.id, { outcome: 'started', name: item.name });
      if (marked) started++;
      return marked;
    },
    settle: (item, entry) => store.record(key, item.id, entry),
  };
  return { ledger, startedAny: () => started > 0 };
}

/**
 * The Idempotency-Key wrapper of a batch (`idempotent: true`): the run it hands on has the ledger, and its legacy
 * client detached (the items in flight finish when the browser leaves).
 */
export function idempotent<K extends OperationId>(
  operationId: K,
  handler: RunHandler<K>,
  store: IdempotencyStore,
  /**
   * The operation's answer when no item ran (every count 0, every list empty: `emptyAnswerOf`), for a per-item
   * result; without one, a repeat with nothing left runs the handler.
   */
  nothingLeft?: Record<string, unknown>,
): RunHandler<K> {
  return (async (input, ctx, outer) => {
    const { session, headers } = ctx as SessionContext;
    const { log } = outer;
    // Its items' calls run to their end (or their own timeout) when the browser leaves: runBatch starts nothing new.
    const detached = { ...outer, legacy: outer.legacy.detached() };
    const header = headers['idempotency-key'];
    if (!header) return handler(input, ctx, detached);
    const key = hash(`${session.coachId}\n${operationId}\n${header}`);
    // The coach's records share a quota (idempotency-store.ts): a coach's many large results push out their own oldest.
    const scope = hash(session.coachId);
    const fingerprint = hash(JSON.stringify([input.params, input.query, input.body]));

    const claim = await store.claim(key, fingerprint);
    if (!claim.claimed) {
      const { record } = claim;
      if (record.fingerprint !== fingerprint) throw failed(422, 'idempotency_key_reused', REUSED);
      if (record.state === 'running') {
        throw problem(409, 'idempotency_in_progress', IN_PROGRESS, 'Please Note', {}, { 'retry-after': IN_PROGRESS_RETRY_AFTER_SECONDS });
      }
      if (record.state === 'done' && record.notKept) {
        log.info({ idempotency: 'not_kept' }, 'repeat of a finished action whose answer was too large to keep');
        throw problem(409, 'idempotency_answer_not_kept', NOT_KEPT, 'Please Note');
      }
      if (record.state === 'done') {
        log.info({ idempotency: 'replayed' }, 'repeat of a finished action answered from its first result');
        return record.answer as Awaited<ReturnType<OperationHandler<K>>>;
      }
    }
    const { owner, resumes, recorded } = claim as Extract<typeof claim, { claimed: true }>;
    const { ids, resumed, whole } = resumption(input.body, resumes, recorded);
    const run = ids ? { ...input, body: { ...(input.body as Json), ids } } : input;
    if (resumed) {
      log.info(
        { idempotency: 'resumed', items: ids?.length ?? 0, recorded: recorded.size },
        'repeat of a cut or interrupted action runs the items without an outcome',
      );
    }
    const { ledger, startedAny } = ledgerOf(store, key, owner, recorded);
    const stopRenewing = keepLease(store, key, owner, log);
    const finish = async (record: Parameters<IdempotencyStore['finish']>[2]) => {
      stopRenewing();
      const kept = await store.finish(key, owner, record, scope);
      if (!kept) log.warn({ idempotency: 'lease_lost' }, 'the answer of an action whose Idempotency-Key was taken over is not kept');
    };

    try {
      // Every item has an outcome already (the earlier attempt's answer was lost with its instance or with Redis):
      // the answer is the ledger's; the handler would refuse an empty selection.
      const answer =
        ids?.length === 0 && nothingLeft ? { ...nothingLeft } : await handler(run as typeof input, ctx, { ...detached, ledger });
      const result = whole(answer);
      // The work is done whatever the store says: the answer goes out even if it could not be kept.
      await finish(cutShort(result) ? { state: 'cut', fingerprint, result } : { state: 'done', fingerprint, answer: result }).catch(
        (err: unknown) => log.error({ err }, 'the answer of an action with an Idempotency-Key could not be kept'),
      );
      return result as typeof answer;
    } catch (error) {
      const cut = cutResult(error);
      if (!cut) {
        stopRenewing();
        // Refused before any item ran (a validation, the legacy list unreadable): a repeat runs afresh, or resumes
        // what earlier attempts left.
        await (resumed || recorded.size > 0 || startedAny() ? store.abandon(key, owner) : store.release(key, owner));
        throw error;
      }
      const result = whole(cut) as BatchResult;
      await finish({ state: 'cut', fingerprint, result });
      throw batchCut(result);
    } finally {
      stopRenewing();
    }
  }) as RunHandler<K>;
}
