// Decorates `fastify.redis`: the ioredis connection of this BFF instance (REDIS_URL), shared by the
// session store, the rate limits, the self-pay checkouts and the download jobs (which add one subscriber
// connection of their own for Stop), and quit when the app closes; null without REDIS_URL (everything then
// lives in this process's memory).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export interface RedisOptions {
  url?: string | undefined;
}

async function redis(fastify: FastifyInstance, { url }: RedisOptions) {
  if (!url) {
    fastify.decorate('redis', null);
    return;
  }
  // One quick retry per command: a request fails fast while Redis is away and /readyz says so.
  const client = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectionName: 'coach-portal-bff' });
  client.on('error', (err: Error) => fastify.log.warn({ err }, 'Redis connection error'));
  fastify.decorate('redis', client);
  fastify.addHook('onClose', async () => {
    if (client.status === 'end') return;
    await client.quit().catch(() => client.disconnect());
  });
}

export default fp(redis, { name: 'redis' });
