// Assessments actions that run as a job (Send Invites/Reminders, Send Reports, Delete called with
// `Prefer: respond-async`): the call answers 202 with the job at once, and the action runs on this instance,
// detached from the request, exactly as it would have run for the call (the list copies' change, the
// Idempotency-Key's lease and ledger, runBatch's fan-out). The client polls the job for its progress ("n of m")
// and its result, and may stop it: nothing new starts, the items in flight finish and count. As the Download
// Reports job (downloads/jobs.ts), the instance running it holds a lease it renews every JOB_HEARTBEAT_MS: a job
// whose instance died is failed by the next read of it, on any instance, and a repeat with the same
// Idempotency-Key resumes the items not done (batch/idempotent.ts).
import { createHash, randomUUID } from 'node:crypto';
import Type from 'typebox';
import Value from 'typebox/value';
import type { components } from '../../generated/bff.ts';
import { HttpAnswer, type Log, type OperationContext, type OperationId, type SessionContext } from '../operation.ts';
import { failed, notFound, ProblemError, problem, UNEXPECTED_MESSAGE } from '../problem.ts';
import type { BatchRun, RunHandler } from './batch-run.ts';
import { JOB_HEARTBEAT_MS, JOB_LEASE_MS, JOB_TTL_MS, JobStoppedError } from './job-lease.ts';
import { pack, unpack } from './record-codec.ts';

export type AssessmentBatchJob = components['schemas']['AssessmentBatchJob'];
export type JobOperation = AssessmentBatchJob['operation'];
type JobResult = NonNullable<AssessmentBatchJob['result']>;
type JobProblem = NonNullable<AssessmentBatchJob['problem']>;

/** What the user is told about a job whose instance stopped (the contract's AssessmentBatchJob.message). */
export const JOB_SERVER_STOPPED_MESSAGE =
  'The action stopped because the server running it stopped. What was done is kept: start it again to do the rest.';
/** 409 `batch_in_progress`: the session runs another job. */
export const BATCH_IN_PROGRESS = 'Another action is still running. Please wait for it to finish or stop it.';
/** The contract's `Prefer` value asking for a job. */
export const RESPOND_ASYNC = 'respond-async';

const EpochMs = Type.Integer({ minimum: 0 });

/** A job as the stores keep it; `result` and `problem` are the action's answer, as the contract writes them. */
export const BatchJobRecordSchema = Type.Object({
  jobId: Type.String({ format: 'uuid', maxLength: 36 }),
  /** The session that started it; any other session gets 404. */
  sessionId: Type.String({ minLength: 1, maxLength: 64 }),
  operation: Type.Union([Type.Literal('sendInvites'), Type.Literal('sendReports'), Type.Literal('deleteAssessments')]),
  /** The hash of the call's Idempotency-Key (with session and operation), '' without one: a repeat answers the job. */
  keyHash: Type.String({ maxLength: 64 }),
  status: Type.Union([Type.Literal('running'), Type.Literal('complete'), Type.Literal('stopped'), Type.Literal('failed')]),
  stopping: Type.Boolean(),
  total: Type.Integer({ minimum: 0, maximum: 50_000 }),
  done: Type.Integer({ minimum: 0, maximum: 50_000 }),
  createdAt: EpochMs,
  endedAt: Type.Optional(EpochMs),
  /** Absent while running: a running job is forgotten only if its owner stops beating (then it fails). */
  expiresAt: Type.Optional(EpochMs),
  /** A running job's lease: the instance running it renews it; once it passed, the job is failed with `reason`. */
  aliveUntil: Type.Optional(EpochMs),
  reason: Type.Optional(Type.Literal('server_stopped')),
  result: Type.Optional(Type.Unknown()),
  problem: Type.Optional(Type.Unknown()),
});
export type BatchJobRecord = Type.Static<typeof BatchJobRecordSchema>;

/** How a job ended: the action's answer, or the problem it answered. */
export type JobEnd = { status: 'complete' | 'stopped'; result: JobResult } | { status: 'failed'; problem: JobProblem };

export interface NewBatchJob {
  operation: JobOperation;
  /** The items asked for (the selection); the batch tells the exact count once it read the selection. */
  total: number;
  keyHash: string;
}

/**
 * Where jobs live: this instance's memory (MemoryBatchJobStore), or Redis when REDIS_URL is set
 * (redis-batch-job-store.ts: any instance answers a job's progress and takes its Stop).
 */
export interface BatchJobStore {
  /**
   * A new running job held by this instance, with the signal its Stop aborts; the session's running job of the same
   * operation and key instead (`existing`, no signal: a repeat of the call); 409 `batch_in_progress` while the
   * session runs another one.
   */
  create(sessionId: string, job: NewBatchJob): Promise<{ job: BatchJobRecord; signal?: AbortSignal }>;
  /** The session's job, or null when it is unknown, another session's or expired. */
  get(sessionId: string, jobId: string): Promise<BatchJobRecord | null>;
  /** The batch read its selection: `total` items, `done` of them recorded by an earlier attempt. */
  begin(jobId: string, total: number, done: number): Promise<void>;
  /** One item settled; a Stop asked on another instance aborts the job's signal here. */
  settled(jobId: string): Promise<void>;
  /** Stop: nothing new starts (the job ends `stopped` once its items in flight settled); an ended job is answered unchanged. */
  stop(sessionId: string, jobId: string): Promise<BatchJobRecord>;
  /** Ends a running job with its answer. */
  finish(jobId: string, end: JobEnd): Promise<void>;
  /** Logout: the session's jobs stop and are forgotten. */
  deleteSession(sessionId: string): Promise<void>;
  /** Renews the lease of every job this instance runs (the store's own timer calls it every JOB_HEARTBEAT_MS). */
  heartbeat(): Promise<void>;
  close(): Promise<void>;
}

export function isBatchJobRecord(value: unknown): value is BatchJobRecord {
  return Value.Check(BatchJobRecordSchema, value);
}

/** What a store read back, if it is still a job: a value that no longer validates, or that expired, is none. */
export function liveBatchJob(value: unknown, now: number): BatchJobRecord | null {
  return isBatchJobRecord(value) && (value.expiresAt === undefined || value.expiresAt > now) ? value : null;
}

/** A running job whose owner has not renewed its lease in time. */
export const lapsedJob = (record: BatchJobRecord, now: number): boolean => record.status === 'running' && (record.aliveUntil ?? 0) <= now;

export const keyHashOf = (sessionId: string, operation: JobOperation, key: string | undefined): string =>
  key ? createHash('sha256').update(`${sessionId}\n${operation}\n${key}`).digest('base64url') : '';

export function newBatchJobRecord(sessionId: string, { operation, total, keyHash }: NewBatchJob, now: number): BatchJobRecord {
  return {
    jobId: randomUUID(),
    sessionId,
    operation,
    keyHash,
    status: 'running',
    stopping: false,
    total,
    done: 0,
    createdAt: now,
    aliveUntil: now + JOB_LEASE_MS,
  };
}

/**
 * The rule for a new job, the same in every store: the session's running job of the same operation and key is the
 * one asked for again; another running job refuses it (409).
 */
export function runningOfSession(own: readonly BatchJobRecord[], { operation, keyHash }: NewBatchJob): BatchJobRecord | undefined {
  const running = own.filter((job) => job.status === 'running');
  const same = running.find((job) => keyHash !== '' && job.keyHash === keyHash && job.operation === operation);
  if (same) return same;
  if (running.length > 0) throw problem(409, 'batch_in_progress', BATCH_IN_PROGRESS, 'Please Note');
  return undefined;
}

/**
 * The ended jobs a session keeps (with their results, compact: record-codec.ts); a new job forgets the older ones. The
 * client reads a job's result once it ended; a session runs one job at a time.
 */
export const ENDED_JOBS_PER_SESSION = 3;

/** The session's ended jobs past the newest ENDED_JOBS_PER_SESSION: forgotten when it starts another. */
export const endedJobsPastTheLimit = (own: readonly BatchJobRecord[]): BatchJobRecord[] =>
  own
    .filter((job) => job.status !== 'running')
    .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
    .slice(ENDED_JOBS_PER_SESSION - 1);

/** The job as it ends (or as its lease lapsed: failed, `server_stopped`). */
export function endedJob(record: BatchJobRecord, end: JobEnd | 'server_stopped', now: number): BatchJobRecord {
  const { aliveUntil: _, result: _r, problem: _p, ...rest } = record;
  const ended = { ...rest, endedAt: now, expiresAt: now + JOB_TTL_MS };
  if (end === 'server_stopped') return { ...ended, status: 'failed', reason: 'server_stopped' };
  return end.status === 'failed'
    ? { ...ended, status: 'failed', problem: end.problem }
    : { ...ended, status: end.status, result: end.result };
}

/** The contract's view of a job (times as ISO strings; session, key and lease stay inside). */
export function toAssessmentBatchJob(record: BatchJobRecord): AssessmentBatchJob {
  return {
    jobId: record.jobId,
    operation: record.operation,
    status: record.status,
    stopping: record.stopping,
    total: record.total,
    done: Math.min(record.done, record.total),
    ...(record.result !== undefined && { result: record.result as JobResult }),
    ...(record.problem !== undefined && { problem: record.problem as JobProblem }),
    ...(record.reason === 'server_stopped' && { reason: record.reason, message: JOB_SERVER_STOPPED_MESSAGE }),
    createdAt: new Date(record.createdAt).toISOString(),
    ...(record.expiresAt !== undefined && { expiresAt: new Date(record.expiresAt).toISOString() }),
  };
}

export interface MemoryBatchJobStoreOptions {
  now?: () => number;
  heartbeatMs?: number;
  sweepIntervalMs?: number;
}

export class MemoryBatchJobStore implements BatchJobStore {
  readonly #jobs = new Map<string, BatchJobRecord>();
  /** The ended jobs' results, packed (record-codec.ts). */
  readonly #results = new Map<string, string>();
  /** The jobs this instance runs: Stop aborts them. */
  readonly #running = new Map<string, AbortController>();
  readonly #now: () => number;
  readonly #beater: NodeJS.Timeout;
  readonly #sweeper: NodeJS.Timeout;

  constructor({ now = Date.now, heartbeatMs = JOB_HEARTBEAT_MS, sweepIntervalMs = 60_000 }: MemoryBatchJobStoreOptions = {}) {
    this.#now = now;
    this.#beater = setInterval(() => void this.heartbeat(), heartbeatMs).unref();
    this.#sweeper = setInterval(() => this.sweep(), sweepIntervalMs).unref();
  }

  async create(sessionId: string, job: NewBatchJob): Promise<{ job: BatchJobRecord; signal?: AbortSignal }> {
    const own = [...this.#jobs.keys()].map((id) => this.#live(id)).filter((record) => record?.sessionId === sessionId);
    const existing = runningOfSession(own as BatchJobRecord[], job);
    if (existing) return { job: { ...existing } };
    for (const { jobId } of endedJobsPastTheLimit(own as BatchJobRecord[])) this.#forget(jobId);
    const record = newBatchJobRecord(sessionId, job, this.#now());
    const controller = new AbortController();
    this.#jobs.set(record.jobId, record);
    this.#running.set(record.jobId, controller);
    return { job: { ...record }, signal: controller.signal };
  }

  async get(sessionId: string, jobId: string): Promise<BatchJobRecord | null> {
    const record = this.#live(jobId);
    return record?.sessionId === sessionId ? this.#withResult(record) : null;
  }

  async begin(jobId: string, total: number, done: number): Promise<void> {
    const record = this.#live(jobId);
    if (record?.status === 'running') Object.assign(record, { total, done });
  }

  async settled(jobId: string): Promise<void> {
    const record = this.#live(jobId);
    if (record?.status !== 'running') return;
    record.done = Math.min(record.total, record.done + 1);
  }

  async stop(sessionId: string, jobId: string): Promise<BatchJobRecord> {
    const record = this.#live(jobId);
    if (record?.sessionId !== sessionId) throw notFound();
    if (record.status === 'running') {
      record.stopping = true;
      this.#abort(jobId);
    }
    return this.#withResult(record);
  }

  async finish(jobId: string, end: JobEnd): Promise<void> {
    this.#running.delete(jobId);
    const packed = end.status === 'failed' ? undefined : await pack(end.result);
    const record = this.#live(jobId);
    if (record?.status !== 'running') return;
    const { result: _, ...ended } = endedJob(record, end, this.#now());
    this.#jobs.set(jobId, ended);
    if (packed !== undefined) this.#results.set(jobId, packed);
  }

  async deleteSession(sessionId: string): Promise<void> {
    for (const [jobId, record] of this.#jobs) {
      if (record.sessionId !== sessionId) continue;
      this.#abort(jobId);
      this.#forget(jobId);
    }
  }

  async heartbeat(): Promise<void> {
    for (const jobId of [...this.#running.keys()]) {
      const record = this.#jobs.get(jobId);
      if (record?.status === 'running') record.aliveUntil = this.#now() + JOB_LEASE_MS;
      else this.#abort(jobId);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#beater);
    clearInterval(this.#sweeper);
    for (const jobId of [...this.#running.keys()]) this.#abort(jobId);
    this.#jobs.clear();
    this.#results.clear();
  }

  /** Forgets expired jobs and fails running ones whose lease passed. */
  sweep(): void {
    for (const jobId of [...this.#jobs.keys()]) this.#live(jobId);
  }

  #abort(jobId: string): void {
    this.#running.get(jobId)?.abort(new JobStoppedError());
    this.#running.delete(jobId);
  }

  #forget(jobId: string): void {
    this.#jobs.delete(jobId);
    this.#results.delete(jobId);
  }

  /** A copy of the job with its result unpacked. */
  async #withResult(record: BatchJobRecord): Promise<BatchJobRecord> {
    const packed = this.#results.get(record.jobId);
    return packed === undefined ? { ...record } : { ...record, result: await unpack(packed) };
  }

  #live(jobId: string): BatchJobRecord | null {
    const record = this.#jobs.get(jobId);
    if (!record) return null;
    const now = this.#now();
    if (record.expiresAt !== undefined && record.expiresAt <= now) {
      this.#forget(jobId);
      return null;
    }
    if (!lapsedJob(record, now)) return record;
    // Whatever still runs it here was too slow to beat: it stops, and the job tells the user why.
    this.#abort(jobId);
    const ended = endedJob(record, 'server_stopped', now);
    this.#jobs.set(jobId, ended);
    return ended;
  }
}

/** Does the call ask for a job (`Prefer: respond-async`, the contract's only value)? */
export const prefersJob = (headers: OperationContext['headers']): boolean => headers.prefer === RESPOND_ASYNC;

/** The problem a job's action ended with, as its answer would have carried it; anything else is unexpected. */
function problemOf(error: unknown, jobId: string, log: Log): JobProblem {
  const known = error instanceof ProblemError ? error : failed(500, 'internal_error', UNEXPECTED_MESSAGE);
  if (!(error instanceof ProblemError)) log.error({ err: error }, 'batch job failed');
  return {
    ...known.extensions,
    type: `/problems/${known.code}`,
    title: known.title,
    status: known.statusCode,
    code: known.code,
    detail: known.detail,
    instance: jobId,
  } as JobProblem;
}

/** The answer of a call that started (or found) a job: 202 with the job and its address. */
const acceptedJob = (job: BatchJobRecord) =>
  new HttpAnswer(202, toAssessmentBatchJob(job), { location: `/api/assessments/batch-jobs/${job.jobId}` });

export interface RunsAsJobOptions {
  /** Told when a job ended (the audit line and the batch metrics of the action). */
  onEnd?: ((job: { operation: JobOperation; coachId: string; end: JobEnd; durationMs: number }, log: Log) => void) | undefined;
}

/**
 * `handler` (the action with its inner wrappers: the list copies, the Idempotency-Key) as a job when the call says
 * `Prefer: respond-async`: the run it hands on has the job's Stop as its `signal` (never the browser: the call has
 * answered), its legacy client detached from the request, the job's log and the job's `progress`; the call answers
 * 202 with the job. Without the header the handler answers as it always did.
 */
export function runsAsJob<K extends OperationId>(
  operation: JobOperation & K,
  handler: RunHandler<K>,
  jobs: BatchJobStore,
  { onEnd }: RunsAsJobOptions = {},
): RunHandler<K> {
  return (async (input, ctx, outer) => {
    if (!prefersJob(ctx.headers)) return handler(input, ctx, outer);
    const { session } = ctx as SessionContext;
    const { log } = outer;
    const ids = (input.body as { ids?: unknown[] } | undefined)?.ids ?? [];
    const keyHash = keyHashOf(session.id, operation, ctx.headers['idempotency-key']);
    const { job, signal } = await jobs.create(session.id, { operation, total: ids.length, keyHash });
    // The same call again (its answer was lost) while its job runs: the job it started.
    if (!signal) return acceptedJob(job);

    const jobLog = (log as Log & { child?: (bindings: object) => Log }).child?.({ batchJob: job.jobId }) ?? log;
    // Its legacy calls no longer follow the browser, which has its answer.
    const jobRun: BatchRun = {
      ...outer,
      legacy: outer.legacy.detached(),
      log: jobLog,
      signal,
      progress: { begin: (total, done) => jobs.begin(job.jobId, total, done), settled: () => jobs.settled(job.jobId) },
    };
    const started = Date.now();
    const run = async (): Promise<JobEnd> => {
      try {
        const answer = await handler(input, ctx, jobRun);
        const result = (answer instanceof HttpAnswer ? answer.body : answer) as unknown as JobResult;
        return { status: result.notAttempted > 0 ? 'stopped' : 'complete', result };
      } catch (error) {
        return { status: 'failed', problem: problemOf(error, job.jobId, jobLog) };
      }
    };
    void run().then(async (end) => {
      await jobs.finish(job.jobId, end).catch((err: unknown) => jobLog.error({ err }, 'the end of a batch job could not be kept'));
      onEnd?.({ operation, coachId: session.coachId, end, durationMs: Date.now() - started }, jobLog);
    });
    return acceptedJob(job);
  }) as RunHandler<K>;
}
