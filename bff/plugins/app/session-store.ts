// Decorates `fastify.sessionStore`: Redis when REDIS_URL is set, this process's memory otherwise.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { MemorySessionStore } from '../../session/memory-session-store.ts';
import { RedisSessionStore } from '../../session/redis-session-store.ts';
import type { SessionStore } from '../../session/session-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: SessionStore;
  }
}

export interface SessionStoreOptions {
  redisUrl?: string | undefined;
  /** A store made by the caller (tests); the app closes it like its own. */
  store?: SessionStore | undefined;
  now?: (() => number) | undefined;
}

function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  // One quick retry per command: a request fails fast while Redis is away and /readyz says so.
  const client = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectionName: 'coach-portal-bff' });
  client.on('error', (err: Error) => log.warn({ err }, 'Redis connection error'));
  return client;
}

async function sessionStore(fastify: FastifyInstance, { redisUrl, store, now }: SessionStoreOptions) {
  const chosen = store ?? (redisUrl ? new RedisSessionStore(connectRedis(redisUrl, fastify.log)) : new MemorySessionStore({ now }));
  fastify.decorate('sessionStore', chosen);
  fastify.addHook('onClose', () => chosen.close());
}

export default fp(sessionStore, { name: 'session-store' });
