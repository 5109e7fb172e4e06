// The per-coach list copies: reuse within the TTL by every session of the coach, one read for concurrent requests
// (a waiter reads for itself only when the read failed for a reason of the request that started it), a change
// patched in place when its effect is known and made stale otherwise (here and, through the version, on other
// instances), failures not kept, the coach and row bounds, and no reuse without a known version.
import { describe, expect, it } from 'vitest';
import { sessionEnded, upstreamError } from '../problem.ts';
import { type CopyChange, MemorySnapshotVersions, SnapshotCache, type SnapshotVersions } from './snapshot-cache.ts';

interface Copy {
  rows: number;
  load: number;
  marks?: string[];
}

function cache(options: { ttlMs?: number; maxCoaches?: number; maxRows?: number; versions?: SnapshotVersions } = {}) {
  let now = 1_000;
  const snapshots = new SnapshotCache({
    ttlMs: 30_000,
    maxCoaches: 10,
    maxRows: 1_000,
    versions: new MemorySnapshotVersions(),
    ...options,
    now: () => now,
  });
  let loads = 0;
  const get = ({
    coachId = 'coach',
    rows = 10,
    refresh = false,
    list = 'own',
    signal = undefined as AbortSignal | undefined,
    patchable = true,
  } = {}) =>
    snapshots.get<Copy>({
      coachId,
      list,
      refresh,
      signal,
      patchable,
      load: async () => ({ rows, load: ++loads }),
      rowsOf: (value) => value.rows,
    });
  /** One state-changing call of the coach, its effect reported by `report` (nothing: not reported). */
  const change = async (report?: (change: CopyChange) => void, coachId = 'coach') => {
    const opened = snapshots.begin();
    report?.(opened.report());
    await snapshots.end(opened, coachId);
  };
  const mark = (name: string) => (copy: unknown) => ({ ...(copy as Copy), marks: [...((copy as Copy).marks ?? []), name] });
  return { snapshots, get, change, mark, advance: (ms: number) => (now += ms), loads: () => loads };
}

/** A read the test settles by hand. */
function heldRead() {
  let settle: { resolve: (value: Copy) => void; reject: (error: unknown) => void } | undefined;
  let calls = 0;
  const load = () =>
    new Promise<Copy>((resolve, reject) => {
      calls++;
      settle = { resolve, reject };
    });
  return { load, calls: () => calls, resolve: (value: Copy) => settle?.resolve(value), reject: (error: unknown) => settle?.reject(error) };
}
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('SnapshotCache', () => {
  it('reuses a copy within the TTL and reads again after it', async () => {
    const { get, advance, loads } = cache();
    await get();
    advance(29_999);
    await get();
    expect(loads()).toBe(1);
    advance(1);
    await get();
    expect(loads()).toBe(2);
  });

  it('holds one copy per coach and list, whichever session asks', async () => {
    const { snapshots, get, loads } = cache();
    const first = await get({ signal: new AbortController().signal });
    const second = await get({ signal: new AbortController().signal });
    expect(second).toBe(first);
    expect(loads()).toBe(1);
    await get({ coachId: 'other' });
    await get({ list: 'given' });
    expect(loads()).toBe(3);
    expect(snapshots.size).toBe(3);
  });

  it('shares one read between concurrent requests; a refresh shares a read already running', async () => {
    const { get, loads } = cache();
    await Promise.all([get(), get(), get({ refresh: true })]);
    expect(loads()).toBe(1);
    await get({ refresh: true });
    expect(loads()).toBe(2);
  });

  it('reads once for many concurrent requests after a change whose effect is not known', async () => {
    const { get, change, loads } = cache();
    await get();
    await change((reported) => reported.unknown());
    await Promise.all(Array.from({ length: 20 }, () => get()));
    expect(loads()).toBe(2);
  });

  it('treats a change its operation did not report as not known', async () => {
    const { get, change, loads } = cache();
    await get();
    await change();
    await get();
    expect(loads()).toBe(2);
  });

  it('patches the copies with a known change, keeps using them, and makes other instances’ copies stale', async () => {
    const versions = new MemorySnapshotVersions();
    const { get, change, mark, loads, snapshots } = cache({ versions });
    const other = cache({ versions });
    await get();
    await get({ list: 'given' });
    await other.get();
    await change((reported) => {
      reported.patch(mark('a'));
      reported.patch(mark('b'));
    });
    expect(await get()).toEqual({ rows: 10, load: 1, marks: ['a', 'b'] });
    expect(await get({ list: 'given' })).toMatchObject({ marks: ['a', 'b'] });
    expect(loads()).toBe(2);
    expect(snapshots.patched).toBe(2);
    await other.get();
    expect(other.loads()).toBe(2);
  });

  it('drops a copy that is not patchable with any change that moves the version, and keeps it through none', async () => {
    const { get, change, mark, loads, snapshots } = cache();
    const history = { list: 'history', patchable: false };
    await get();
    await get(history);
    await change(() => {});
    expect(await get(history)).toEqual({ rows: 10, load: 2 });
    // A change of one other list (a team's), every other copy kept: the history goes all the same.
    await change((reported) => reported.patch((copy, list) => (list === 'teams' ? null : mark('a')(copy))));
    expect(snapshots.rows).toBe(10);
    expect(await get()).toMatchObject({ load: 1, marks: ['a'] });
    expect(await get(history)).toEqual({ rows: 10, load: 3 });
    await change();
    expect(await get(history)).toEqual({ rows: 10, load: 4 });
    expect(loads()).toBe(4);
  });

  it('moves no version for a change that changed nothing', async () => {
    const versions = new MemorySnapshotVersions();
    const { get, change } = cache({ versions });
    const other = cache({ versions });
    await get();
    await other.get();
    await change(() => {});
    await other.get();
    expect(other.loads()).toBe(1);
  });

  it('reads again when another change came between the copy and the patched one, or a patch cannot take it', async () => {
    const versions = new MemorySnapshotVersions();
    const { get, change, mark, loads } = cache({ versions });
    await get();
    // Made through another instance: this copy is stale already.
    await versions.bump('coach');
    await change((reported) => reported.patch(mark('a')));
    expect(await get()).toEqual({ rows: 10, load: 2 });
    await change((reported) => reported.patch(() => null));
    await get();
    expect(loads()).toBe(3);
  });

  it('keeps the fresh copy current through a change found upstream, and makes every other copy stale', async () => {
    const versions = new MemorySnapshotVersions();
    const { get, loads, snapshots } = cache({ versions });
    const other = cache({ versions });
    await get({ list: 'given' });
    await get({ refresh: true });
    await other.get();
    expect(await snapshots.changedUpstream('coach', ['own'])).toBe('1');
    expect(await snapshots.version('coach')).toBe('1');
    expect(await get()).toEqual({ rows: 10, load: 2 });
    expect(loads()).toBe(2);
    await get({ list: 'given' });
    expect(loads()).toBe(3);
    await other.get();
    expect(other.loads()).toBe(2);
    // Another change between the read and the one found: the fresh copy is stale too.
    await versions.bump('coach');
    await snapshots.changedUpstream('coach', ['own']);
    await get();
    expect(loads()).toBe(4);
  });

  it('discards a read whose version changed while it ran', async () => {
    const versions = new MemorySnapshotVersions();
    const { snapshots } = cache({ versions });
    const read = heldRead();
    const request = { coachId: 'coach', list: 'own', load: read.load, rowsOf: (v: Copy) => v.rows };
    const first = snapshots.get(request);
    await settled();
    await versions.bump('coach');
    read.resolve({ rows: 1, load: 1 });
    await first;
    const second = snapshots.get(request);
    await settled();
    read.resolve({ rows: 1, load: 2 });
    await second;
    expect(read.calls()).toBe(2);
  });

  it('keeps no failed read, and shares an upstream failure with the requests waiting for it', async () => {
    const { snapshots } = cache();
    const read = heldRead();
    const request = { coachId: 'coach', list: 'own', load: read.load, rowsOf: (v: Copy) => v.rows };
    const first = snapshots.get({ ...request, signal: new AbortController().signal });
    const waiting = snapshots.get({ ...request, signal: new AbortController().signal });
    await settled();
    read.reject(upstreamError());
    await expect(first).rejects.toMatchObject({ code: 'upstream_error' });
    await expect(waiting).rejects.toMatchObject({ code: 'upstream_error' });
    expect(read.calls()).toBe(1);
    const again = snapshots.get(request);
    await settled();
    read.resolve({ rows: 1, load: 2 });
    await expect(again).resolves.toEqual({ rows: 1, load: 2 });
  });

  it('reads for a waiting request when the read failed for its starter’s own reason (browser gone, session ended)', async () => {
    for (const [reason, fail] of [
      ['browser gone', (starter: AbortController) => starter.abort()],
      ['session ended', () => {}],
    ] as const) {
      const { snapshots } = cache();
      const read = heldRead();
      const request = { coachId: 'coach', list: 'own', load: read.load, rowsOf: (v: Copy) => v.rows };
      const starter = new AbortController();
      const first = snapshots.get({ ...request, signal: starter.signal });
      const waiting = [1, 2].map(() => snapshots.get({ ...request, signal: new AbortController().signal }));
      await settled();
      fail(starter);
      read.reject(reason === 'session ended' ? sessionEnded() : new Error('aborted'));
      await expect(first).rejects.toBeDefined();
      await settled();
      // The two waiting requests share the one read the first of them started.
      expect(read.calls(), reason).toBe(2);
      read.resolve({ rows: 1, load: 2 });
      for (const answer of waiting) await expect(answer).resolves.toEqual({ rows: 1, load: 2 });
    }
  });

  it('drops the least recently used coaches beyond the coach and row bounds, never the coach just served', async () => {
    const { snapshots, get, loads } = cache({ maxCoaches: 2, maxRows: 100 });
    await get({ coachId: 'a' });
    await get({ coachId: 'b' });
    await get({ coachId: 'a' });
    await get({ coachId: 'c' });
    expect(snapshots.size).toBe(2);
    await get({ coachId: 'a' });
    expect(loads()).toBe(3);
    await get({ coachId: 'b' });
    expect(loads()).toBe(4);
    await get({ coachId: 'd', rows: 5_000 });
    expect(snapshots.size).toBe(1);
    expect(snapshots.rows).toBe(5_000);
    await get({ coachId: 'd', rows: 5_000 });
    expect(loads()).toBe(5);
  });

  it('lets go of the copies of coaches nobody asked for within the TTL', async () => {
    const { snapshots, get, advance } = cache();
    await get({ coachId: 'a' });
    await get({ coachId: 'b' });
    advance(20_000);
    await get({ coachId: 'b' });
    advance(10_000);
    await get({ coachId: 'c' });
    expect(snapshots.size).toBe(2);
    expect(snapshots.rows).toBe(20);
  });

  it('reuses nothing while the version cannot be read (Redis away)', async () => {
    const versions: SnapshotVersions = { current: async () => null, bump: async () => '1' };
    const { snapshots, get, loads } = cache({ versions });
    await get();
    await get();
    expect(loads()).toBe(2);
    expect(snapshots.size).toBe(0);
  });
});
