// `fastify.snapshots`: the short-lived per-session copies of the coach's legacy lists that the list screens
// page, sort, filter and search (snapshots/snapshot-cache.ts). A copy lives `SNAPSHOT_TTL_MS` (30 s) at most
// and is dropped at once after any change the coach makes through the BFF: every operation listed in
// `CHANGES_ASSESSMENTS` bumps the coach's version when it ends, in Redis when REDIS_URL is set, so no
// instance serves a copy made before the change.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OperationHandler, OperationHandlers, OperationId, OperationRoute, SessionContext } from '../../operation.ts';
import { MemorySnapshotVersions, RedisSnapshotVersions, SnapshotCache } from '../../snapshots/snapshot-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    snapshots: SnapshotCache;
  }
}

/** Copies per instance (a session has one per list it reads); rows are bounded by SNAPSHOT_MAX_ROWS. */
const MAX_ENTRIES = 500;

/**
 * The operations that change what the assessments, SCO Given and clients lists show (records, tracking states,
 * SCOs, clients). One that is not implemented yet is listed as well: its handler is wrapped when it arrives.
 */
export const CHANGES_ASSESSMENTS = [
  'sendInvites',
  'sendReports',
  'deleteAssessments',
  'copyAssessmentLink',
  'editAssessments',
  'setAssessmentsWrapped',
  'combineAssessments',
  'assignAssessmentSco',
  'revokeAssessmentSco',
  'createClient',
  'addClientAssessment',
  'importNewClientResults',
  'importClientResults',
  'uploadClientsSpreadsheet',
  'createPair',
] as const satisfies readonly OperationId[];

export interface SnapshotOptions {
  ttlMs: number;
  maxRows: number;
}

/**
 * The handlers with every state-changing assessments operation wrapped: when it ends (done or failed: a batch
 * may have changed part of the selection), the coach's copies are dropped here and made stale everywhere.
 */
export function invalidatingSnapshots(handlers: OperationHandlers, snapshots: SnapshotCache): OperationHandlers {
  const wrapped: OperationHandlers = { ...handlers };
  for (const operationId of CHANGES_ASSESSMENTS) {
    const route = handlers[operationId] as OperationHandler<OperationId> | OperationRoute<OperationId> | undefined;
    if (!route) continue;
    const handler = typeof route === 'function' ? route : route.handler;
    const invalidating: OperationHandler<OperationId> = async (input, ctx) => {
      try {
        return await handler(input, ctx);
      } finally {
        const { session, log } = ctx as SessionContext;
        await snapshots.invalidate(session.coachId).catch((err: unknown) => log.error({ err }, 'the list copies could not be invalidated'));
      }
    };
    (wrapped as Record<string, unknown>)[operationId] = typeof route === 'function' ? invalidating : { ...route, handler: invalidating };
  }
  return wrapped;
}

async function assessmentSnapshots(fastify: FastifyInstance, { ttlMs, maxRows }: SnapshotOptions) {
  const { redis } = fastify;
  const versions = redis
    ? new RedisSnapshotVersions(redis, (err) => fastify.log.warn({ err }, 'Redis error (list copies): the legacy lists are read again'))
    : new MemorySnapshotVersions();
  const snapshots = new SnapshotCache({ ttlMs, maxEntries: MAX_ENTRIES, maxRows, versions });
  fastify.decorate('snapshots', snapshots);
  fastify.onSessionEnded((sessionId) => snapshots.dropSession(sessionId));
}

export default fp(assessmentSnapshots, { name: 'assessment-snapshots', dependencies: ['redis', 'session'] });
