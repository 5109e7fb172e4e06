// Both job stores against the same expectations; the Redis one on a real redis-server, also as two
// instances sharing one job. The stores beat only when a test calls `heartbeat()` (their own timer is an hour
// here), so a test decides when an owner is alive and when it stopped.
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_LEASE_MS, JOB_TTL_MS, JobStoppedError } from '../batch/job-lease.ts';
import { schemaViolations } from '../test-support/contract-shapes.ts';
import { redisServerForTests } from '../test-support/test-redis.ts';
import {
  isJobRecord,
  type JobFile,
  type JobRecord,
  type JobStore,
  MAX_JOB_FILES,
  type NewJob,
  SERVER_STOPPED_MESSAGE,
  toReportDownloadJob as toView,
} from './jobs.ts';
import { MemoryJobStore } from './memory-job-store.ts';
import { RedisJobStore } from './redis-job-store.ts';

// Every view must be the contract's ReportDownloadJob.
function toReportDownloadJob(record: JobRecord) {
  const view = toView(record);
  expect(schemaViolations('ReportDownloadJob', view)).toEqual([]);
  return view;
}

const SESSION = 'session-a';
const OTHER = 'session-b';
const T0 = Date.UTC(2025, 8, 12, 14, 3, 10);

const file = (index: number): JobFile => ({
  assessmentId: `a55e55e0-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Client ${index}`,
  report: 'basic',
  fileName: `Surname${index} Client${index} - Enneagram.pdf`,
});
const newJob = (count = 3): NewJob => ({
  files: Array.from({ length: count }, (_, index) => file(index)),
  skipped: 2,
  language: 'english',
});

let clock = T0;
/** No beat of its own during a test: `heartbeat()` is called where the owner is alive. */
const MANUAL = 60 * 60_000;
const redis = redisServerForTests();
const stores: JobStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((created) => created.close()));
  await redis.inspector.flushall();
});

function memoryStore(): MemoryJobStore {
  const created = new MemoryJobStore({ now: () => clock, heartbeatMs: MANUAL });
  stores.push(created);
  return created;
}

async function redisStore(heartbeatMs = MANUAL): Promise<RedisJobStore> {
  const client = redis.client();
  const created = new RedisJobStore(client, { now: () => clock, heartbeatMs });
  stores.push(created);
  await created.ready();
  return created;
}

describe.each<[string, () => Promise<JobStore>]>([
  ['MemoryJobStore', async () => memoryStore()],
  ['RedisJobStore', redisStore],
])('%s', (_, make) => {
  const store = () => {
    clock = T0;
    return make();
  };

  it('creates a pending job that expires 30 minutes later unless started', async () => {
    const jobs = await store();
    const job = await jobs.create(SESSION, newJob());
    expect(toReportDownloadJob(job)).toEqual({
      jobId: job.jobId,
      status: 'pending',
      total: 3,
      done: 0,
      skipped: 2,
      failed: [],
      createdAt: '2025-09-12T14:03:10.000Z',
      expiresAt: '2025-09-12T14:33:10.000Z',
    });
    clock = T0 + JOB_TTL_MS;
    expect(await jobs.get(SESSION, job.jobId)).toBeNull();
  });

  it('belongs to its session only', async () => {
    const jobs = await store();
    const job = await jobs.create(SESSION, newJob());
    expect(await jobs.get(OTHER, job.jobId)).toBeNull();
    await expect(jobs.start(OTHER, job.jobId)).rejects.toMatchObject({ statusCode: 404, code: 'not_found' });
    await expect(jobs.stop(OTHER, job.jobId)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('runs: start once, progress with failures, complete, then expires 30 minutes after it ended', async () => {
    const jobs = await store();
    const { jobId } = await jobs.create(SESSION, newJob());
    const { job, signal } = await jobs.start(SESSION, jobId);
    expect(job.status).toBe('running');
    expect(job.expiresAt).toBeUndefined();
    expect(signal.aborted).toBe(false);
    await expect(jobs.start(SESSION, jobId)).rejects.toMatchObject({ statusCode: 409, code: 'archive_already_started' });

    await jobs.recordFile(jobId);
    await jobs.recordFile(jobId, {
      assessmentId: file(1).assessmentId,
      name: 'Client 1',
      report: 'basic',
      message: 'Report generation timed out',
    });
    const running = await jobs.get(SESSION, jobId);
    expect(running && toReportDownloadJob(running)).toMatchObject({ status: 'running', done: 2, total: 3 });

    // A running job whose owner beats is never forgotten, however long it takes.
    clock = T0 + 2 * JOB_TTL_MS;
    await jobs.heartbeat();
    expect((await jobs.get(SESSION, jobId))?.status).toBe('running');
    await jobs.recordFile(jobId);
    const ended = await jobs.finish(jobId, 'complete');
    expect(ended && toReportDownloadJob(ended)).toEqual({
      jobId,
      status: 'complete',
      total: 3,
      done: 3,
      skipped: 2,
      failed: [{ assessmentId: file(1).assessmentId, name: 'Client 1', report: 'basic', message: 'Report generation timed out' }],
      createdAt: new Date(T0).toISOString(),
      expiresAt: new Date(T0 + 3 * JOB_TTL_MS).toISOString(),
    });
    clock = T0 + 3 * JOB_TTL_MS;
    expect(await jobs.get(SESSION, jobId)).toBeNull();
  });

  it('fails a running job whose owner stopped beating, when read: the user is told why, and a new job can start', async () => {
    const jobs = await store();
    const { jobId } = await jobs.create(SESSION, newJob());
    const { signal } = await jobs.start(SESSION, jobId);
    await jobs.recordFile(jobId);
    clock = T0 + JOB_LEASE_MS - 1;
    expect((await jobs.get(SESSION, jobId))?.status).toBe('running');

    clock = T0 + JOB_LEASE_MS;
    const lapsed = await jobs.get(SESSION, jobId);
    expect(lapsed && toReportDownloadJob(lapsed)).toEqual({
      jobId,
      status: 'failed',
      reason: 'server_stopped',
      message: SERVER_STOPPED_MESSAGE,
      total: 3,
      done: 1,
      skipped: 2,
      failed: [],
      createdAt: new Date(T0).toISOString(),
      expiresAt: new Date(T0 + JOB_LEASE_MS + JOB_TTL_MS).toISOString(),
    });
    expect(SERVER_STOPPED_MESSAGE).toBe('The download stopped because the server preparing it stopped. Please start the download again.');
    // Whatever was still running for it here stops too; its late end changes nothing.
    expect(signal.aborted).toBe(true);
    expect((await jobs.finish(jobId, 'complete'))?.status).toBe('failed');
    expect((await jobs.create(SESSION, newJob())).status).toBe('pending');
  });

  it('lets a new job start once the running one’s owner stopped beating, without a read first', async () => {
    const jobs = await store();
    const { jobId } = await jobs.create(SESSION, newJob());
    await jobs.start(SESSION, jobId);
    clock = T0 + JOB_LEASE_MS / 2;
    await jobs.heartbeat();
    clock = T0 + JOB_LEASE_MS;
    await expect(jobs.create(SESSION, newJob())).rejects.toMatchObject({ statusCode: 409, code: 'download_in_progress' });

    clock = T0 + JOB_LEASE_MS / 2 + JOB_LEASE_MS;
    expect((await jobs.create(SESSION, newJob())).status).toBe('pending');
    expect(await jobs.get(SESSION, jobId)).toMatchObject({ status: 'failed', reason: 'server_stopped' });
  });

  it('stops a running job: aborts its signal, and answers an ended job unchanged', async () => {
    const jobs = await store();
    const { jobId } = await jobs.create(SESSION, newJob());
    const { signal } = await jobs.start(SESSION, jobId);
    const stopped = await jobs.stop(SESSION, jobId);
    expect(stopped.status).toBe('stopped');
    expect(signal.reason).toBeInstanceOf(JobStoppedError);
    // The archive stream then finishes; the job stays stopped.
    expect((await jobs.finish(jobId, 'complete'))?.status).toBe('stopped');
    expect(await jobs.stop(SESSION, jobId)).toEqual(stopped);
  });

  it('stops a pending job, which then cannot start', async () => {
    const jobs = await store();
    const { jobId } = await jobs.create(SESSION, newJob());
    expect((await jobs.stop(SESSION, jobId)).status).toBe('stopped');
    await expect(jobs.start(SESSION, jobId)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('allows one running job per session; a pending one is replaced', async () => {
    const jobs = await store();
    const first = await jobs.create(SESSION, newJob());
    const second = await jobs.create(SESSION, newJob());
    expect(await jobs.get(SESSION, first.jobId)).toBeNull();
    await jobs.start(SESSION, second.jobId);
    await expect(jobs.create(SESSION, newJob())).rejects.toMatchObject({
      statusCode: 409,
      code: 'download_in_progress',
      detail: 'A download is already running. Please wait for it to finish or stop it.',
    });
    expect((await jobs.create(OTHER, newJob())).status).toBe('pending');
    await jobs.finish(second.jobId, 'complete');
    expect((await jobs.create(SESSION, newJob())).status).toBe('pending');
  });

  it('keeps a bounded number of ended jobs per session', async () => {
    const jobs = await store();
    const ids: string[] = [];
    for (let index = 0; index < 8; index++) {
      clock = T0 + index;
      const { jobId } = await jobs.create(SESSION, newJob(1));
      await jobs.start(SESSION, jobId);
      await jobs.finish(jobId, 'complete');
      ids.push(jobId);
    }
    const kept = await Promise.all(ids.map((jobId) => jobs.get(SESSION, jobId)));
    expect(kept.filter(Boolean).length).toBeLessThanOrEqual(5);
    expect(await jobs.get(SESSION, ids.at(-1) ?? '')).not.toBeNull();
    expect(await jobs.get(SESSION, ids[0] ?? '')).toBeNull();
  });

  it('forgets and stops a session’s jobs at logout', async () => {
    const jobs = await store();
    const { jobId } = await jobs.create(SESSION, newJob());
    const { signal } = await jobs.start(SESSION, jobId);
    const other = await jobs.create(OTHER, newJob());
    await jobs.deleteSession(SESSION);
    expect(signal.aborted).toBe(true);
    expect(await jobs.get(SESSION, jobId)).toBeNull();
    expect(await jobs.get(OTHER, other.jobId)).not.toBeNull();
  });

  it('refuses more files than a download holds, saying how many were asked for; holds as many as that', async () => {
    const jobs = await store();
    await expect(jobs.create(SESSION, newJob(MAX_JOB_FILES + 1))).rejects.toMatchObject({
      statusCode: 400,
      code: 'too_many_reports',
      detail: expect.stringContaining('at most 20,000 reports; the selected assessments offer 20,001'),
    });
    const { jobId } = await jobs.create(SESSION, newJob(MAX_JOB_FILES));
    const { files } = await jobs.start(SESSION, jobId);
    expect(files).toHaveLength(MAX_JOB_FILES);
    expect(toReportDownloadJob((await jobs.get(SESSION, jobId)) as JobRecord)).toMatchObject({ total: MAX_JOB_FILES, done: 0 });
  });

  it('validates records', async () => {
    expect(isJobRecord({ jobId: 'x' })).toBe(false);
  });

  it('counts no more files than the job has', async () => {
    const jobs = await store();
    const { jobId } = await jobs.create(SESSION, newJob(1));
    await jobs.start(SESSION, jobId);
    await jobs.recordFile(jobId);
    await jobs.recordFile(jobId);
    expect((await jobs.get(SESSION, jobId))?.done).toBe(1);
  });
});

describe('MemoryJobStore', () => {
  it('sweeps ended jobs once they expire', async () => {
    clock = T0;
    const jobs = memoryStore();
    const { jobId } = await jobs.create(SESSION, newJob(1));
    await jobs.start(SESSION, jobId);
    await jobs.finish(jobId, 'complete');
    clock = T0 + JOB_TTL_MS;
    jobs.sweep();
    expect(jobs.size).toBe(0);
  });
});

describe('RedisJobStore, two instances', () => {
  it('one instance streams the job; the other answers its progress and stops it', async () => {
    clock = T0;
    const [streaming, other] = [await redisStore(), await redisStore()];
    const { jobId } = await other.create(SESSION, newJob());
    const { signal } = await streaming.start(SESSION, jobId);
    await streaming.recordFile(jobId);
    expect(await other.get(SESSION, jobId)).toMatchObject({ status: 'running', done: 1 });
    await expect(other.start(SESSION, jobId)).rejects.toMatchObject({ statusCode: 409, code: 'archive_already_started' });
    await expect(other.create(SESSION, newJob())).rejects.toMatchObject({ statusCode: 409, code: 'download_in_progress' });

    expect((await other.stop(SESSION, jobId)).status).toBe('stopped');
    await expect.poll(() => signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(JobStoppedError);
    expect((await streaming.finish(jobId, 'complete'))?.status).toBe('stopped');
  });

  it('ends a session’s running job on the instance streaming it at logout, wherever logout happens', async () => {
    clock = T0;
    const [streaming, other] = [await redisStore(), await redisStore()];
    const { jobId } = await streaming.create(SESSION, newJob());
    const { signal } = await streaming.start(SESSION, jobId);
    await other.deleteSession(SESSION);
    await expect.poll(() => signal.aborted).toBe(true);
    expect(await streaming.get(SESSION, jobId)).toBeNull();
    expect(await redis.inspector.keys('portal:job*')).toEqual([]);
  });

  it('gives every key an expiry, a running job’s renewed by its heartbeat', async () => {
    clock = T0;
    const jobs = await redisStore();
    const { jobId } = await jobs.create(SESSION, newJob());
    const [job, failed] = [`portal:job:${jobId}`, `portal:job:${jobId}:failed`];
    expect(await redis.inspector.pttl(job)).toBeGreaterThan(JOB_TTL_MS - 5_000);
    await jobs.start(SESSION, jobId);
    // Nothing stays running forever: a job nobody beats for goes with its keys.
    expect(await redis.inspector.pttl(job)).toBeGreaterThan(JOB_TTL_MS - 5_000);
    expect(await redis.inspector.pttl(job)).toBeLessThanOrEqual(JOB_TTL_MS);
    await jobs.recordFile(jobId, { assessmentId: file(0).assessmentId, name: 'Client 0', report: 'basic', message: 'Failed' });
    await redis.inspector.pexpire(job, 60_000);
    await jobs.heartbeat();
    for (const key of [job, failed]) expect(await redis.inspector.pttl(key)).toBeGreaterThan(JOB_TTL_MS - 5_000);
    await jobs.finish(jobId, 'complete');
    for (const key of [`portal:job:${jobId}`, `portal:job:${jobId}:failed`, `portal:jobs:${SESSION}`]) {
      expect(await redis.inspector.pttl(key)).toBeGreaterThan(0);
    }
  });

  it('an instance that died leaves its running job to the others: failed once it stops beating, and a new job starts', async () => {
    clock = T0;
    const [owner, other] = [await redisStore(), await redisStore()];
    const { jobId } = await other.create(SESSION, newJob());
    const { signal } = await owner.start(SESSION, jobId);
    clock = T0 + JOB_LEASE_MS / 2;
    await owner.heartbeat();
    clock = T0 + JOB_LEASE_MS;
    expect(await other.get(SESSION, jobId)).toMatchObject({ status: 'running' });
    await expect(other.create(SESSION, newJob())).rejects.toMatchObject({ statusCode: 409, code: 'download_in_progress' });

    // The owner beats no more (its process is gone).
    clock = T0 + JOB_LEASE_MS / 2 + JOB_LEASE_MS;
    expect(await other.get(SESSION, jobId)).toMatchObject({ status: 'failed', reason: 'server_stopped' });
    expect((await other.create(SESSION, newJob())).status).toBe('pending');
    // An owner that was only stalled learns at its next beat that the job is no longer its own, and stops it.
    expect(signal.aborted).toBe(false);
    await owner.heartbeat();
    expect(signal.aborted).toBe(true);
    expect((await owner.finish(jobId, 'complete'))?.status).toBe('failed');
  });

  it('beats by itself while the job runs, and no more once it ended', async () => {
    clock = T0;
    const jobs = await redisStore(20);
    const { jobId } = await jobs.create(SESSION, newJob());
    await jobs.start(SESSION, jobId);
    clock = T0 + JOB_LEASE_MS / 2;
    await expect.poll(() => redis.inspector.hget(`portal:job:${jobId}`, 'aliveUntil')).toBe(String(clock + JOB_LEASE_MS));
    await jobs.finish(jobId, 'complete');
    expect(await redis.inspector.hget(`portal:job:${jobId}`, 'aliveUntil')).toBeNull();
  });

  it('reads a record that no longer validates as no job', async () => {
    clock = T0;
    const jobs = await redisStore();
    const { jobId } = await jobs.create(SESSION, newJob());
    await redis.inspector.hset(`portal:job:${jobId}`, 'status', 'exploded');
    expect(await jobs.get(SESSION, jobId)).toBeNull();
  });
});
