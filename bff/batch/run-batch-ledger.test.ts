// runBatch under an Idempotency-Key (each item marked started before its call and recorded as it settles: its
// ledger) and as a job (its progress told, a Stop heard).
import { describe, expect, it } from 'vitest';
import { sessionEnded, upstreamTimeout } from '../problem.ts';
import { items, runBatch, untilAborted } from '../test-support/run-batch-checked.ts';
import { captureLogs } from '../test-support/test-server.ts';
import { BatchItemError } from './batch-errors.ts';
import { type BatchLedger, type LedgerEntry, OUTCOME_UNKNOWN, outcomeUnknown, outcomeUnknownAfterNoAnswer } from './batch-ledger.ts';
import { cutResult } from './run-batch.ts';

function fakeLedger(before: Record<string, LedgerEntry> = {}, { startsAllowed = Number.POSITIVE_INFINITY } = {}) {
  const entries = new Map(Object.entries(before));
  const events: string[] = [];
  let starts = 0;
  const ledger: BatchLedger = {
    recorded: (id) => before[id],
    start: async (item) => {
      if (++starts > startsAllowed) return false;
      entries.set(item.id, { outcome: 'started', name: item.name });
      events.push(`start ${item.id}`);
      return true;
    },
    settle: async (item, entry) => {
      if (entry) entries.set(item.id, entry);
      else entries.delete(item.id);
      events.push(`${entry?.outcome ?? 'clear'} ${item.id}`);
    },
  };
  return { ledger, entries, events };
}

describe('runBatch with a ledger (a request with an Idempotency-Key)', () => {
  it('marks each item started before its call and records its outcome once it settled', async () => {
    const { ledger, entries, events } = fakeLedger();
    const calls: string[] = [];
    const result = await runBatch(
      items(3),
      async (item) => {
        calls.push(`call ${item.id}`);
        events.push(`call ${item.id}`);
        if (item.id === 'id-1') throw new BatchItemError('send_failed', 'Mailbox unavailable');
      },
      { concurrency: 1, ledger, failureMessage: (item, reason) => `${item.name} send failed with ${reason.message}` },
    );
    expect(events).toEqual([
      'start id-0',
      'call id-0',
      'succeeded id-0',
      'start id-1',
      'call id-1',
      'failed id-1',
      'start id-2',
      'call id-2',
      'succeeded id-2',
    ]);
    expect(entries.get('id-1')).toEqual({
      outcome: 'failed',
      name: 'Client 1',
      code: 'send_failed',
      message: 'Client 1 send failed with Mailbox unavailable',
    });
    expect(result.succeeded).toBe(2);
  });

  it('runs only the items an earlier attempt did not record; one started without an outcome fails as outcome_unknown, never sent again', async () => {
    const { ledger } = fakeLedger({
      'id-0': { outcome: 'succeeded', name: 'Client 0' },
      'id-1': { outcome: 'failed', name: 'Client 1', code: 'send_failed', message: 'Client 1 send failed with Quota exceeded' },
      'id-2': { outcome: 'started', name: 'Client 2' },
    });
    const calls: string[] = [];
    const result = await runBatch(items(5), async (item) => void calls.push(item.id), { ledger });
    expect(calls.sort()).toEqual(['id-3', 'id-4']);
    expect(result).toEqual({
      total: 5,
      succeeded: 3,
      notAttempted: 0,
      failed: [
        { id: 'id-1', name: 'Client 1', code: 'send_failed', message: 'Client 1 send failed with Quota exceeded' },
        { id: 'id-2', name: 'Client 2', code: OUTCOME_UNKNOWN, message: outcomeUnknown('Client 2') },
      ],
    });
    expect(outcomeUnknown('Client 2')).toBe(
      'It is not known whether this was done for Client 2: the portal stopped while it was in progress. Please check before trying again.',
    );
  });

  it('records an item whose call timed out as outcome_unknown: a repeat answers it so and never sends it again', async () => {
    const { ledger, entries } = fakeLedger();
    const calls: string[] = [];
    await runBatch(
      items(2),
      async (item) => {
        calls.push(item.id);
        if (item.id === 'id-1') throw upstreamTimeout();
      },
      { ledger },
    );
    const inDoubt = { outcome: 'failed', name: 'Client 1', code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer('Client 1') };
    expect(entries.get('id-1')).toEqual(inDoubt);

    const repeat = fakeLedger(Object.fromEntries(entries));
    const again = await runBatch(items(2), async (item) => void calls.push(item.id), { ledger: repeat.ledger });
    expect(calls).toEqual(['id-0', 'id-1']);
    expect(again.failed).toEqual([
      { id: 'id-1', name: 'Client 1', code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer('Client 1') },
    ]);
  });

  it('clears the marks of the items a session end aborted: they were not done and a resume sends them', async () => {
    const { ledger, entries } = fakeLedger();
    const cut = await runBatch(
      items(4),
      async (item, signal) => {
        if (item.id === 'id-1') throw sessionEnded();
        await untilAborted(signal);
      },
      { concurrency: 2, ledger },
    ).catch((error: unknown) => cutResult(error));
    expect(cut).toMatchObject({ succeeded: 0, notAttempted: 4 });
    expect([...entries.keys()]).toEqual([]);
  });

  it('starts nothing more once the ledger refuses a start (another request holds the key now)', async () => {
    const { ledger } = fakeLedger({}, { startsAllowed: 2 });
    const logs = captureLogs();
    const calls: string[] = [];
    const result = await runBatch(items(5), async (item) => void calls.push(item.id), { concurrency: 1, ledger, log: logs.logger });
    expect(calls).toEqual(['id-0', 'id-1']);
    expect(result).toEqual({ total: 5, succeeded: 2, failed: [], notAttempted: 3, notAttemptedIds: ['id-2', 'id-3', 'id-4'] });
    expect(logs.lines().map((line) => line.msg)).toContain('batch stopped: its Idempotency-Key is held by another request now');
  });

  it('answers the outcome even when the ledger cannot keep it, and starts nothing when it cannot mark a start', async () => {
    const logs = captureLogs();
    const unkept: BatchLedger = {
      recorded: () => undefined,
      start: async () => true,
      settle: () => Promise.reject(new Error('Redis away')),
    };
    expect(await runBatch(items(2), async () => {}, { ledger: unkept, log: logs.logger })).toMatchObject({ succeeded: 2 });
    expect(logs.lines().filter((line) => line.msg === 'the outcome of a batch item could not be recorded')).toHaveLength(2);
    let calls = 0;
    const unmarked: BatchLedger = { ...unkept, start: () => Promise.reject(new Error('Redis away')) };
    expect(await runBatch(items(2), async () => void calls++, { ledger: unmarked, log: logs.logger })).toMatchObject({ notAttempted: 2 });
    expect(calls).toBe(0);
  });
});

describe('the progress of a batch running as a job', () => {
  it('is told the total (the items an earlier attempt recorded as done) and each settled item; a Stop it hears starts nothing more', async () => {
    const told: string[] = [];
    const stop = new AbortController();
    const recorded = new Map<string, LedgerEntry>([['id-0', { outcome: 'succeeded', name: 'Client 0' }]]);
    const ledger: BatchLedger = { recorded: (id) => recorded.get(id), start: async () => true, settle: async () => {} };
    const progress = {
      begin: async (total: number, done: number) => void told.push(`begin ${total} ${done}`),
      // The job's store answers that Stop was pressed once two items settled.
      settled: async () => {
        told.push('settled');
        if (told.filter((entry) => entry === 'settled').length === 2) stop.abort(new Error('stopped'));
      },
    };
    const result = await runBatch(
      items(6),
      async (item) => {
        if (item.id === 'id-2') throw new BatchItemError('send_failed', 'Mailbox unavailable');
      },
      { concurrency: 1, signal: stop.signal, ledger, progress },
    );
    expect(told).toEqual(['begin 6 1', 'settled', 'settled']);
    expect(result).toMatchObject({ total: 6, succeeded: 2, failed: [{ id: 'id-2' }], notAttempted: 3 });
  });
});
