import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../app.ts';
import { RedisJobStore } from '../../downloads/redis-job-store.ts';
import { MemorySessionStore } from '../../session/memory-session-store.ts';
import { RedisSessionStore } from '../../session/redis-session-store.ts';
import { type RunningRedis, startRedis } from '../../test-support/redis-server.ts';
import { sessionRecord } from '../../test-support/session-fixtures.ts';
import { testConfig } from '../../test-support/test-server.ts';
import { RECONNECT_MAX_MS } from './redis.ts';

let redis: RunningRedis;
let inspector: Redis;
const servers: FastifyInstance[] = [];

async function started(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const server = buildServer(testConfig(env));
  servers.push(server);
  await server.ready();
  return server;
}

/** The connections redis-server has from BFF instances (named by the redis plugin). */
async function bffConnections(): Promise<string[]> {
  const list = (await inspector.client('LIST')) as string;
  return list.split('\n').filter((line) => / name=coach-portal-bff /.test(line));
}
/** The download jobs' subscriber connections (Stop by pub/sub). */
async function jobSubscribers(): Promise<string[]> {
  const list = (await inspector.client('LIST')) as string;
  return list.split('\n').filter((line) => / name=coach-portal-bff-jobs /.test(line));
}

beforeAll(async () => {
  redis = await startRedis();
  inspector = new Redis(redis.url);
});
afterAll(async () => {
  await inspector?.quit();
  await redis?.stop();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('fastify.redis', () => {
  it('is null without REDIS_URL: sessions (and rate limits, checkouts) stay in memory', async () => {
    const server = await started();
    expect(server.redis).toBeNull();
    expect(server.sessionStore).toBeInstanceOf(MemorySessionStore);
  });

  it('is the one connection of an instance, used by the session store and the rate limits', async () => {
    const server = await started({ REDIS_URL: redis.url });
    expect(server.redis).toBeInstanceOf(Redis);
    expect(server.sessionStore).toBeInstanceOf(RedisSessionStore);

    const record = sessionRecord();
    await server.sessionStore.set(record, 60_000);
    expect(await server.redis?.exists(`portal:session:${record.id}`)).toBe(1);
    // Counted by the public limit on arrival, then refused as a bad link without an upstream call.
    expect((await server.inject('/api/public/self-registration/short')).statusCode).toBe(400);
    expect(await inspector.keys('portal:rate:*')).not.toHaveLength(0);
    // A sign-in counts per IP and e-mail: neither appears in clear in a key name.
    await server.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'x-csrf': '1' },
      payload: { email: 'Demo@CoachPortal.test', password: 'x' },
    });
    const keys = (await inspector.keys('portal:rate:*')).join(' ');
    expect(keys).not.toMatch(/@|coachportal|127\.0\.0\.1/i);

    expect(await bffConnections()).toHaveLength(1);
    // The download jobs share it too, plus one subscriber connection of their own.
    expect(server.jobStore).toBeInstanceOf(RedisJobStore);
    await (server.jobStore as RedisJobStore).ready();
    expect(await jobSubscribers()).toHaveLength(1);
  });

  it('tries to reconnect at most RECONNECT_MAX_MS apart, however long Redis has been away', async () => {
    // scripts/redis-recovery.ts measures what this gives: service within about a second of Redis coming back.
    const server = await started({ REDIS_URL: redis.url });
    const retryStrategy = server.redis?.options.retryStrategy;
    for (const attempt of [1, 5, 40, 1_000]) expect(retryStrategy?.(attempt)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  });

  it('is closed with the app', async () => {
    const server = await started({ REDIS_URL: redis.url });
    await server.redis?.ping();
    await server.close();
    await expect(server.redis?.ping()).rejects.toThrow();
    await expect(server.sessionStore.ping()).rejects.toThrow();
    await vi.waitFor(async () => expect(await jobSubscribers()).toEqual([]));
  });
});
