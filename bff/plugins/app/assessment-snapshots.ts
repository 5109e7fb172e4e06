// `fastify.snapshots`: the short-lived copies of the coach's legacy lists that the list screens page, sort, filter
// and search (snapshots/snapshot-cache.ts), one per coach and list on each instance, shared by the coach's sessions.
// A copy lives `SNAPSHOT_TTL_MS` (30 s) at most. Every operation whose routes entry says
// `changesLists: true` is wrapped: when
// it ends, this instance's copies are patched with what it reports it did (an invite, a delete, an edit…) or, when
// its effect is not known, dropped; unless it changed nothing, the coach's version moves (in Redis when REDIS_URL
// is set), so no other instance serves a copy made before the change.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  flaggedOperations,
  type OperationHandler,
  type OperationHandlers,
  type OperationId,
  type OperationRoute,
  type SessionContext,
} from '../../operation.ts';
import { MemorySnapshotVersions, RedisSnapshotVersions, SnapshotCache } from '../../snapshots/snapshot-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    snapshots: SnapshotCache;
  }
}

export interface SnapshotOptions {
  ttlMs: number;
  maxCoaches: number;
  maxRows: number;
}

/**
 * The handlers with every state-changing assessments operation wrapped: the call's change is opened before it
 * runs (its service reports into it through `snapshots.changeOf(ctx)`) and applied when it ends. A call that
 * fails (a batch cut midway, any error) may have changed part of its selection: its effect counts as unknown.
 */
export function invalidatingSnapshots(handlers: OperationHandlers, snapshots: SnapshotCache): OperationHandlers {
  const wrapped: OperationHandlers = { ...handlers };
  for (const operationId of flaggedOperations(handlers, 'changesLists')) {
    const route = handlers[operationId] as OperationRoute<OperationId>;
    const handler = route.handler;
    const invalidating: OperationHandler<OperationId> = async (input, ctx) => {
      const change = snapshots.begin(ctx);
      try {
        return await handler(input, ctx);
      } catch (error) {
        change.unknown();
        throw error;
      } finally {
        const { session, log } = ctx as SessionContext;
        await snapshots
          .end(ctx, session.coachId)
          .catch((err: unknown) => log.error({ err }, 'the list copies could not be updated after a change'));
      }
    };
    (wrapped as Record<string, unknown>)[operationId] = { ...route, handler: invalidating };
  }
  return wrapped;
}

async function assessmentSnapshots(fastify: FastifyInstance, { ttlMs, maxCoaches, maxRows }: SnapshotOptions) {
  const { redis } = fastify;
  const versions = redis
    ? new RedisSnapshotVersions(redis, (err) => fastify.log.warn({ err }, 'Redis error (list copies): the legacy lists are read again'))
    : new MemorySnapshotVersions();
  fastify.decorate('snapshots', new SnapshotCache({ ttlMs, maxCoaches, maxRows, versions }));
}

export default fp(assessmentSnapshots, { name: 'assessment-snapshots', dependencies: ['redis'] });
