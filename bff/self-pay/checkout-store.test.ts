// Both checkout stores against the same expectations; the Redis one on a real redis-server.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedis } from '../test-support/redis-server.ts';
import { CHECKOUT_TTL_MS, type CheckoutRecord, type CheckoutStore, MemoryCheckoutStore, RedisCheckoutStore } from './checkout-store.ts';

const START = 1_700_000_000_000;
let sequence = 0;

function record(createdAt = START, checkoutId = `c4ec0000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`): CheckoutRecord {
  return {
    checkoutId,
    coachUuid: 'c0ac0000-0000-4000-8000-000000000001',
    provider: 'paypal',
    amount: '55.00',
    currency: 'USD',
    payPalClientId: 'AeA1QIZXiflr1',
    payPalOrderId: null,
    captured: false,
    createdAt,
  };
}

let redis: RunningRedis;
let inspector: Redis;
const clients: Redis[] = [];
beforeAll(async () => {
  redis = await startRedis();
  inspector = new Redis(redis.url);
});
afterAll(async () => {
  await Promise.all([inspector, ...clients].map((client) => client.quit()));
  await redis?.stop();
});

function redisStore(options: ConstructorParameters<typeof RedisCheckoutStore>[1] = {}): RedisCheckoutStore {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  clients.push(client);
  return new RedisCheckoutStore(client, options);
}

type StoreFactory = (options: { ttlMs: number; now: () => number }) => CheckoutStore;

describe.each<[string, StoreFactory]>([
  ['MemoryCheckoutStore', (options) => new MemoryCheckoutStore(options)],
  ['RedisCheckoutStore', (options) => redisStore(options)],
])('%s', (_, make) => {
  let now = START;
  const store = () => make({ ttlMs: 60_000, now: () => now });

  it('knows no unknown checkout', async () => {
    expect(await store().get('c4ec0000-0000-4000-8000-0000000000ff')).toBeUndefined();
  });

  it('reads back what it stored, as a copy, and the last write wins', async () => {
    now = START;
    const checkouts = store();
    const created = record();
    await checkouts.set(created);
    const read = await checkouts.get(created.checkoutId);
    expect(read).toEqual(created);
    expect(read).not.toBe(created);
    await checkouts.set({ ...created, payPalOrderId: '5O190127TN364715T', captured: true });
    expect(await checkouts.get(created.checkoutId)).toEqual({ ...created, payPalOrderId: '5O190127TN364715T', captured: true });
  });

  it('forgets a checkout its time after createdAt, even when it was updated meanwhile', async () => {
    now = START;
    const checkouts = store();
    const created = record();
    await checkouts.set(created);
    now = START + 59_999;
    await checkouts.set({ ...created, captured: true });
    expect((await checkouts.get(created.checkoutId))?.captured).toBe(true);
    now = START + 60_000;
    await checkouts.set({ ...created, captured: false });
    expect(await checkouts.get(created.checkoutId)).toBeUndefined();
  });
});

describe('MemoryCheckoutStore bounds', () => {
  it('forgets a checkout after its time and the oldest beyond the maximum', async () => {
    let now = 1_000;
    const store = new MemoryCheckoutStore({ ttlMs: 100, maxEntries: 2, now: () => now });
    await store.set(record(now, 'a'));
    await store.set(record(now, 'b'));
    await store.set(record(now, 'c'));
    expect([await store.get('a'), (await store.get('b'))?.checkoutId, (await store.get('c'))?.checkoutId]).toEqual([undefined, 'b', 'c']);
    now += 100;
    expect(await store.get('b')).toBeUndefined();
    await store.set(record(now, 'd'));
    expect(store.size).toBe(1);
  });
});

describe('RedisCheckoutStore on a real redis-server', () => {
  it('keeps each checkout as JSON under portal:checkout:<id>, expiring CHECKOUT_TTL_MS after createdAt', async () => {
    let now = START;
    const store = redisStore({ now: () => now });
    const created = record();
    await store.set(created);
    const key = `portal:checkout:${created.checkoutId}`;
    expect(JSON.parse((await inspector.get(key)) ?? '')).toEqual(created);
    const ttl = await inspector.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(CHECKOUT_TTL_MS);

    // A day later an update keeps the original deadline: at most six days left.
    now = START + 24 * 60 * 60 * 1000;
    await store.set({ ...created, captured: true });
    expect(await inspector.pttl(key)).toBeLessThanOrEqual(CHECKOUT_TTL_MS - 24 * 60 * 60 * 1000);
  });

  it('shares checkouts between two stores (two BFF instances) on one Redis', async () => {
    const created = record(Date.now());
    await redisStore().set(created);
    expect(await redisStore().get(created.checkoutId)).toEqual(created);
  });

  it('reads a stored value that is not a valid record as no checkout', async () => {
    const store = redisStore();
    await inspector.set('portal:checkout:broken-json', '{not json', 'PX', 60_000);
    await inspector.set('portal:checkout:wrong-shape', JSON.stringify({ ...record(Date.now()), provider: 'cash' }), 'PX', 60_000);
    expect(await store.get('broken-json')).toBeUndefined();
    expect(await store.get('wrong-shape')).toBeUndefined();
  });
});
