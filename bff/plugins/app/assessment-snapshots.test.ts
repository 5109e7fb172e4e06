// The list-invalidation wrapper: a call that reports its whole effect patches the coach's copies; one that throws
// after reporting (a batch cut midway) counts as not known and the copies are read again; the change a call
// reports into exists only while a wrapped operation runs.
import { describe, expect, it } from 'vitest';
import type { OperationHandler, OperationHandlers, SessionContext } from '../../operation.ts';
import { sessionEnded } from '../../problem.ts';
import { MemorySnapshotVersions, SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { invalidatingSnapshots } from './assessment-snapshots.ts';

function setUp(handler: (ctx: SessionContext, snapshots: SnapshotCache) => Promise<unknown>) {
  const snapshots = new SnapshotCache({ ttlMs: 30_000, maxCoaches: 10, maxRows: 1_000, versions: new MemorySnapshotVersions() });
  const log = { error: () => {} };
  const ctx = { session: { coachId: 'coach' }, log } as unknown as SessionContext;
  const handlers = invalidatingSnapshots(
    {
      sendInvites: {
        handler: ((_input, ctx) => handler(ctx as SessionContext, snapshots)) as OperationHandler<'sendInvites'>,
        changesLists: true,
      },
    } as OperationHandlers,
    snapshots,
  );
  const run = () => (handlers.sendInvites as { handler: (input: unknown, ctx: SessionContext) => Promise<unknown> }).handler({}, ctx);
  let loads = 0;
  const read = () => snapshots.get({ coachId: 'coach', list: 'assessments:own', load: async () => ({ load: ++loads }), rowsOf: () => 1 });
  return { snapshots, run, read, loads: () => loads };
}

const marked = (copy: unknown) => ({ ...(copy as object), marked: true });

describe('invalidatingSnapshots', () => {
  it('patches the copies with what the call reported when it ends', async () => {
    const { run, read, loads } = setUp(async (ctx, snapshots) => snapshots.changeOf(ctx).patch(marked));
    await read();
    await run();
    expect(await read()).toEqual({ load: 1, marked: true });
    expect(loads()).toBe(1);
  });

  it('reads again after a call that failed, whatever it reported before', async () => {
    const { run, read, loads } = setUp(async (ctx, snapshots) => {
      snapshots.changeOf(ctx).patch(marked);
      throw sessionEnded();
    });
    await read();
    await expect(run()).rejects.toMatchObject({ code: 'session_ended' });
    expect(await read()).toEqual({ load: 2 });
    expect(loads()).toBe(2);
  });

  it('opens the change only for the call it wraps', async () => {
    let during: unknown;
    const { snapshots, run } = setUp(async (ctx, snapshots) => {
      during = snapshots.changeOf(ctx);
    });
    await run();
    expect(during).toBeDefined();
    expect(() => snapshots.changeOf({})).toThrow(/changesLists/);
  });
});
