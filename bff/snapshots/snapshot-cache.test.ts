// The per-session list copies: reuse within the TTL, one read for concurrent requests, a change (version) or a
// refresh reads again, failures are not kept, the entry and row bounds, and no reuse without a known version.
import { describe, expect, it } from 'vitest';
import { MemorySnapshotVersions, SnapshotCache, type SnapshotVersions } from './snapshot-cache.ts';

function cache(options: { ttlMs?: number; maxEntries?: number; maxRows?: number; versions?: SnapshotVersions } = {}) {
  let now = 1_000;
  const snapshots = new SnapshotCache({
    ttlMs: 30_000,
    maxEntries: 10,
    maxRows: 1_000,
    versions: new MemorySnapshotVersions(),
    ...options,
    now: () => now,
  });
  let loads = 0;
  const get = (sessionId: string, { coachId = 'coach', rows = 10, refresh = false, list = 'own' } = {}) =>
    snapshots.get({ sessionId, coachId, list, refresh, load: async () => ({ rows, load: ++loads }), rowsOf: (value) => value.rows });
  return { snapshots, get, advance: (ms: number) => (now += ms), loads: () => loads };
}

describe('SnapshotCache', () => {
  it('reuses a copy within the TTL and reads again after it', async () => {
    const { get, advance, loads } = cache();
    await get('s1');
    advance(29_999);
    await get('s1');
    expect(loads()).toBe(1);
    advance(1);
    await get('s1');
    expect(loads()).toBe(2);
  });

  it('shares one read between concurrent requests of a session, never between sessions or lists', async () => {
    const { get, loads } = cache();
    await Promise.all([get('s1'), get('s1'), get('s1')]);
    expect(loads()).toBe(1);
    await get('s2');
    await get('s1', { list: 'given' });
    expect(loads()).toBe(3);
  });

  it('reads again on refresh and after a change of the coach (any session of theirs)', async () => {
    const { snapshots, get, loads } = cache();
    await get('s1');
    await get('s1', { refresh: true });
    expect(loads()).toBe(2);
    await get('s2');
    await snapshots.invalidate('coach');
    await get('s1');
    await get('s2');
    expect(loads()).toBe(5);
  });

  it('treats a copy whose version changed elsewhere (another instance) as stale', async () => {
    const versions = new MemorySnapshotVersions();
    const { get, loads } = cache({ versions });
    await get('s1');
    await versions.bump('coach');
    await get('s1');
    expect(loads()).toBe(2);
  });

  it('discards a read whose version changed while it ran', async () => {
    const versions = new MemorySnapshotVersions();
    const { snapshots } = cache({ versions });
    let release: () => void = () => {};
    let loads = 0;
    const load = () =>
      new Promise<{ rows: number }>((resolve) => {
        loads++;
        release = () => resolve({ rows: 1 });
      });
    const request = { sessionId: 's1', coachId: 'coach', list: 'own', load, rowsOf: (v: { rows: number }) => v.rows };
    const first = snapshots.get(request);
    await new Promise((resolve) => setImmediate(resolve));
    await versions.bump('coach');
    release();
    await first;
    const second = snapshots.get(request);
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await second;
    expect(loads).toBe(2);
  });

  it('keeps no failed read', async () => {
    const { snapshots } = cache();
    let calls = 0;
    const request = {
      sessionId: 's1',
      coachId: 'coach',
      list: 'own',
      load: async () => {
        calls++;
        if (calls === 1) throw new Error('down');
        return { rows: 1 };
      },
      rowsOf: (v: { rows: number }) => v.rows,
    };
    await expect(snapshots.get(request)).rejects.toThrow('down');
    await expect(snapshots.get(request)).resolves.toEqual({ rows: 1 });
    expect(calls).toBe(2);
  });

  it('drops the least recently used copies beyond the entry and row bounds, never the only one', async () => {
    const { snapshots, get, loads } = cache({ maxEntries: 2, maxRows: 100 });
    await get('s1');
    await get('s2');
    await get('s1');
    await get('s3');
    expect(snapshots.size).toBe(2);
    await get('s2');
    expect(loads()).toBe(4);
    await get('s4', { rows: 5_000 });
    expect(snapshots.size).toBe(1);
    await get('s4', { rows: 5_000 });
    expect(loads()).toBe(5);
  });

  it('drops a session’s copies when it ends', async () => {
    const { snapshots, get, loads } = cache();
    await get('s1');
    snapshots.dropSession('s1');
    await get('s1');
    expect(loads()).toBe(2);
  });

  it('reuses nothing while the version cannot be read (Redis away)', async () => {
    const versions: SnapshotVersions = { current: async () => null, bump: async () => {} };
    const { snapshots, get, loads } = cache({ versions });
    await get('s1');
    await get('s1');
    expect(loads()).toBe(2);
    expect(snapshots.size).toBe(0);
  });
});
