// Idempotency-Key on the batch actions (the contract's IdempotencyKey parameter; IETF draft "The
// Idempotency-Key HTTP Header Field"). The client sends one key per user action and keeps it on retries:
// - a repeat of a finished action answers its first result and makes no legacy call;
// - a repeat of an action cut midway (the session ended: 401 with `batch`; the browser left) runs only the
//   items not attempted, and answers the whole selection's result, so nothing is sent twice;
// - the same key for another request is 422 `idempotency_key_reused`, a repeat while it runs 409.
// Keys are scoped by coach and operation, and stored hashed.
import { createHash } from 'node:crypto';
import type { OperationHandler, OperationId, SessionContext } from '../operation.ts';
import { failed, problem } from '../problem.ts';
import type { IdempotencyStore } from './idempotency-store.ts';
import { type BatchResult, batchCut, cutResult } from './run-batch.ts';

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

// The contract's texts (components/responses/IdempotencyConflict.yaml, IdempotencyKeyReused.yaml).
const IN_PROGRESS = 'This action is still in progress. Please wait a moment and try again.';
const REUSED = 'This action was already sent with other choices. Please start it again.';
const IN_PROGRESS_RETRY_AFTER_SECONDS = '2';

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

/** Has the answer items left undone (the browser left midway)? Then a repeat resumes it. */
const cutShort = (answer: unknown): answer is BatchResult => isResult(answer) && answer.notAttempted > 0;

export function idempotent<K extends OperationId>(
  operationId: K,
  handler: OperationHandler<K>,
  store: IdempotencyStore,
): OperationHandler<K> {
  return (async (input, ctx) => {
    const { session, headers, log } = ctx as SessionContext;
    const header = headers['idempotency-key'];
    if (!header) return handler(input, ctx);
    const key = hash(`${session.coachId}\n${operationId}\n${header}`);
    const fingerprint = hash(JSON.stringify([input.params, input.query, input.body]));

    const claim = await store.claim(key, fingerprint);
    if (!claim.claimed) {
      const { record } = claim;
      if (record.fingerprint !== fingerprint) throw failed(422, 'idempotency_key_reused', REUSED);
      if (record.state === 'running') {
        throw problem(409, 'idempotency_in_progress', IN_PROGRESS, 'Please Note', {}, { 'retry-after': IN_PROGRESS_RETRY_AFTER_SECONDS });
      }
      if (record.state === 'done') {
        log.info({ idempotency: 'replayed' }, 'repeat of a finished action answered from its first result');
        return record.answer as Awaited<ReturnType<OperationHandler<K>>>;
      }
    }
    const resumes = claim.claimed ? claim.resumes : undefined;
    const ids = resumes?.notAttemptedIds;
    const run = resumes && ids ? { ...input, body: { ...(input.body as Json), ids } } : input;
    if (resumes) log.info({ idempotency: 'resumed', items: ids?.length ?? 0 }, 'repeat of a cut action runs the items not attempted');

    try {
      const answer = await handler(run as typeof input, ctx);
      const whole = resumes ? mergeResults(resumes, answer) : answer;
      // The work is done whatever the store says: the answer goes out even if it could not be kept.
      await store
        .finish(key, cutShort(whole) ? { state: 'cut', fingerprint, result: whole } : { state: 'done', fingerprint, answer: whole })
        .catch((err: unknown) => log.error({ err }, 'the answer of an action with an Idempotency-Key could not be kept'));
      return whole as typeof answer;
    } catch (error) {
      const cut = cutResult(error);
      if (!cut) {
        // Refused before any item ran (a validation, the legacy list unreadable): a repeat runs afresh.
        await (resumes ? store.finish(key, { state: 'cut', fingerprint, result: resumes }) : store.release(key));
        throw error;
      }
      const whole = (resumes ? mergeResults(resumes, cut) : cut) as BatchResult;
      await store.finish(key, { state: 'cut', fingerprint, result: whole });
      throw batchCut(whole);
    }
  }) as OperationHandler<K>;
}
