// runBatch: bounded concurrency, a timeout per item, cancellation, the stop at the first upstream 403 and the
// per-item answer (the contract's BatchResult, checked on every answer).
import { describe, expect, it } from 'vitest';
import { problem, sessionEnded as sessionEndedProblem, UNEXPECTED_MESSAGE, upstreamError, upstreamTimeout } from '../problem.ts';
import { deferred, items, runBatch, tick, untilAborted } from '../test-support/run-batch-checked.ts';
import { captureLogs } from '../test-support/test-server.ts';
import { BatchItemError } from './batch-errors.ts';
import { OUTCOME_UNKNOWN, outcomeUnknownAfterNoAnswer } from './batch-ledger.ts';
import { cutResult, MAX_BATCH_ITEMS } from './run-batch.ts';

describe('runBatch', () => {
  it('answers every success', async () => {
    const result = await runBatch(items(7), async () => {});
    expect(result).toEqual({ total: 7, succeeded: 7, failed: [], notAttempted: 0 });
  });

  it('answers an empty selection', async () => {
    expect(await runBatch([], async () => {})).toEqual({ total: 0, succeeded: 0, failed: [], notAttempted: 0 });
  });

  it('never has more than `concurrency` items in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const result = await runBatch(
      items(40),
      async (_item) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await tick();
        await tick();
        inFlight--;
      },
      { concurrency: 3 },
    );
    expect(peak).toBe(3);
    expect(result.succeeded).toBe(40);
  });

  it('uses four lanes by default', async () => {
    let inFlight = 0;
    let peak = 0;
    await runBatch(items(10), async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await tick();
      inFlight--;
    });
    expect(peak).toBe(4);
  });

  it('keeps going after failures and lists them in input order, whatever order they failed in', async () => {
    const gates = items(6).map(() => deferred());
    const running = runBatch(
      items(6),
      async (item) => {
        const index = Number(item.id.slice(3));
        await gates[index]?.promise;
        if (index % 2 === 1) throw new BatchItemError('send_failed', `Mailbox ${index} unavailable`);
      },
      { concurrency: 6 },
    );
    for (const index of [5, 4, 3, 2, 1, 0]) gates[index]?.resolve();
    const result = await running;
    expect(result).toEqual({
      total: 6,
      succeeded: 3,
      notAttempted: 0,
      failed: [
        { id: 'id-1', name: 'Client 1', code: 'send_failed', message: 'Mailbox 1 unavailable' },
        { id: 'id-3', name: 'Client 3', code: 'send_failed', message: 'Mailbox 3 unavailable' },
        { id: 'id-5', name: 'Client 5', code: 'send_failed', message: 'Mailbox 5 unavailable' },
      ],
    });
  });

  it('formats failures with the caller’s message and hides unexpected causes (they go to the log)', async () => {
    const logs = captureLogs();
    const result = await runBatch(
      items(3),
      async (item) => {
        if (item.id === 'id-0') throw problem(400, 'upstream_refused', 'Mailbox unavailable');
        if (item.id === 'id-1') throw new TypeError('secret internals');
      },
      { failureMessage: (item, reason) => `${item.name} send failed with ${reason.message}`, log: logs.logger },
    );
    expect(logs.lines()).toEqual([expect.objectContaining({ level: 'warn', msg: 'batch item failed unexpectedly', itemId: 'id-1' })]);
    expect(logs.text()).toContain('secret internals');
    expect(result.failed).toEqual([
      { id: 'id-0', name: 'Client 0', code: 'upstream_refused', message: 'Client 0 send failed with Mailbox unavailable' },
      { id: 'id-1', name: 'Client 1', code: 'upstream_error', message: `Client 1 send failed with ${UNEXPECTED_MESSAGE}` },
    ]);
    expect(result.succeeded).toBe(1);
  });

  it('reports an item that takes too long as outcome_unknown (it may have been done), aborts it, and carries on', async () => {
    const aborted: string[] = [];
    const result = await runBatch(
      items(3),
      async (item, signal) => {
        if (item.id !== 'id-1') return;
        signal.addEventListener('abort', () => aborted.push(item.id));
        await new Promise(() => {});
      },
      { itemTimeoutMs: 20 },
    );
    expect(result).toEqual({
      total: 3,
      succeeded: 2,
      notAttempted: 0,
      failed: [{ id: 'id-1', name: 'Client 1', code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer('Client 1') }],
    });
    expect(outcomeUnknownAfterNoAnswer('Client 1')).toBe(
      'It is not known whether this was done for Client 1: no answer came back in time. Please check before trying again.',
    );
    expect(aborted).toEqual(['id-1']);
  });

  it('reports a legacy call that timed out or was cut off once sent as outcome_unknown; one never sent as failed', async () => {
    const cutOff = Object.assign(upstreamError(), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    const refused = Object.assign(upstreamError(), { cause: Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }) });
    const errors: Record<string, Error> = { 'id-0': upstreamTimeout(), 'id-1': cutOff, 'id-2': refused };
    const result = await runBatch(items(3), async (item) => {
      throw errors[item.id];
    });
    expect(result.failed.map(({ id, code }) => [id, code])).toEqual([
      ['id-0', OUTCOME_UNKNOWN],
      ['id-1', OUTCOME_UNKNOWN],
      ['id-2', 'upstream_error'],
    ]);
  });

  it(`refuses more than ${MAX_BATCH_ITEMS} items with a 400 problem, before calling anything`, async () => {
    let calls = 0;
    const refused = runBatch(items(MAX_BATCH_ITEMS + 1), async () => void calls++);
    await expect(refused).rejects.toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(calls).toBe(0);
    expect((await runBatch(items(MAX_BATCH_ITEMS), async () => {})).succeeded).toBe(MAX_BATCH_ITEMS);
  });

  it('on cancellation starts nothing new and lets the items in flight finish: they count as what they came to', async () => {
    const controller = new AbortController();
    const started: string[] = [];
    const aborted: string[] = [];
    const inFlight = deferred();
    const release = deferred();
    const running = runBatch(
      items(10),
      async (item, signal) => {
        started.push(item.id);
        signal.addEventListener('abort', () => aborted.push(item.id));
        if (item.id === 'id-0') return;
        if (started.length === 3) inFlight.resolve();
        await release.promise;
        if (item.id === 'id-2') throw new BatchItemError('send_failed', 'Mailbox unavailable');
      },
      { concurrency: 2, signal: controller.signal },
    );
    await inFlight.promise;
    controller.abort();
    release.resolve();
    const result = await running;
    expect(started).toEqual(['id-0', 'id-1', 'id-2']);
    // The legacy API may have done id-1 and id-2 already: counted as not attempted, a resume would send them twice.
    expect(aborted).toEqual([]);
    expect(result).toEqual({
      total: 10,
      succeeded: 2,
      failed: [{ id: 'id-2', name: 'Client 2', code: 'send_failed', message: 'Mailbox unavailable' }],
      notAttempted: 7,
      notAttemptedIds: ['id-3', 'id-4', 'id-5', 'id-6', 'id-7', 'id-8', 'id-9'],
    });
  });

  it('counts an item whose call followed the client and was aborted with it as not attempted', async () => {
    const controller = new AbortController();
    const started = deferred();
    const result = runBatch(
      items(3),
      async () => {
        started.resolve();
        await untilAborted(controller.signal);
      },
      { concurrency: 1, signal: controller.signal },
    );
    await started.promise;
    controller.abort();
    expect(await result).toEqual({ total: 3, succeeded: 0, failed: [], notAttempted: 3, notAttemptedIds: ['id-0', 'id-1', 'id-2'] });
  });

  it('starts nothing when already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    let calls = 0;
    const result = await runBatch(items(5), async () => void calls++, { signal: controller.signal });
    expect(calls).toBe(0);
    expect(result).toEqual({
      total: 5,
      succeeded: 0,
      failed: [],
      notAttempted: 5,
      notAttemptedIds: ['id-0', 'id-1', 'id-2', 'id-3', 'id-4'],
    });
  });

  it('stops at the first upstream 403: aborts the others, starts nothing more, answers 401 with what was done', async () => {
    const started: string[] = [];
    const abortedInFlight: string[] = [];
    // What the legacy client throws on an upstream 403.
    const sessionEnded = sessionEndedProblem();
    const running = runBatch(
      items(20),
      async (item, signal) => {
        started.push(item.id);
        if (item.id === 'id-0') return;
        // id-1 and id-2 are in flight by then: the three lanes start together, id-3 follows id-0.
        if (item.id === 'id-3') throw sessionEnded;
        signal.addEventListener('abort', () => abortedInFlight.push(item.id));
        await untilAborted(signal);
      },
      { concurrency: 3 },
    );
    const cut = await running.then(
      () => expect.unreachable(),
      (error: unknown) => error,
    );
    expect(cut).toMatchObject({ statusCode: 401, code: 'session_ended', detail: 'Your session has ended. Please log in again.' });
    // The browser learns that id-0 was done and which items were not attempted (id-1 to id-19), never sent twice.
    expect(cutResult(cut)).toEqual({
      total: 20,
      succeeded: 1,
      failed: [],
      notAttempted: 19,
      notAttemptedIds: [
        'id-1',
        'id-2',
        'id-3',
        'id-4',
        'id-5',
        'id-6',
        'id-7',
        'id-8',
        'id-9',
        'id-10',
        'id-11',
        'id-12',
        'id-13',
        'id-14',
        'id-15',
        'id-16',
        'id-17',
        'id-18',
        'id-19',
      ],
    });
    expect(started).toEqual(['id-0', 'id-1', 'id-2', 'id-3']);
    expect(abortedInFlight.sort()).toEqual(['id-1', 'id-2']);
  });

  it('recognises a session end thrown by another layer by its code', async () => {
    const ended = problem(401, 'session_ended', 'Your session has ended. Please log in again.');
    await expect(
      runBatch(items(3), async () => {
        throw ended;
      }),
    ).rejects.toMatchObject({ code: 'session_ended', extensions: { batch: { notAttempted: 3 } } });
    const plain = Object.assign(new Error('403'), { code: 'session_ended' });
    await expect(
      runBatch(items(3), async () => {
        throw plain;
      }),
    ).rejects.toMatchObject({ code: 'session_ended', extensions: { batch: { notAttempted: 3 } } });
  });
});

/** A ledger in memory: what was recorded before this run, and every mark and outcome this run writes. */
