import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionRecord } from '../test-support/session-fixtures.ts';
import { describeSessionStore } from '../test-support/session-store-behaviour.ts';
import { redisServerForTests } from '../test-support/test-redis.ts';
import { RedisSessionStore } from './redis-session-store.ts';

const PREFIX = 'portal:session:';
const redis = redisServerForTests();
const client = () => redis.client();
let store: RedisSessionStore;

beforeEach(async () => {
  await redis.inspector.flushall();
  store = new RedisSessionStore(client());
});
afterEach(() => redis.quitClients());

describeSessionStore('redis', () => store);

describe('RedisSessionStore on a real redis-server', () => {
  it('shares sessions between two instances on one Redis', async () => {
    const other = new RedisSessionStore(client());
    const record = sessionRecord();
    await store.set(record, 60_000);
    expect(await other.get(record.id)).toEqual(record);
    await other.touch(record.id, record.lastSeenAt + 10, 60_000);
    expect((await store.get(record.id))?.lastSeenAt).toBe(record.lastSeenAt + 10);
    await store.delete(record.id);
    expect(await other.get(record.id)).toBeNull();
  });

  it('gives every session a TTL and extends it on touch', async () => {
    const inspector = client();
    const record = sessionRecord();
    await store.set(record, 5_000);
    const first = await inspector.pttl(`${PREFIX}${record.id}`);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(5_000);
    await store.touch(record.id, record.lastSeenAt + 1, 600_000);
    expect(await inspector.pttl(`${PREFIX}${record.id}`)).toBeGreaterThan(5_000);
  });

  it("ends an account's sessions for every instance, and prunes its index as it reads it", async () => {
    const other = new RedisSessionStore(client());
    const inspector = client();
    const mine = sessionRecord({ account: 'coach@portal.test' });
    const theirs = sessionRecord({ account: 'coach@portal.test' });
    await store.set(mine, 60_000);
    await other.set(theirs, 60_000);
    const index = 'portal:account-sessions:coach@portal.test';
    expect(await inspector.pttl(index)).toBeGreaterThan(60_000);
    await inspector.del(`${PREFIX}${theirs.id}`);
    expect((await other.sessionsOf('coach@portal.test')).map((record) => record.id)).toEqual([mine.id]);
    expect(await inspector.smembers(index)).toEqual([mine.id]);
    await other.set(theirs, 60_000);
    expect(await other.deleteSessionsOf('coach@portal.test', theirs.id)).toEqual([mine.id]);
    expect(await store.get(mine.id)).toBeNull();
    expect(await store.get(theirs.id)).toEqual(theirs);
  });

  it('treats unreadable JSON as no session', async () => {
    const id = sessionRecord().id;
    await client().hset(`${PREFIX}${id}`, { record: '{not json', lastSeenAt: '1' });
    expect(await store.get(id)).toBeNull();
  });

  it('is not ready while it cannot reach Redis', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    unreachable.on('error', () => {});
    const offline = new RedisSessionStore(unreachable);
    await expect(offline.ping()).rejects.toThrow();
    await offline.close();
  });
});
