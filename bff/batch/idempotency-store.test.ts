// The Idempotency-Key stores, memory and a real redis-server, held to the same behaviour: the claim, the
// lease its owner renews and that lapses once renewals stop (the instance died), and the per-item ledger.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { redisServerForTests } from '../test-support/test-redis.ts';
import {
  IDEMPOTENCY_COACH_QUOTA_BYTES,
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_LEASE_RENEW_MS,
  IDEMPOTENCY_MEMORY_MAX_BYTES,
  IDEMPOTENCY_RECORD_MAX_BYTES,
  IDEMPOTENCY_TTL_MS,
  type IdempotencyStore,
  MemoryIdempotencyStore,
} from './idempotency-store.ts';
import { decodeEntry, decodeRecord, encodeEntry } from './record-codec.ts';
import { RedisIdempotencyStore } from './redis-idempotency-store.ts';

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

/** A select-all of `count` of the coach's own assessments whose every item failed (Send Invites' answer). */
function allFailed(count: number, reason = 'There was an unexpected error') {
  const failed = Array.from({ length: count }, (_, n) => {
    const name = `Client${n} Person${n}`;
    const id = `a55e55e0-${randomUUID().slice(9)}`;
    return { id, name, code: n % 2 ? 'upstream_error' : 'send_failed', message: `${name} send failed with ${reason}` };
  });
  return { total: count, succeeded: 0, failed, notAttempted: 0, skippedCompleted: 0, reminders: 0, drafts: [] };
}

/** Claims `key`, finishes it with `answer` under `scope`, and answers whether it was kept. */
async function keep(store: IdempotencyStore, key: string, answer: unknown, scope?: string): Promise<boolean> {
  return store.finish(key, await owned(store.claim(key, 'f1')), { state: 'done', fingerprint: 'f1', answer }, scope);
}
const doneWith = async (store: IdempotencyStore, key: string) => {
  const claim = await store.claim(key, 'f1');
  return claim.claimed ? undefined : claim.record;
};
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

describe('the bounds in bytes', () => {
  it('keep the largest record within 1 MB, a coach four of them and the memory store 64 MB', () => {
    expect(IDEMPOTENCY_RECORD_MAX_BYTES).toBe(1024 * 1024);
    expect(IDEMPOTENCY_COACH_QUOTA_BYTES).toBe(4 * IDEMPOTENCY_RECORD_MAX_BYTES);
    expect(IDEMPOTENCY_MEMORY_MAX_BYTES).toBe(64 * 1024 * 1024);
  });

  it('keep a select-all of 20,000 own assessments that all failed within 1 MB, and answer a repeat the same', async () => {
    const store = new MemoryIdempotencyStore();
    const answer = allFailed(20_000);
    // As the answer goes out: about 3.4 MB.
    expect(JSON.stringify(answer).length).toBeGreaterThan(3_000_000);
    expect(await keep(store, 'k', answer, 'coach-1')).toBe(true);
    expect(store.bytes).toBeLessThanOrEqual(IDEMPOTENCY_RECORD_MAX_BYTES);
    expect(await doneWith(store, 'k')).toEqual({ state: 'done', fingerprint: 'f1', answer });
  });

  it('keep only that an action was done when its answer is larger than the bound (the largest record a coach can make)', async () => {
    const store = new MemoryIdempotencyStore();
    // 50,000 (the most a selection holds) that failed, each with a text of its own: as large as an answer gets.
    const answer = allFailed(50_000);
    for (const failure of answer.failed) failure.message = `${failure.message} (${randomUUID()})`;
    expect(await keep(store, 'k', answer, 'coach-1')).toBe(true);
    expect(store.bytes).toBeLessThan(1_000);
    expect(await doneWith(store, 'k')).toEqual({ state: 'done', fingerprint: 'f1', answer: undefined, notKept: true });
  });

  it('keep a ledger entry short (a failure as its code and its message without the name) and read it back whole', () => {
    const failed = {
      outcome: 'failed',
      name: 'Client1 Person1',
      code: 'send_failed',
      message: 'Client1 Person1 send failed with Quota',
    } as const;
    expect(encodeEntry(failed)).toBe('["f","Client1 Person1","send_failed","\\u0000 send failed with Quota"]');
    expect(encodeEntry({ outcome: 'succeeded', name: 'Ann' })).toBe('["s","Ann"]');
    for (const entry of [failed, { outcome: 'started', name: 'Ann' } as const, { outcome: 'succeeded', name: 'Ann' } as const]) {
      expect(decodeEntry(encodeEntry(entry))).toEqual(entry);
      // One kept whole as JSON reads the same.
      expect(decodeEntry(JSON.stringify(entry))).toEqual(entry);
    }
  });

  it('read a record kept whole as JSON, as it was before records were packed', async () => {
    const answer = { total: 1, succeeded: 1, failed: [], notAttempted: 0 };
    expect(await decodeRecord(JSON.stringify({ state: 'done', fingerprint: 'f1', answer }))).toEqual({
      state: 'done',
      fingerprint: 'f1',
      answer,
    });
    expect(await decodeRecord(JSON.stringify({ state: 'cut', fingerprint: 'f1', result }))).toEqual({
      state: 'cut',
      fingerprint: 'f1',
      result,
    });
  });

  it('keep a cut result too large as a run to resume from its ledger', async () => {
    const store = new MemoryIdempotencyStore({ recordMaxBytes: 500 });
    const owner = await owned(store.claim('k', 'f1'));
    await store.start('k', owner, 'a', { outcome: 'started', name: 'Ann' });
    await store.record('k', 'a', { outcome: 'succeeded', name: 'Ann' });
    const ids = Array.from({ length: 100 }, () => randomUUID());
    const cut = { total: 101, succeeded: 1, failed: [], notAttempted: 100, notAttemptedIds: ids };
    expect(await store.finish('k', owner, { state: 'cut', fingerprint: 'f1', result: cut })).toBe(true);
    expect(await store.claim('k', 'f1')).toEqual({
      claimed: true,
      owner: expect.any(String),
      recorded: new Map([['a', { outcome: 'succeeded', name: 'Ann' }]]),
    });
  });

  it("forget a coach's oldest records past the coach's quota, never another coach's", async () => {
    const answer = () => allFailed(2_000, randomUUID());
    const one = new MemoryIdempotencyStore();
    await keep(one, 'k', answer(), 'coach-1');
    // Room for two and a half records like these.
    const store = new MemoryIdempotencyStore({ scopeQuotaBytes: Math.round(one.bytes * 2.5) });
    await keep(store, 'other-coach', answer(), 'coach-2');
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) await keep(store, key, answer(), 'coach-1');
    const kept = [];
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5', 'other-coach']) if (await doneWith(store, key)) kept.push(key);
    // The oldest went first.
    expect(kept).toEqual(['k4', 'k5', 'other-coach']);
  });

  it('keep the memory store within its bytes, forgetting the oldest records first but never a running one', async () => {
    const store = new MemoryIdempotencyStore({ maxBytes: 200_000 });
    const running = await owned(store.claim('running', 'f1'));
    for (let n = 0; n < 10; n++) await keep(store, `k${n}`, allFailed(1_000, randomUUID()));
    expect(store.bytes).toBeLessThanOrEqual(200_000);
    expect(await doneWith(store, 'k0')).toBeUndefined();
    expect(await doneWith(store, 'k9')).toMatchObject({ state: 'done' });
    expect(await store.renew('running', running)).toBe(true);
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

  it("keeps a coach's records within the coach's quota: the oldest and their ledgers go first", async () => {
    const redisClient = client();
    const answer = () => allFailed(2_000, randomUUID());
    const one = new MemoryIdempotencyStore();
    await keep(one, 'k', answer(), 'coach-1');
    const quota = Math.round(one.bytes * 2.5);
    const store = new RedisIdempotencyStore(redisClient, { scopeQuotaBytes: quota });
    await keep(store, 'other-coach', answer(), 'coach-2');
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) await keep(store, key, answer(), 'coach-1');
    const sizes = await Promise.all(['k1', 'k2', 'k3', 'k4', 'k5'].map((key) => redisClient.strlen(`portal:idempotency:${key}`)));
    // The oldest went first: two fit.
    expect(sizes.map((size) => size > 0)).toEqual([false, false, false, true, true]);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(quota);
    expect(await doneWith(store, 'other-coach')).toMatchObject({ state: 'done' });
    expect(await doneWith(store, 'k5')).toMatchObject({ state: 'done', answer: { total: 2_000 } });
  });

  it('keeps a select-all of 20,000 that all failed within 1 MB in Redis', async () => {
    const redisClient = client();
    const store = new RedisIdempotencyStore(redisClient);
    const answer = allFailed(20_000);
    await keep(store, 'k', answer, 'coach-1');
    expect(await redisClient.strlen('portal:idempotency:k')).toBeLessThanOrEqual(IDEMPOTENCY_RECORD_MAX_BYTES);
    expect(await doneWith(store, 'k')).toEqual({ state: 'done', fingerprint: 'f1', answer });
  });
});
