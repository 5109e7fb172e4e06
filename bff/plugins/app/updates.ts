// `fastify.updates`: what getUpdates keeps per coach (bff/updates/): the lock that lets one caller read the legacy
// lists per `UPDATES_INTERVAL_SECONDS`, the states the last read found and the log of changes found, in Redis with
// REDIS_URL (one lock, one baseline and one log for every instance), else in this process's memory.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UpdatesFeed } from '../../updates/updates-feed.ts';
import { MemoryUpdatesStore, RedisUpdatesStore } from '../../updates/updates-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    updates: UpdatesFeed;
  }
}

export interface UpdatesOptions {
  intervalSeconds: number;
  /** The clock of the memory store's lock and of the changes' times (tests). */
  now?: (() => number) | undefined;
}

async function updates(fastify: FastifyInstance, { intervalSeconds, now = Date.now }: UpdatesOptions) {
  const intervalMs = intervalSeconds * 1000;
  const store = fastify.redis ? new RedisUpdatesStore(fastify.redis, { intervalMs }) : new MemoryUpdatesStore({ intervalMs, now });
  fastify.decorate('updates', new UpdatesFeed(store, intervalSeconds, now));
}

export default fp(updates, { name: 'updates', dependencies: ['redis'] });
