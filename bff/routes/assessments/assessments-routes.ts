// Handlers of the assessments' multi-select actions and the Download Reports job (openapi/bff.yaml, tag
// `assessments`); the mapping is in assessments-service.ts and report-downloads-service.ts.
import type { FastifyInstance } from 'fastify';
import { type JobStore, MemoryJobStore } from '../../batch/jobs.ts';
import { RedisJobStore } from '../../batch/redis-job-store.ts';
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import {
  type BatchSettings,
  deleteAssessments,
  previewInvite,
  previewReportEmail,
  sendInvites,
  sendReports,
} from './assessments-service.ts';
import { createReportDownload, downloadReportArchive, getReportDownload, stopReportDownload } from './report-downloads-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Download Reports jobs, per session: in Redis when REDIS_URL is set (shared by every instance), else in memory. */
    jobStore: JobStore;
  }
}

type AssessmentOperations =
  | 'sendInvites'
  | 'previewInvite'
  | 'sendReports'
  | 'previewReportEmail'
  | 'deleteAssessments'
  | 'createReportDownload'
  | 'getReportDownload'
  | 'stopReportDownload'
  | 'downloadReportArchive';

export interface AssessmentRoutesOptions {
  /** `config.batch`: BATCH_CONCURRENCY and BATCH_ITEM_TIMEOUT_MS. */
  batch: BatchSettings;
  /** Replaces the job store the app's Redis setting would choose (tests). */
  jobStore?: JobStore | undefined;
}

export function assessmentRoutes(
  fastify: FastifyInstance,
  { batch, jobStore }: AssessmentRoutesOptions,
): Pick<OperationHandlers, AssessmentOperations> {
  const { redis } = fastify;
  const onError = (err: Error) => fastify.log.warn({ err }, 'Redis connection error (download jobs)');
  const jobs = jobStore ?? (redis ? new RedisJobStore(redis, { onError }) : new MemoryJobStore());
  fastify.decorate('jobStore', jobs);
  fastify.addHook('onClose', () => jobs.close());
  // A session's download jobs end with it (logout, a new login, an upstream 403).
  fastify.onSessionEnded((sessionId) => jobs.deleteSession(sessionId));
  return {
    sendInvites: async (request, reply) => sendInvites(request, reply, request.body, batch),
    previewInvite: async (request) => previewInvite(request, request.body),
    // An empty or missing `reports` answers report_required, not validation_failed (contract: sendReports).
    sendReports: { attachValidation: true, handler: async (request, reply) => sendReports(request, reply, request.body, batch) },
    previewReportEmail: { attachValidation: true, handler: async (request) => previewReportEmail(request, request.body) },
    deleteAssessments: async (request, reply) => deleteAssessments(request, reply, request.body.ids, batch),
    createReportDownload: {
      attachValidation: true,
      handler: async (request, reply) => createReportDownload(request, reply, request.body, jobs),
    },
    getReportDownload: async (request) => getReportDownload(request, request.params.jobId, jobs),
    stopReportDownload: async (request) => stopReportDownload(request, request.params.jobId, jobs),
    downloadReportArchive: async (request, reply) => downloadReportArchive(request, reply, request.params.jobId, jobs, batch),
  };
}
