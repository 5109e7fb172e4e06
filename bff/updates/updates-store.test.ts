// Both updates stores, memory and a real redis-server, behave alike: one claim per coach and interval, never given
// back before it lapses, the baseline kept (none before the first), and the log read from a cursor, at most 50 at a
// time, oldest first, a cursor the store never gave counting as none.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { redisServerForTests } from '../test-support/test-redis.ts';
import { MAX_CHANGES_PER_ANSWER, MemoryUpdatesStore, type NewUpdate, RedisUpdatesStore, type UpdatesStore } from './updates-store.ts';

const redis = redisServerForTests();
let now = 1_000_000;
const INTERVAL_MS = 120_000;

const change = (n: number): NewUpdate => ({
  kind: 'assessmentCompleted',
  text: `Client${n} Person${n} completed the Enneagram`,
  link: `/clighent/c${n}`,
  at: '2026-11-27T02:00:00.000Z',
});

const stores: [string, () => UpdatesStore][] = [
  ['memory', () => new MemoryUpdatesStore({ intervalMs: INTERVAL_MS, now: () => now })],
  ['redis', () => new RedisUpdatesStore(redis.client(), { intervalMs: INTERVAL_MS })],
];

describe.each(stores)('%s updates store', (name, make) => {
  let store: UpdatesStore;
  beforeEach(async () => {
    if (name === 'redis') await redis.inspector.flushall();
    store = make();
  });
  afterAll(() => redis.quitClients());

  it('lets one caller claim a coach per interval', async () => {
    expect(await store.claim('coach')).toBe(true);
    expect(await store.claim('coach')).toBe(false);
    expect(await store.claim('other')).toBe(true);
    expect(await store.claim('coach')).toBe(false);
  });

  it('keeps no baseline before the first, then the last one kept', async () => {
    expect(await store.baseline('coach')).toBeNull();
    await store.keepBaseline('coach', {});
    expect(await store.baseline('coach')).toEqual({});
    await store.keepBaseline('coach', { 'a:1': 'i' });
    expect(await store.baseline('coach')).toEqual({ 'a:1': 'i' });
  });

  it('answers the changes after a cursor, 50 at a time, oldest first; a first call or an unknown cursor only the newest cursor', async () => {
    expect(await store.since('coach', undefined)).toEqual({ cursor: '0-0', changes: [] });
    await store.record('coach', [change(1), change(2)]);
    const first = await store.since('coach', '0-0');
    expect(first.changes.map((c) => c.text)).toEqual([change(1).text, change(2).text]);
    expect(first.cursor).toBe(first.changes[1]?.id);
    expect(await store.since('coach', undefined)).toEqual({ cursor: first.cursor, changes: [] });
    expect(await store.since('coach', 'not-a-cursor')).toEqual({ cursor: first.cursor, changes: [] });
    expect(await store.since('coach', first.cursor)).toEqual({ cursor: first.cursor, changes: [] });

    now += 5;
    await store.record(
      'coach',
      Array.from({ length: 60 }, (_, i) => change(i + 3)),
    );
    const next = await store.since('coach', first.cursor);
    expect(next.changes).toHaveLength(MAX_CHANGES_PER_ANSWER);
    expect(next.changes[0]?.text).toBe(change(3).text);
    const rest = await store.since('coach', next.cursor);
    expect(rest.changes.map((c) => c.text)).toEqual(Array.from({ length: 10 }, (_, i) => change(i + 53).text));
    expect(new Set([...first.changes, ...next.changes, ...rest.changes].map((c) => c.id)).size).toBe(62);
    expect((await store.since('other', '0-0')).changes).toEqual([]);
  });
});

describe('memory updates store', () => {
  it('lets the claim lapse after the interval', async () => {
    const store = new MemoryUpdatesStore({ intervalMs: INTERVAL_MS, now: () => now });
    await store.claim('coach');
    now += INTERVAL_MS - 1;
    expect(await store.claim('coach')).toBe(false);
    now += 1;
    expect(await store.claim('coach')).toBe(true);
  });
});

describe('redis updates store', () => {
  it('claims with the interval as the lock key’s expiry', async () => {
    const store = new RedisUpdatesStore(redis.client(), { intervalMs: INTERVAL_MS });
    await store.claim('lapsing');
    const ttl = await redis.inspector.pttl('portal:updates-lock:lapsing');
    expect(ttl).toBeGreaterThan(INTERVAL_MS - 10_000);
    expect(ttl).toBeLessThanOrEqual(INTERVAL_MS);
  });
});
