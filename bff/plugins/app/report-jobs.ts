// `fastify.jobStore`: the Download Reports jobs, per session: in Redis when REDIS_URL is set (shared by every
// instance, no sticky routing), else in memory. A session's jobs end with it (logout, a new login, an upstream 403).
// The store renews the lease of the jobs this instance streams; a job whose instance stopped is failed on the next
// read, on any instance (downloads/jobs.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobStore } from '../../downloads/jobs.ts';
import { MemoryJobStore } from '../../downloads/memory-job-store.ts';
import { RedisJobStore } from '../../downloads/redis-job-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobStore: JobStore;
  }
}

export interface ReportJobsOptions {
  /** The clock of the jobs' times and leases (tests). */
  now?: (() => number) | undefined;
}

async function reportJobs(fastify: FastifyInstance, { now }: ReportJobsOptions) {
  const { redis } = fastify;
  const onError = (err: Error) => fastify.log.warn({ err }, 'Redis connection error (download jobs)');
  const jobs: JobStore = redis ? new RedisJobStore(redis, { onError, ...(now && { now }) }) : new MemoryJobStore({ ...(now && { now }) });
  fastify.decorate('jobStore', jobs);
  fastify.addHook('onClose', () => jobs.close());
  fastify.onSessionEnded((sessionId) => jobs.deleteSession(sessionId));
}

export default fp(reportJobs, { name: 'report-jobs', dependencies: ['redis', 'session'] });
