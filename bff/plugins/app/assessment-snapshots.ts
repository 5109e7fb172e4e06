// `fastify.snapshots`: the short-lived copies of the coach's legacy lists that the list screens page, sort, filter
// and search (snapshots/snapshot-cache.ts), one per coach and list on each instance, shared by the coach's sessions.
// A copy lives `SNAPSHOT_TTL_MS` (30 s) at most. Every operation whose routes entry says `changesLists: true` (as
// its contract says `x-changes-lists: true`) is wrapped (`listChanges`, applied by plugins/app/batch-runs.ts): when
// it ends, this instance's copies are patched with what it reports it did (an invite, a delete, an edit…) or, when
// its effect is not known, dropped; unless it changed nothing, the coach's version moves (in Redis when REDIS_URL
// is set), so no other instance serves a copy made before the change.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Operation } from '../../../contract/operations.ts';
import type { RunHandler } from '../../batch/batch-run.ts';
import { flagDisagreements, type OperationHandlers, type OperationId, type SessionContext } from '../../operation.ts';
import { MemorySnapshotVersions, RedisSnapshotVersions, SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { bffOperations } from './bff-contract.ts';

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

/** The contract's mark of an operation that changes what a list shows (openapi/CONVENTIONS.md). */
export const CHANGES_LISTS_EXTENSION = 'x-changes-lists';

/** The operations the contract marks `x-changes-lists: true`. */
export function listChangingOperations(operations: readonly Operation[] = bffOperations()): Set<string> {
  return new Set(
    operations
      .filter(({ operation }) => (operation as Record<string, unknown>)[CHANGES_LISTS_EXTENSION] === true)
      .map(({ operationId }) => operationId),
  );
}

/**
 * The flag and the contract must agree (the app refuses to start otherwise): an operation that changes a list but
 * does not say so would leave every copy stale until its TTL; one that says so needlessly drops them.
 */
export function checkListFlags(handlers: OperationHandlers): void {
  const disagreeing = flagDisagreements(handlers, 'changesLists', listChangingOperations());
  if (disagreeing.length > 0)
    throw new Error(
      `\`changesLists: true\` in bff/routes disagrees with the contract's ${CHANGES_LISTS_EXTENSION} on: ${disagreeing.join(', ')}`,
    );
}

/**
 * The list-change wrapper of an operation that says `changesLists: true`: the call's change is opened before it runs
 * and handed on in the run (its service reports into it: `listChange(run)`), and applied when it ends. A call that
 * fails (a batch cut midway, any error) may have changed part of its selection: its effect counts as unknown.
 */
export function listChanges<K extends OperationId>(handler: RunHandler<K>, snapshots: SnapshotCache): RunHandler<K> {
  return async (input, ctx, run) => {
    const change = snapshots.begin();
    try {
      return await handler(input, ctx, { ...run, change });
    } catch (error) {
      change.unknown();
      throw error;
    } finally {
      const { session } = ctx as SessionContext;
      await snapshots
        .end(change, session.coachId)
        .catch((err: unknown) => run.log.error({ err }, 'the list copies could not be updated after a change'));
    }
  };
}

async function assessmentSnapshots(fastify: FastifyInstance, { ttlMs, maxCoaches, maxRows }: SnapshotOptions) {
  const { redis } = fastify;
  const versions = redis
    ? new RedisSnapshotVersions(redis, (err) => fastify.log.warn({ err }, 'Redis error (list copies): the legacy lists are read again'))
    : new MemorySnapshotVersions();
  fastify.decorate('snapshots', new SnapshotCache({ ttlMs, maxCoaches, maxRows, versions }));
}

export default fp(assessmentSnapshots, { name: 'assessment-snapshots', dependencies: ['redis'] });
