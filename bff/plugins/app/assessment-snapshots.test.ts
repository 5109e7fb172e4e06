// The list-change wrapper: a call that reports its whole effect patches the coach's copies; one that throws after
// reporting (a batch cut midway) counts as not known and the copies are read again; the change a call reports into
// is the one its run carries, and only a run of a wrapped operation carries one. The routes entries' `changesLists`
// and the contract's `x-changes-lists` must agree, or the app does not start.
import { describe, expect, it } from 'vitest';
import { type BatchRun, listChange, newRun } from '../../batch/batch-run.ts';
import type { OperationHandler, OperationHandlers, SessionContext } from '../../operation.ts';
import { sessionEnded } from '../../problem.ts';
import { MemorySnapshotVersions, SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { checkListFlags, listChanges, listChangingOperations } from './assessment-snapshots.ts';

function setUp(handler: (run: BatchRun) => Promise<unknown>) {
  const snapshots = new SnapshotCache({ ttlMs: 30_000, maxCoaches: 10, maxRows: 1_000, versions: new MemorySnapshotVersions() });
  const log = { error: () => {} };
  const ctx = { session: { coachId: 'coach' }, log } as unknown as SessionContext;
  const wrapped = listChanges<'sendInvites'>(async (_input, _ctx, run) => handler(run) as never, snapshots);
  const run = () => wrapped({} as never, ctx, newRun(ctx));
  let loads = 0;
  const read = () => snapshots.get({ coachId: 'coach', list: 'assessments:own', load: async () => ({ load: ++loads }), rowsOf: () => 1 });
  return { snapshots, run, read, loads: () => loads };
}

const marked = (copy: unknown) => ({ ...(copy as object), marked: true });

describe('listChanges', () => {
  it('patches the copies with what the call reported when it ends', async () => {
    const { run, read, loads } = setUp(async (run) => listChange(run).patch(marked));
    await read();
    await run();
    expect(await read()).toEqual({ load: 1, marked: true });
    expect(loads()).toBe(1);
  });

  it('reads again after a call that failed, whatever it reported before', async () => {
    const { run, read, loads } = setUp(async (run) => {
      listChange(run).patch(marked);
      throw sessionEnded();
    });
    await read();
    await expect(run()).rejects.toMatchObject({ code: 'session_ended' });
    expect(await read()).toEqual({ load: 2 });
    expect(loads()).toBe(2);
  });

  it('hands the change to the call it wraps in its run; a run without one is refused', async () => {
    let during: unknown;
    const { run } = setUp(async (run) => {
      during = listChange(run);
    });
    await run();
    expect(during).toBeDefined();
    const ctx = { signal: new AbortController().signal, log: {} } as unknown as SessionContext;
    expect(() => listChange(newRun(ctx))).toThrow(/changesLists/);
    expect(() => listChange(undefined)).toThrow(/changesLists/);
  });
});

describe('checkListFlags', () => {
  const handler: OperationHandler<'deleteTeams'> = async () => ({ total: 0, succeeded: 0, failed: [], notAttempted: 0 });
  const dashboard: OperationHandler<'getDashboard'> = async () => ({}) as never;

  it('accepts the flag where the contract says `x-changes-lists: true`, and its absence elsewhere', () => {
    expect(listChangingOperations().has('deleteTeams')).toBe(true);
    expect(listChangingOperations().has('getDashboard')).toBe(false);
    expect(() => checkListFlags({ deleteTeams: { changesLists: true, handler }, getDashboard: dashboard })).not.toThrow();
  });

  it('refuses an operation the contract marks as changing a list whose routes entry does not say so', () => {
    expect(() => checkListFlags({ deleteTeams: { idempotent: true, handler } })).toThrow(/changesLists.*disagrees .* on: deleteTeams$/);
  });

  it('refuses `changesLists: true` on an operation the contract does not mark', () => {
    const flagged = { changesLists: true, handler: dashboard } as unknown as OperationHandlers['getDashboard'];
    expect(() => checkListFlags({ getDashboard: flagged })).toThrow(/disagrees .* on: getDashboard$/);
  });
});
