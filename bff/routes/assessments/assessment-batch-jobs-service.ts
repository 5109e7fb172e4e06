// The progress dialog's calls for an assessments action running as a job (spec assessments-and-clients §4.6, as
// Download Reports): its progress and result, and Stop. The job itself is batch/batch-jobs.ts.
import { type AssessmentBatchJob, type BatchJobStore, toAssessmentBatchJob } from '../../batch/batch-jobs.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { notFound } from '../../problem.ts';

/** getAssessmentBatchJob: the session's job (another session's, or one forgotten, is 404). */
export async function getAssessmentBatchJob(
  { params: { jobId } }: OperationInput<'getAssessmentBatchJob'>,
  ctx: SessionContext,
  jobs: BatchJobStore,
): Promise<AssessmentBatchJob> {
  const job = await jobs.get(ctx.session.id, jobId);
  if (!job) throw notFound();
  return toAssessmentBatchJob(job);
}

/** stopAssessmentBatchJob: nothing new starts; the job ends `stopped` once its items in flight settled. */
export async function stopAssessmentBatchJob(
  { params: { jobId } }: OperationInput<'stopAssessmentBatchJob'>,
  ctx: SessionContext,
  jobs: BatchJobStore,
): Promise<AssessmentBatchJob> {
  return toAssessmentBatchJob(await jobs.stop(ctx.session.id, jobId));
}
