// Decorates `fastify.sessionStore`: Redis (the app's shared connection, `fastify.redis`) when
// REDIS_URL is set, this process's memory otherwise.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MemorySessionStore } from '../../session/memory-session-store.ts';
import { RedisSessionStore } from '../../session/redis-session-store.ts';
import type { SessionStore } from '../../session/session-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessionStore: SessionStore;
  }
}

export interface SessionStoreOptions {
  /** A store made by the caller (tests); the app closes it like its own. */
  store?: SessionStore | undefined;
  now?: (() => number) | undefined;
}

async function sessionStore(fastify: FastifyInstance, { store, now }: SessionStoreOptions) {
  // The redis plugin is registered first in app.ts; a test app may do without it (memory, then).
  const redis = fastify.hasDecorator('redis') ? fastify.redis : null;
  if (!store && redis) {
    // The connection is the redis plugin's: it quits it when the app closes.
    fastify.decorate('sessionStore', new RedisSessionStore(redis));
    return;
  }
  const chosen = store ?? new MemorySessionStore({ now });
  fastify.decorate('sessionStore', chosen);
  fastify.addHook('onClose', () => chosen.close());
}

export default fp(sessionStore, { name: 'session-store' });
