import { describe, expect, it } from 'vitest';
import type { ContextOf, OperationInput } from '../operation.ts';
import { problem } from '../problem.ts';
import { captureLogs } from '../test-support/test-server.ts';
import { type LedgerEntry, outcomeUnknown } from './batch-ledger.ts';
import { batchOptions, newRun } from './batch-run.ts';
import { IDEMPOTENCY_LEASE_MS, MemoryIdempotencyStore } from './idempotency-store.ts';
import { idempotent, mergeResults, recordedResult } from './idempotent.ts';
import { runBatch } from './run-batch.ts';

describe('mergeResults', () => {
  it('adds up the counts, joins the lists and keeps what the resumed run left undone', () => {
    const cut = {
      total: 5,
      succeeded: 2,
      failed: [{ id: 'a', name: 'A', code: 'send_failed', message: 'A send failed with x' }],
      notAttempted: 2,
      notAttemptedIds: ['d', 'e'],
    };
    const resumed = { total: 2, succeeded: 1, failed: [], notAttempted: 1, notAttemptedIds: ['e'], reminders: 1, drafts: [] };
    expect(mergeResults(cut, resumed)).toEqual({
      total: 5,
      succeeded: 3,
      failed: cut.failed,
      notAttempted: 1,
      notAttemptedIds: ['e'],
      reminders: 1,
      drafts: [],
    });
    expect(mergeResults(cut, { ...resumed, succeeded: 2, notAttempted: 0, notAttemptedIds: undefined })).not.toHaveProperty(
      'notAttemptedIds',
    );
  });
});

describe('recordedResult', () => {
  it('counts what an earlier attempt recorded: successes, failures with their messages, and items in doubt by name', () => {
    const recorded = new Map<string, LedgerEntry>([
      ['a', { outcome: 'succeeded', name: 'A' }],
      ['b', { outcome: 'failed', name: 'B', code: 'send_failed', message: 'B send failed with x' }],
      ['c', { outcome: 'started', name: 'C' }],
    ]);
    expect(recordedResult(['a', 'b', 'c'], recorded)).toEqual({
      total: 3,
      succeeded: 1,
      failed: [
        { id: 'b', name: 'B', code: 'send_failed', message: 'B send failed with x' },
        { id: 'c', name: 'C', code: 'outcome_unknown', message: outcomeUnknown('C') },
      ],
      notAttempted: 0,
    });
  });
});

describe('idempotent', () => {
  const silent = captureLogs().logger;
  /** The context of a call with the key, and the run it starts with. */
  const inRun = (key: string) => {
    const ctx = contextOf(key);
    return [ctx, newRun(ctx)] as const;
  };
  const contextOf = (key: string) =>
    ({
      session: { coachId: 'coach-1' },
      headers: { 'idempotency-key': key },
      log: silent,
      signal: new AbortController().signal,
      legacy: { detached: () => ({}) },
    }) as unknown as ContextOf<'deleteAssessments'>;

  it('after its owner died, runs only the selected ids without a record and answers the whole selection', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ now: () => now });
    const selections: string[][] = [];
    const hung = new Promise<void>(() => {});
    let bStarted!: () => void;
    const bInFlight = new Promise<void>((resolve) => {
      bStarted = resolve;
    });
    const action = idempotent(
      'deleteAssessments',
      async ({ body }, _ctx, run) => {
        selections.push(body.ids);
        const items = body.ids.map((id) => ({ id, name: id.toUpperCase() }));
        return runBatch(
          items,
          async (item) => {
            if (item.id !== 'b' || selections.length > 1) return;
            bStarted();
            await hung;
          },
          { concurrency: 1, ...batchOptions(run) },
        );
      },
      store,
    );
    const input = { params: {}, query: {}, body: { ids: ['a', 'b', 'c'] } } as OperationInput<'deleteAssessments'>;
    void action(input, ...inRun('key-0001'));
    await bInFlight;
    await expect(action(input, ...inRun('key-0001'))).rejects.toMatchObject({ statusCode: 409, code: 'idempotency_in_progress' });

    // Its instance died: nobody renews the lease.
    now += IDEMPOTENCY_LEASE_MS;
    const whole = await action(input, ...inRun('key-0001'));
    expect(selections).toEqual([['a', 'b', 'c'], ['c']]);
    expect(whole).toEqual({
      total: 3,
      succeeded: 2,
      failed: [{ id: 'b', name: 'B', code: 'outcome_unknown', message: outcomeUnknown('B') }],
      notAttempted: 0,
    });
    // Kept as the answer: a repeat makes no call.
    expect(await action(input, ...inRun('key-0001'))).toEqual(whole);
    expect(selections).toHaveLength(2);
  });

  it('answers a repeat of an action whose answer was too large to keep 409 idempotency_answer_not_kept, and does nothing again', async () => {
    const store = new MemoryIdempotencyStore({ recordMaxBytes: 200 });
    let calls = 0;
    const action = idempotent(
      'deleteAssessments',
      async ({ body }, _ctx, run) => {
        calls++;
        return runBatch(
          body.ids.map((id) => ({ id, name: `Client ${id}` })),
          async (item) => {
            throw problem(400, 'delete_failed', `${item.name} could not be deleted.`);
          },
          batchOptions(run),
        );
      },
      store,
    );
    const input = { params: {}, query: {}, body: { ids: ['a', 'b', 'c', 'd', 'e', 'f'] } } as OperationInput<'deleteAssessments'>;
    expect(await action(input, ...inRun('key-0003'))).toMatchObject({ total: 6, failed: expect.any(Array) });
    await expect(action(input, ...inRun('key-0003'))).rejects.toMatchObject({
      statusCode: 409,
      code: 'idempotency_answer_not_kept',
      detail: 'This action was done already, but its result was too large to keep. Please refresh the list to see where things stand.',
    });
    expect(calls).toBe(1);
  });

  it('answers from the ledger when every item has an outcome but the answer was lost (Redis went away before it was kept)', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ now: () => now });
    const keep = store.finish.bind(store);
    let redisAway = true;
    store.finish = (...args: Parameters<typeof store.finish>) =>
      redisAway ? Promise.reject(new Error('Connection is closed.')) : keep(...args);
    let calls = 0;
    const action = idempotent(
      'deleteAssessments',
      async ({ body }, _ctx, run) => {
        calls++;
        // The legacy API refuses an empty selection: the repeat must not come here.
        if (body.ids.length === 0) throw problem(400, 'nothing_to_send', 'Nothing to send.');
        return runBatch(
          body.ids.map((id) => ({ id, name: id.toUpperCase() })),
          async (item) => {
            if (item.id === 'b') throw problem(400, 'send_failed', 'B send failed with x');
          },
          batchOptions(run),
        );
      },
      store,
      { total: 0, succeeded: 0, failed: [], notAttempted: 0, reminders: 0, drafts: [] },
    );
    const input = { params: {}, query: {}, body: { ids: ['a', 'b', 'c'] } } as OperationInput<'deleteAssessments'>;
    expect(await action(input, ...inRun('key-0003'))).toMatchObject({ total: 3, succeeded: 2 });

    // The answer was not kept; the claim lapses; Redis is back.
    now += IDEMPOTENCY_LEASE_MS;
    redisAway = false;
    const repeat = await action(input, ...inRun('key-0003'));
    expect(calls).toBe(1);
    expect(repeat).toEqual({
      total: 3,
      succeeded: 2,
      failed: [{ id: 'b', name: 'B', code: 'send_failed', message: 'B send failed with x' }],
      notAttempted: 0,
      reminders: 0,
      drafts: [],
    });
    // Kept this time: nothing is left running.
    expect(await action(input, ...inRun('key-0003'))).toEqual(repeat);
    expect(calls).toBe(1);
  });

  it('frees the key of a request refused before any item ran: a repeat runs afresh', async () => {
    const store = new MemoryIdempotencyStore();
    let refuse = true;
    const action = idempotent(
      'deleteAssessments',
      async ({ body }, _ctx, run) => {
        if (refuse) throw problem(502, 'upstream_error', 'There was an unexpected error');
        return runBatch(
          body.ids.map((id) => ({ id, name: id })),
          async () => {},
          batchOptions(run),
        );
      },
      store,
    );
    const input = { params: {}, query: {}, body: { ids: ['a'] } } as OperationInput<'deleteAssessments'>;
    await expect(action(input, ...inRun('key-0002'))).rejects.toMatchObject({ statusCode: 502 });
    // Freed: the same key may even carry another request.
    await expect(action({ ...input, body: { ids: ['b'] } }, ...inRun('key-0002'))).rejects.toMatchObject({ statusCode: 502 });
    refuse = false;
    expect(await action(input, ...inRun('key-0002'))).toMatchObject({ total: 1, succeeded: 1 });
  });
});
