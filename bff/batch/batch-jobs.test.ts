// Both batch job stores against the same expectations; the Redis one on a real redis-server, also as two
// instances sharing one job. The stores beat only when a test calls `heartbeat()` (their own timer is an hour
// here), so a test decides when the instance running a job is alive and when it stopped.
import { afterEach, describe, expect, it } from 'vitest';
import { schemaViolations } from '../test-support/contract-shapes.ts';
import { redisServerForTests } from '../test-support/test-redis.ts';
import {
  BATCH_IN_PROGRESS,
  type BatchJobRecord,
  type BatchJobStore,
  ENDED_JOBS_PER_SESSION,
  JOB_SERVER_STOPPED_MESSAGE,
  MemoryBatchJobStore,
  type NewBatchJob,
  toAssessmentBatchJob as toView,
} from './batch-jobs.ts';
import { JOB_LEASE_MS, JOB_TTL_MS } from './job-lease.ts';
import { RedisBatchJobStore } from './redis-batch-job-store.ts';

// Every view must be the contract's AssessmentBatchJob.
function toAssessmentBatchJob(record: BatchJobRecord | null) {
  if (!record) throw new Error('no job');
  const view = toView(record);
  expect(schemaViolations('AssessmentBatchJob', view)).toEqual([]);
  return view;
}

const SESSION = 'session-a';
const OTHER = 'session-b';
const T0 = Date.UTC(2025, 8, 12, 14, 3, 10);
const MANUAL = 60 * 60_000;
const invites = (keyHash = ''): NewBatchJob => ({ operation: 'sendInvites', total: 1249, keyHash });
const result = { total: 1249, succeeded: 1249, failed: [], notAttempted: 0, skippedCompleted: 0, reminders: 12, drafts: [] };

let clock = T0;
const redis = redisServerForTests();
const stores: BatchJobStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((created) => created.close()));
  await redis.inspector.flushall();
  clock = T0;
});

async function memoryStore(): Promise<BatchJobStore> {
  const created = new MemoryBatchJobStore({ now: () => clock, heartbeatMs: MANUAL });
  stores.push(created);
  return created;
}

async function redisStore(): Promise<BatchJobStore> {
  const client = redis.client();
  const created = new RedisBatchJobStore(client, { now: () => clock, heartbeatMs: MANUAL });
  stores.push(created);
  return created;
}

describe.each([
  ['memory', memoryStore],
  ['redis', redisStore],
])('%s store', (_, makeStore) => {
  it('runs a job: its total once the selection is read, each item settled, and its answer when it ends', async () => {
    const jobs = await makeStore();
    const { job, signal } = await jobs.create(SESSION, invites());
    expect(signal?.aborted).toBe(false);
    expect(toAssessmentBatchJob(job)).toMatchObject({ operation: 'sendInvites', status: 'running', stopping: false, total: 1249, done: 0 });

    await jobs.begin(job.jobId, 1200, 10);
    for (let n = 0; n < 3; n++) await jobs.settled(job.jobId);
    expect(toAssessmentBatchJob(await jobs.get(SESSION, job.jobId))).toMatchObject({ total: 1200, done: 13 });
    expect(await jobs.get(OTHER, job.jobId)).toBeNull();

    clock += 5_000;
    await jobs.finish(job.jobId, { status: 'complete', result });
    expect(toAssessmentBatchJob(await jobs.get(SESSION, job.jobId))).toEqual({
      jobId: job.jobId,
      operation: 'sendInvites',
      status: 'complete',
      stopping: false,
      total: 1200,
      done: 13,
      result,
      createdAt: new Date(T0).toISOString(),
      expiresAt: new Date(T0 + 5_000 + JOB_TTL_MS).toISOString(),
    });
    clock += JOB_TTL_MS;
    expect(await jobs.get(SESSION, job.jobId)).toBeNull();
  });

  it("answers a repeat of the call its running job, and refuses another job while one runs (409); the session's next one starts once it ended", async () => {
    const jobs = await makeStore();
    const { job } = await jobs.create(SESSION, invites('key-1'));
    const repeat = await jobs.create(SESSION, invites('key-1'));
    expect(repeat.job.jobId).toBe(job.jobId);
    expect(repeat.signal).toBeUndefined();
    await expect(jobs.create(SESSION, invites('key-2'))).rejects.toMatchObject({
      statusCode: 409,
      code: 'batch_in_progress',
      detail: BATCH_IN_PROGRESS,
    });
    expect((await jobs.create(OTHER, invites('key-2'))).signal).toBeDefined();

    await jobs.finish(job.jobId, {
      status: 'failed',
      problem: { type: '/problems/x', title: 'Failed', status: 400, code: 'x', detail: 'No.' },
    });
    expect((await jobs.create(SESSION, invites('key-2'))).signal).toBeDefined();
  });

  it(`keeps a session's ${ENDED_JOBS_PER_SESSION} latest ended jobs with their results, compact; a new job forgets the older ones`, async () => {
    const jobs = await makeStore();
    const failed = Array.from({ length: 2_000 }, (_, n) => ({
      id: `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `Client${n} Person${n}`,
      code: 'send_failed',
      message: `Client${n} Person${n} send failed with There was an unexpected error`,
    }));
    const allFailed = { ...result, total: 2_000, succeeded: 0, failed, reminders: 0 };
    const ended: string[] = [];
    for (let n = 0; n < ENDED_JOBS_PER_SESSION + 2; n++) {
      const { job } = await jobs.create(SESSION, invites(`key-${n}`));
      clock += 1_000;
      await jobs.finish(job.jobId, { status: 'complete', result: allFailed });
      ended.push(job.jobId);
    }
    const { job: next } = await jobs.create(SESSION, invites('key-next'));
    const kept = [];
    for (const jobId of ended) if (await jobs.get(SESSION, jobId)) kept.push(jobId);
    // With the new one, the session keeps its latest ones only.
    expect(kept).toEqual(ended.slice(-(ENDED_JOBS_PER_SESSION - 1)));
    expect((await jobs.get(SESSION, ended.at(-1) as string))?.result).toEqual(allFailed);
    expect(await jobs.get(SESSION, next.jobId)).toMatchObject({ status: 'running' });
  });

  it('stops: the signal of the job is aborted, the job says it is stopping until its items in flight settled', async () => {
    const jobs = await makeStore();
    const { job, signal } = await jobs.create(SESSION, invites());
    await expect(jobs.stop(OTHER, job.jobId)).rejects.toMatchObject({ statusCode: 404 });
    expect(signal?.aborted).toBe(false);
    expect(toAssessmentBatchJob(await jobs.stop(SESSION, job.jobId))).toMatchObject({ status: 'running', stopping: true });
    expect(signal?.aborted).toBe(true);
    await jobs.finish(job.jobId, { status: 'stopped', result: { ...result, succeeded: 4, notAttempted: 1245 } });
    const stopped = toAssessmentBatchJob(await jobs.stop(SESSION, job.jobId));
    expect(stopped).toMatchObject({ status: 'stopped', stopping: true, result: { succeeded: 4, notAttempted: 1245 } });
  });

  it('fails a job whose instance stopped beating, on the next read, with the reason the user is told', async () => {
    const jobs = await makeStore();
    const { job, signal } = await jobs.create(SESSION, invites());
    clock += JOB_LEASE_MS - 1;
    await jobs.heartbeat();
    clock += JOB_LEASE_MS - 1;
    expect((await jobs.get(SESSION, job.jobId))?.status).toBe('running');
    clock += 2;
    expect(toAssessmentBatchJob(await jobs.get(SESSION, job.jobId))).toMatchObject({
      status: 'failed',
      reason: 'server_stopped',
      message: JOB_SERVER_STOPPED_MESSAGE,
    });
    expect(signal?.aborted).toBe(true);
    // The lapsed job no longer holds the session.
    expect((await jobs.create(SESSION, invites())).signal).toBeDefined();
  });

  it('stops and forgets the jobs of a session that ended', async () => {
    const jobs = await makeStore();
    const { job, signal } = await jobs.create(SESSION, invites());
    await jobs.deleteSession(SESSION);
    expect(signal?.aborted).toBe(true);
    expect(await jobs.get(SESSION, job.jobId)).toBeNull();
  });
});

describe('two instances on one Redis', () => {
  it('a Stop taken by the other instance stops the job at its next settled item; the other answers its progress', async () => {
    const [running, other] = [await redisStore(), await redisStore()];
    const { job, signal } = await running.create(SESSION, invites());
    await running.settled(job.jobId);
    expect(toAssessmentBatchJob(await other.stop(SESSION, job.jobId))).toMatchObject({ status: 'running', stopping: true, done: 1 });
    expect(signal?.aborted).toBe(false);
    await running.settled(job.jobId);
    expect(signal?.aborted).toBe(true);
    expect(toAssessmentBatchJob(await other.get(SESSION, job.jobId))).toMatchObject({ done: 2, stopping: true });
  });

  it('a Stop taken by the other instance stops a job whose item is slow at its next beat', async () => {
    const [running, other] = [await redisStore(), await redisStore()];
    const { job, signal } = await running.create(SESSION, invites());
    await other.stop(SESSION, job.jobId);
    await running.heartbeat();
    expect(signal?.aborted).toBe(true);
  });

  it('a job whose instance died is failed by the other on its next read', async () => {
    const [dying, other] = [await redisStore(), await redisStore()];
    const { job } = await dying.create(SESSION, invites());
    clock += JOB_LEASE_MS;
    expect(toAssessmentBatchJob(await other.get(SESSION, job.jobId))).toMatchObject({ status: 'failed', reason: 'server_stopped' });
    // The dead instance's late answer does not revive it.
    await dying.finish(job.jobId, { status: 'complete', result });
    expect((await other.get(SESSION, job.jobId))?.status).toBe('failed');
  });
});
