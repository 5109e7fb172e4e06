// `fastify.batchJobs`: the jobs of the assessments actions that run as one (Send Invites/Reminders, Send Reports,
// Delete with `Prefer: respond-async`), per session: in Redis when REDIS_URL is set (any instance answers a job's
// progress and takes its Stop), else in memory. A session's jobs stop and go with it (logout, a new login, an
// upstream 403). The check that the routes entries' `job: true` agree with the contract's `Prefer` header, and the
// job's audit line when it ends (plugins/app/batch-runs.ts applies the wrapper, outermost).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Operation } from '../../../contract/operations.ts';
import { type BatchJobStore, MemoryBatchJobStore, type RunsAsJobOptions } from '../../batch/batch-jobs.ts';
import { RedisBatchJobStore } from '../../batch/redis-batch-job-store.ts';
import { publishBatch } from '../../diagnostics.ts';
import { flagDisagreements, type OperationHandlers } from '../../operation.ts';
import type { AuditLine } from './audit.ts';
import { bffOperations } from './bff-contract.ts';

declare module 'fastify' {
  interface FastifyInstance {
    batchJobs: BatchJobStore;
  }
}

/** The operations whose contract declares the `Prefer` header (their call may ask for a job). */
export function jobOperations(operations: readonly Operation[] = bffOperations()): Set<string> {
  return new Set(
    operations
      .filter(({ parameters }) => parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Prefer'))
      .map(({ operationId }) => operationId),
  );
}

/**
 * The line the audit plugin writes for a call, written when its job ends instead (the call answered 202 at once),
 * and the batch told to the metrics.
 */
export const auditJobEnd: NonNullable<RunsAsJobOptions['onEnd']> = ({ operation, coachId, end, durationMs }, log) => {
  const result = end.status === 'failed' ? end.problem.batch : end.result;
  const statusCode = end.status === 'failed' ? end.problem.status : 200;
  const line: AuditLine = result
    ? {
        operation,
        coachId,
        statusCode,
        requested: result.total,
        succeeded: result.succeeded,
        failed: result.failed.length,
        notAttempted: result.notAttempted,
      }
    : { operation, coachId, statusCode, requested: 0, succeeded: 0, failed: 0 };
  log.info({ audit: line }, 'coach action');
  if (result) {
    publishBatch({ operation, succeeded: result.succeeded, failed: result.failed.length, notAttempted: result.notAttempted, durationMs });
  }
};

/** The flag and the contract's `Prefer` header must agree (the app refuses to start otherwise). */
export function checkJobFlags(handlers: OperationHandlers): void {
  const disagreeing = flagDisagreements(handlers, 'job', jobOperations());
  if (disagreeing.length > 0)
    throw new Error(`\`job: true\` in bff/routes disagrees with the contract's Prefer header on: ${disagreeing.join(', ')}`);
}

export interface BatchJobsOptions {
  /** The clock of the jobs' times and leases (tests). */
  now?: (() => number) | undefined;
}

async function batchJobs(fastify: FastifyInstance, { now }: BatchJobsOptions) {
  const { redis } = fastify;
  const onError = (err: Error) => fastify.log.warn({ err }, 'Redis error (batch jobs)');
  const jobs: BatchJobStore = redis
    ? new RedisBatchJobStore(redis, { onError, ...(now && { now }) })
    : new MemoryBatchJobStore({ ...(now && { now }) });
  fastify.decorate('batchJobs', jobs);
  fastify.addHook('onClose', () => jobs.close());
  fastify.onSessionEnded((sessionId) => jobs.deleteSession(sessionId));
}

export default fp(batchJobs, { name: 'batch-jobs', dependencies: ['redis', 'session'] });
