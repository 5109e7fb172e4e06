// `fastify.jobStore`: the Download Reports jobs, per session: in Redis when REDIS_URL is set (shared by every
// instance, no sticky routing), else in memory. A session's jobs end with it (logout, a new login, an upstream 403).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobStore, MemoryJobStore } from '../../downloads/jobs.ts';
import { RedisJobStore } from '../../downloads/redis-job-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobStore: JobStore;
  }
}

async function reportJobs(fastify: FastifyInstance) {
  const { redis } = fastify;
  const onError = (err: Error) => fastify.log.warn({ err }, 'Redis connection error (download jobs)');
  const jobs: JobStore = redis ? new RedisJobStore(redis, { onError }) : new MemoryJobStore();
  fastify.decorate('jobStore', jobs);
  fastify.addHook('onClose', () => jobs.close());
  fastify.onSessionEnded((sessionId) => jobs.deleteSession(sessionId));
}

export default fp(reportJobs, { name: 'report-jobs', dependencies: ['redis', 'session'] });
