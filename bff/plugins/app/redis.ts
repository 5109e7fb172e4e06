// Decorates `fastify.redis`: the ioredis connection of this BFF instance (REDIS_URL), shared by the
// session store, the rate limits, the self-pay checkouts and the download jobs (which add one subscriber
// connection of their own for Stop), and quit when the app closes; null without REDIS_URL (everything then
// lives in this process's memory). While Redis is known to be down, every API call but the probes is
// answered 503 `dependency_unavailable` with Retry-After at once, instead of waiting for a command timeout.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { dependencyUnavailable } from '../../problem.ts';
import { RedisAvailability } from '../../redis/availability.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
    /** Whether Redis is usable now (null without REDIS_URL). */
    redisAvailability: RedisAvailability | null;
  }
}

export interface RedisOptions {
  url?: string | undefined;
  /** How often the connection is pinged to notice an outage and the recovery. */
  heartbeatMs?: number | undefined;
}

/** The longest wait between two attempts to reconnect while Redis is away. */
export const RECONNECT_MAX_MS = 250;

/**
 * ioredis's `retryStrategy` (the wait before reconnection attempt `attempt`): 50 ms, 100 ms… and never more than
 * RECONNECT_MAX_MS, so that an instance is connected again within a quarter of a second of Redis coming back,
 * however long it was away. ioredis's own grows to 2 s, which kept an instance refusing for up to 2 s after a
 * Redis restart. An attempt against a Redis that is away is one refused or timed-out connection: 4 a second is nothing.
 */
export const reconnectDelay = (attempt: number): number => Math.min(attempt * 50, RECONNECT_MAX_MS);

// The probes answer for themselves (/readyz reports Redis down); the static client needs no Redis.
const WITHOUT_REDIS = new Set(['getLiveness', 'getReadiness']);

async function redis(fastify: FastifyInstance, { url, heartbeatMs }: RedisOptions) {
  if (!url) {
    fastify.decorate('redis', null);
    fastify.decorate('redisAvailability', null);
    return;
  }
  // Loaded only with REDIS_URL: a BFF without Redis holds none of ioredis's code (≈ 2 MB of RSS).
  const { Redis: RedisClient } = await import('ioredis');
  // One quick retry per command: a request fails fast while Redis is away and /readyz says so.
  const client = new RedisClient(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectionName: 'coach-portal-bff',
    retryStrategy: reconnectDelay,
  });
  client.on('error', (err: Error) => fastify.log.warn({ err }, 'Redis connection error'));
  const availability = new RedisAvailability(client, {
    heartbeatMs,
    onChange: (up) => (up ? fastify.log.info('Redis is available again') : fastify.log.error('Redis is unavailable')),
  });
  fastify.decorate('redis', client);
  fastify.decorate('redisAvailability', availability);

  fastify.addHook('onRequest', async (request) => {
    if (availability.up) return;
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (operationId && !WITHOUT_REDIS.has(operationId)) throw dependencyUnavailable();
  });
  // A command that found Redis gone (timed out, connection closed) marks it down for the next requests.
  fastify.addHook('onError', async (_request, _reply, error) => availability.failed(error));

  fastify.addHook('onClose', async () => {
    availability.stop();
    if (client.status === 'end') return;
    await client.quit().catch(() => client.disconnect());
  });
}

export default fp(redis, { name: 'redis' });
