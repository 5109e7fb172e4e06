// The Idempotency-Key stores, memory and a real redis-server, held to the same behaviour: the claim, the
// lease its owner renews and that lapses once renewals stop (the instance died), and the per-item ledger.
import { afterEach, describe, expect, it } from 'vitest';
import { redisServerForTests } from '../test-support/test-redis.ts';
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_LEASE_RENEW_MS,
  IDEMPOTENCY_TTL_MS,
  type IdempotencyStore,
  MemoryIdempotencyStore,
  RedisIdempotencyStore,
} from './idempotency-store.ts';

interface Harness {
  /** The store of one instance. */
  store: IdempotencyStore;
  /** The store as another instance sees it (the same one in memory). */
  other: IdempotencyStore;
  leaseMs: number;
  /** Lets time pass (a fake clock in memory, real time in Redis, whose clock the lease follows). */
  elapse(ms: number): Promise<void>;
}

const result = { total: 2, succeeded: 1, failed: [], notAttempted: 1, notAttemptedIds: ['b'] };
const owned = async (claim: Promise<Awaited<ReturnType<IdempotencyStore['claim']>>>): Promise<string> => {
  const taken = await claim;
  if (!taken.claimed) throw new Error(`not claimed: ${JSON.stringify(taken.record)}`);
  return taken.owner;
};

function describeIdempotencyStore(name: string, setup: () => Harness) {
  describe(`${name} Idempotency-Key store`, () => {
    it('claims a free key once, answers its record to the others, and lets a cut run of the same request resume', async () => {
      const { store, other } = setup();
      const first = await store.claim('k', 'f1');
      expect(first).toMatchObject({ claimed: true, recorded: new Map() });
      expect(await other.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'running', fingerprint: 'f1' } });
      expect(await store.finish('k', first.claimed ? first.owner : '', { state: 'cut', fingerprint: 'f1', result })).toBe(true);
      expect(await other.claim('k', 'f2')).toMatchObject({ claimed: false, record: { state: 'cut', fingerprint: 'f1' } });
      const resumed = await other.claim('k', 'f1');
      expect(resumed).toMatchObject({ claimed: true, resumes: result });
      // While it is resumed, a repeat sees it running.
      expect(await store.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'running', fingerprint: 'f1' } });
      const answer = { ok: true };
      expect(await other.finish('k', resumed.claimed ? resumed.owner : '', { state: 'done', fingerprint: 'f1', answer })).toBe(true);
      expect(await store.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'done', fingerprint: 'f1', answer } });
    });

    it('holds the key while its owner renews the lease; once renewals stop it lapses and a repeat takes over with the ledger', async () => {
      const { store, other, leaseMs, elapse } = setup();
      const first = await owned(store.claim('k', 'f1'));
      expect(await store.start('k', first, 'a', { outcome: 'started', name: 'Ann' })).toBe(true);
      await store.record('k', 'a', { outcome: 'succeeded', name: 'Ann' });
      expect(await store.start('k', first, 'b', { outcome: 'started', name: 'Ben' })).toBe(true);

      await elapse(leaseMs * 0.6);
      expect(await store.renew('k', first)).toBe(true);
      await elapse(leaseMs * 0.6);
      // Past the first term: held only because it was renewed.
      expect(await other.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'running', fingerprint: 'f1' } });

      // The owner died: nobody renews.
      await elapse(leaseMs * 1.1);
      const taken = await other.claim('k', 'f1');
      expect(taken).toEqual({
        claimed: true,
        owner: expect.any(String),
        recorded: new Map([
          ['a', { outcome: 'succeeded', name: 'Ann' }],
          ['b', { outcome: 'started', name: 'Ben' }],
        ]),
      });
      const second = taken.claimed ? taken.owner : '';
      expect(second).not.toBe(first);
      // The first owner, back from the dead, may do nothing more under the key.
      expect(await store.renew('k', first)).toBe(false);
      expect(await store.start('k', first, 'c', { outcome: 'started', name: 'Cleo' })).toBe(false);
      expect(await store.finish('k', first, { state: 'done', fingerprint: 'f1', answer: { stale: true } })).toBe(false);
      await store.release('k', first);
      expect(await store.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'running', fingerprint: 'f1' } });
      expect(await other.start('k', second, 'c', { outcome: 'started', name: 'Cleo' })).toBe(true);
      expect(await other.finish('k', second, { state: 'done', fingerprint: 'f1', answer: { ok: true } })).toBe(true);
      expect(await store.claim('k', 'f1')).toMatchObject({ claimed: false, record: { state: 'done', answer: { ok: true } } });
    });

    it('marks an item only once, and clears a mark when the item was not done', async () => {
      const { store, other } = setup();
      const owner = await owned(store.claim('k', 'f1'));
      expect(await store.start('k', owner, 'a', { outcome: 'started', name: 'Ann' })).toBe(true);
      expect(await store.start('k', owner, 'a', { outcome: 'started', name: 'Ann' })).toBe(false);
      await store.record('k', 'a', undefined);
      expect(await store.start('k', owner, 'a', { outcome: 'started', name: 'Ann' })).toBe(true);
      await store.record('k', 'a', { outcome: 'failed', name: 'Ann', code: 'send_failed', message: 'Ann send failed with x' });
      expect(await store.finish('k', owner, { state: 'cut', fingerprint: 'f1', result })).toBe(true);
      // A cut keeps its ledger for the resume.
      expect(await other.claim('k', 'f1')).toMatchObject({
        claimed: true,
        recorded: new Map([['a', { outcome: 'failed', name: 'Ann', code: 'send_failed', message: 'Ann send failed with x' }]]),
      });
    });

    it('abandon keeps the record and the ledger for a repeat at once; release forgets the key, only by its owner', async () => {
      const { store, other } = setup();
      const first = await owned(store.claim('k', 'f1'));
      expect(await store.start('k', first, 'a', { outcome: 'started', name: 'Ann' })).toBe(true);
      await store.abandon('k', first);
      const second = await other.claim('k', 'f1');
      expect(second).toMatchObject({ claimed: true, recorded: new Map([['a', { outcome: 'started', name: 'Ann' }]]) });
      await other.release('k', 'not-the-owner');
      expect(await store.claim('k', 'f1')).toEqual({ claimed: false, record: { state: 'running', fingerprint: 'f1' } });
      await other.release('k', second.claimed ? second.owner : '');
      // Forgotten: another request may use the key, and starts with an empty ledger.
      expect(await store.claim('k', 'f2')).toEqual({ claimed: true, owner: expect.any(String), recorded: new Map() });
    });
  });
}

describe('the lease constants', () => {
  it('renew a lease about three times per term', () => {
    expect(IDEMPOTENCY_LEASE_MS).toBe(10_000);
    expect(IDEMPOTENCY_LEASE_MS / IDEMPOTENCY_LEASE_RENEW_MS).toBeGreaterThanOrEqual(3);
    expect(new MemoryIdempotencyStore().renewEveryMs).toBe(IDEMPOTENCY_LEASE_RENEW_MS);
    expect(new MemoryIdempotencyStore({ leaseMs: 1_000 }).renewEveryMs).toBe(300);
  });
});

describeIdempotencyStore('memory', () => {
  let now = 0;
  const store = new MemoryIdempotencyStore({ now: () => now });
  return {
    store,
    other: store,
    leaseMs: IDEMPOTENCY_LEASE_MS,
    elapse: async (ms) => {
      now += ms;
    },
  };
});

describe('MemoryIdempotencyStore', () => {
  it('keeps a record 24 hours', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore({ now: () => now });
    const owner = await owned(store.claim('k', 'f1'));
    await store.finish('k', owner, { state: 'done', fingerprint: 'f1', answer: { ok: true } });
    now += IDEMPOTENCY_TTL_MS - 1;
    expect(await store.claim('k', 'f1')).toMatchObject({ claimed: false, record: { state: 'done' } });
    now += 1;
    expect(await store.claim('k', 'f1')).toMatchObject({ claimed: true });
  });
});

describe('on a real redis-server', () => {
  const redis = redisServerForTests();
  const client = () => redis.client();
  afterEach(async () => {
    await redis.inspector.flushall();
    await redis.quitClients();
  });

  // Long enough that a busy machine never lets a renewed lease lapse between two steps of a test.
  const leaseMs = 2_000;
  describeIdempotencyStore('redis', () => ({
    store: new RedisIdempotencyStore(client(), { leaseMs }),
    other: new RedisIdempotencyStore(client(), { leaseMs }),
    leaseMs,
    elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));

  it('keeps the record 24 hours and the lease for its term, under the key prefix', async () => {
    const redisClient = client();
    const store = new RedisIdempotencyStore(redisClient);
    const owner = await owned(store.claim('k', 'f1'));
    expect(await store.start('k', owner, 'a', { outcome: 'started', name: 'Ann' })).toBe(true);
    expect(await redisClient.pttl('portal:idempotency:k')).toBeGreaterThan(IDEMPOTENCY_TTL_MS - 60_000);
    expect(await redisClient.pttl('portal:idempotency:k:lease')).toBeLessThanOrEqual(IDEMPOTENCY_LEASE_MS);
    expect(await redisClient.pttl('portal:idempotency:k:items')).toBeGreaterThan(IDEMPOTENCY_TTL_MS - 60_000);
    await store.finish('k', owner, { state: 'done', fingerprint: 'f1', answer: { ok: true } });
    // A done action answers from its record alone.
    expect(await redisClient.exists('portal:idempotency:k:lease', 'portal:idempotency:k:items')).toBe(0);
  });
});
