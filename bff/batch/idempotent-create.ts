// Idempotency-Key on the actions that make one record or cost credits (add a client, order credits, add a team,
// sign a policy…; the routes entries that say `idempotentCreate: true`). One outcome per key, not one per item as
// the batches (idempotent.ts), kept in the same store:
// - the first request claims the key (scoped by coach and operation, or by the public link for a public page, and
//   stored hashed), runs the action, and keeps its outcome: the answer, or the refusal the action gave for that
//   input (a 4xx problem). A repeat with the same key and body answers that outcome and makes no legacy call;
// - a repeat while the first still runs (a double-click) waits for the first outcome and answers it; only when the
//   wait runs out (the operation's timeout) does it answer 409 `idempotency_in_progress`;
// - an outcome that is not known (a call that may change something timed out, was cut off, or the legacy API
//   failed after taking it; or the instance running it died, so its lease lapsed with no outcome) is never run
//   again: the first request answers its own failure, a repeat 409 `outcome_unknown`, asking the coach to check;
// - a failure after which nothing can have changed (no call went out that could change something, or its
//   connection never opened) is forgotten, so a retry runs;
// - the same key with another body is 422 `idempotency_key_reused`.
// Without the header, the action runs as it always did.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpAnswer, type Log, type OperationContext, type OperationHandler, type OperationId } from '../operation.ts';
import { failed, ProblemError, problem } from '../problem.ts';
import { type LegacyClient, mayChangeState, sentNothing } from '../upstream/legacy-client.ts';
import { OUTCOME_UNKNOWN } from './batch-ledger.ts';
import type { BatchRun, RunHandler } from './batch-run.ts';
import type { IdempotencyStore } from './idempotency-store.ts';

const hash = (text: string | Buffer) => createHash('sha256').update(text).digest('base64url');
/** A coach's records count toward the coach's quota (as a batch's do: idempotent.ts); a public link's toward none. */
const quotaOf = (session: OperationContext['session']) => (session ? hash(session.coachId) : undefined);

// The contract's texts (components/responses/IdempotencyConflict.yaml, IdempotencyKeyReused.yaml).
const IN_PROGRESS = 'This action is still in progress. Please wait a moment and try again.';
const REUSED = 'This action was already sent with other choices. Please start it again.';
const IN_PROGRESS_RETRY_AFTER_SECONDS = '2';
/** The first attempt stopped between its call and its answer (its instance died): the legacy API may have done it. */
export const STOPPED_UNKNOWN =
  'It is not known whether this was done: the portal stopped while it was in progress. Please check before trying again.';
/** The first attempt's call got no usable answer (timed out, cut off, the legacy API failed): it may have been done. */
export const NO_ANSWER_UNKNOWN = 'It is not known whether this was done: no answer came back in time. Please check before trying again.';

/** The first attempt finished, but the store kept only that it did (its record was too large to keep). */
export const DONE_NOT_KEPT = 'This was done already, but its answer was not kept. Please check before trying again.';

/** The ledger item that marks the action started (its one entry: a takeover that finds it knows a call may have gone out). */
const STARTED_ITEM = 'action';
/** How often a repeat looks for the first request's outcome while it waits. */
export const WAIT_POLL_MS = 100;
/** A streamed body (an upload) is read whole for its fingerprint up to this size; a larger one runs as it would without a key. */
export const STREAMED_BODY_MAX_BYTES = 16 * 1024 * 1024;
/** Refusals that are not the action's answer to the input: the session ended, a rate limit, a timeout of the browser's request. */
const NOT_KEPT_STATUSES: ReadonlySet<number> = new Set([401, 408, 429]);

/** A kept outcome: the answer (its status and headers when not a plain 200), or the problem it was refused with. */
type Outcome =
  | { answer: { body: unknown; status?: number; headers?: Record<string, string> } }
  | {
      problem: {
        status: number;
        code: string;
        detail: string;
        title: string;
        extensions: Record<string, unknown>;
        headers: Record<string, string>;
      };
    };

const unknownOutcome = (detail: string): Outcome => ({
  problem: { status: 409, code: OUTCOME_UNKNOWN, detail, title: 'Please Note', extensions: {}, headers: {} },
});

function outcomeOfAnswer(answer: unknown): Outcome {
  if (!(answer instanceof HttpAnswer)) return { answer: { body: answer } };
  return { answer: { body: answer.body, status: answer.status, headers: { ...answer.headers } } };
}

const outcomeOfProblem = (error: ProblemError): Outcome => ({
  problem: {
    status: error.statusCode,
    code: error.code,
    detail: error.detail,
    title: error.title,
    extensions: error.extensions,
    headers: error.headers,
  },
});

/** The kept outcome as the handler would have given it: an answer returned, a problem thrown. */
function replay(outcome: Outcome): unknown {
  if ('problem' in outcome) {
    const { status, code, detail, title, extensions, headers } = outcome.problem;
    throw problem(status, code, detail, title, extensions, headers);
  }
  const { body, status, headers } = outcome.answer;
  return status === undefined ? body : new HttpAnswer(status, body, headers);
}

const isOutcome = (value: unknown): value is Outcome =>
  typeof value === 'object' && value !== null && ('answer' in value || 'problem' in value);

/** What the legacy calls of one attempt did: whether one that may change something went out, and whether one's outcome is in doubt. */
interface CallsSeen {
  changed: boolean;
  inDoubt: boolean;
}

/** The client, detached from the browser (its calls run to their end when the browser leaves) and watched. */
function watched(client: LegacyClient, seen: CallsSeen): LegacyClient {
  const detached = client.detached();
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
  const watchedClient = { ...detached, detached: () => watchedClient } as Record<string, unknown>;
  for (const method of methods) {
    const call = detached[method] as unknown as (path: string, init?: unknown) => Promise<unknown>;
    watchedClient[method] = async (path: string, init?: unknown) => {
      if (!mayChangeState(method, path)) return call(path, init);
      try {
        const answer = await call(path, init);
        seen.changed = true;
        return answer;
      } catch (error) {
        // A legacy 403 (the session ended) refused it; a connection that never opened sent nothing.
        if (!(error instanceof ProblemError && error.code === 'session_ended') && !sentNothing(error)) seen.inDoubt = true;
        throw error;
      }
    };
  }
  return watchedClient as unknown as LegacyClient;
}

/** Renews the lease while the action runs; a lost lease is logged (its outcome is then not kept). */
function keepLease(store: IdempotencyStore, key: string, owner: string, log: Log): () => void {
  const timer = setInterval(() => {
    store.renew(key, owner).then(
      (held) => {
        if (held) return;
        log.warn({ idempotency: 'lease_lost' }, 'the Idempotency-Key of a running action was taken over: its lease lapsed');
        clearInterval(timer);
      },
      (err: unknown) => log.warn({ err }, 'the lease of an action with an Idempotency-Key could not be renewed'),
    );
  }, store.renewEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The fingerprint of the request and the body the handler reads: a JSON body as is; a streamed one (an upload) read
 * whole, its multipart boundary (the browser's, new on every request) left out, and handed on as a new stream.
 * Undefined for a streamed body larger than STREAMED_BODY_MAX_BYTES (it runs without the key: the handler refuses it).
 */
async function fingerprintOf(
  input: { params: unknown; query: unknown; body: unknown },
  headers: { 'content-type'?: string | undefined; 'content-length'?: string | undefined },
): Promise<{ fingerprint: string; body: unknown } | { tooLarge: Readable }> {
  if (!(input.body instanceof Readable))
    return { fingerprint: hash(JSON.stringify([input.params, input.query, input.body])), body: input.body };
  const stream = input.body;
  // One that says it is larger is handed on unread (the handler refuses it before reading).
  if (Number(headers['content-length']) > STREAMED_BODY_MAX_BYTES) return { tooLarge: stream };
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | Uint8Array>;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const bytes = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(bytes);
    size += bytes.length;
    if (size > STREAMED_BODY_MAX_BYTES) {
      // What was read, then the rest as it comes.
      async function* whole() {
        yield* chunks;
        for (let more = await iterator.next(); !more.done; more = await iterator.next()) yield more.value;
      }
      return { tooLarge: Readable.from(whole()) };
    }
  }
  const bytes = Buffer.concat(chunks);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const text = bytes.toString('latin1');
  const content = boundary ? text.split(boundary).join('') : text;
  return {
    fingerprint: hash(JSON.stringify([input.params, input.query, hash(Buffer.from(content, 'latin1'))])),
    body: Readable.from([bytes]),
  };
}

export interface IdempotentCreateOptions {
  /** How long a repeat waits for the first request's outcome before it answers 409 (the operation's timeout). */
  waitMs: number;
  /** How often it looks (WAIT_POLL_MS). */
  pollMs?: number;
}

/**
 * The Idempotency-Key wrapper of a create (`idempotentCreate: true`): a claimed run hands on its legacy clients
 * watched (and detached from the browser), so its outcome is known even when the call fails.
 */
export function idempotentCreate<K extends OperationId>(
  operationId: K,
  handler: RunHandler<K>,
  store: IdempotencyStore,
  { waitMs, pollMs = WAIT_POLL_MS }: IdempotentCreateOptions,
): RunHandler<K> {
  return (async (input, ctx, outer) => {
    const { session, headers } = ctx as OperationContext;
    const { log } = outer;
    const header = headers['idempotency-key'];
    if (!header) return handler(input, ctx, outer);
    const read = await fingerprintOf(input, headers);
    if ('tooLarge' in read) return handler({ ...input, body: read.tooLarge } as typeof input, ctx, outer);
    const { fingerprint } = read;
    const run = { ...input, body: read.body } as typeof input;
    // A public page has no coach: its link (the path's parameters) scopes the key.
    const scope = session ? `coach ${session.coachId}` : `link ${JSON.stringify(input.params)}`;
    const key = hash(`${scope}\n${operationId}\n${header}`);

    const deadline = performance.now() + waitMs;
    for (;;) {
      const claim = await store.claim(key, fingerprint);
      if (claim.claimed) {
        const { owner, recorded } = claim;
        if (recorded.has(STARTED_ITEM)) {
          // The first attempt's instance stopped while it ran: its lease lapsed with no outcome kept.
          log.warn({ idempotency: 'outcome_unknown' }, 'repeat of an action whose first attempt stopped while it ran');
          const outcome = unknownOutcome(STOPPED_UNKNOWN);
          await store.finish(key, owner, { state: 'done', fingerprint, answer: outcome }, quotaOf(session));
          return replay(outcome) as Awaited<ReturnType<OperationHandler<K>>>;
        }
        return runClaimed(run, ctx, outer, key, owner, fingerprint);
      }
      const { record } = claim;
      if (record.fingerprint !== fingerprint) throw failed(422, 'idempotency_key_reused', REUSED);
      if (record.state === 'done') {
        log.info({ idempotency: 'replayed' }, 'repeat of a finished action answered from its first outcome');
        // A record the store could not keep whole says only that it was done.
        return replay(isOutcome(record.answer) ? record.answer : unknownOutcome(DONE_NOT_KEPT)) as Awaited<ReturnType<OperationHandler<K>>>;
      }
      if (performance.now() + pollMs > deadline) {
        throw problem(409, 'idempotency_in_progress', IN_PROGRESS, 'Please Note', {}, { 'retry-after': IN_PROGRESS_RETRY_AFTER_SECONDS });
      }
      await sleep(pollMs);
    }
  }) as RunHandler<K>;

  async function runClaimed(
    input: Parameters<OperationHandler<K>>[0],
    ctx: Parameters<OperationHandler<K>>[1],
    outer: BatchRun,
    key: string,
    owner: string,
    fingerprint: string,
  ): Promise<Awaited<ReturnType<OperationHandler<K>>>> {
    const { session } = ctx as OperationContext;
    const { log } = outer;
    const quota = quotaOf(session);
    const seen: CallsSeen = { changed: false, inDoubt: false };
    const run: BatchRun = { ...outer, legacy: watched(outer.legacy, seen), publicLegacy: watched(outer.publicLegacy, seen) };
    const stopRenewing = keepLease(store, key, owner, log);
    const keep = async (outcome: Outcome) => {
      stopRenewing();
      const kept = await store.finish(key, owner, { state: 'done', fingerprint, answer: outcome }, quota).catch((err: unknown) => {
        log.error({ err }, 'the outcome of an action with an Idempotency-Key could not be kept');
        return true;
      });
      if (!kept) log.warn({ idempotency: 'lease_lost' }, 'the outcome of an action whose Idempotency-Key was taken over is not kept');
    };
    try {
      // A takeover after this instance stopped finds the mark and never runs the action again.
      await store.start(key, owner, STARTED_ITEM, { outcome: 'started', name: operationId });
      const answer = await handler(input, ctx, run);
      await keep(outcomeOfAnswer(answer));
      return answer;
    } catch (error) {
      if (error instanceof ProblemError && error.statusCode < 500 && !NOT_KEPT_STATUSES.has(error.statusCode)) {
        await keep(outcomeOfProblem(error));
      } else if (seen.changed || seen.inDoubt) {
        log.warn({ idempotency: 'outcome_unknown' }, 'an action with an Idempotency-Key failed after a call that may have done it');
        await keep(unknownOutcome(NO_ANSWER_UNKNOWN));
      } else {
        // Nothing can have changed: a retry with the key runs afresh.
        stopRenewing();
        await store.release(key, owner).catch((err: unknown) => log.warn({ err }, 'an Idempotency-Key could not be released'));
      }
      throw error;
    } finally {
      stopRenewing();
    }
  }
}
