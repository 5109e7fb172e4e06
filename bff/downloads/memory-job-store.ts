// The jobs of one BFF instance (no Redis): each record validated when written whole, its fixed part frozen and
// shared, its progress counted in place; the running jobs' leases renewed, ended jobs swept (jobs.ts has the
// record, its rules and the store's contract).
import Value from 'typebox/value';
import { JOB_HEARTBEAT_MS, JOB_LEASE_MS, JOB_TTL_MS, JobStoppedError } from '../batch/job-lease.ts';
import {
  alreadyStarted,
  type JobFailure,
  JobFailureSchema,
  type JobFile,
  type JobRecord,
  JobRecordSchema,
  type JobStore,
  jobsToForget,
  lapsed,
  type NewJob,
  newJobRecord,
  notFound,
} from './jobs.ts';

export interface MemoryJobStoreOptions {
  now?: () => number;
  sweepIntervalMs?: number;
  /** How often the running jobs' leases are renewed (JOB_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

/** A job's progress: what changes while the archive streams (the rest of the record is fixed at creation). */
type Progress = Pick<JobRecord, 'status' | 'done' | 'failed' | 'endedAt' | 'expiresAt' | 'aliveUntil' | 'reason'>;
type Fixed = Omit<JobRecord, keyof Progress>;

export class MemoryJobStore implements JobStore {
  // A record is validated once, when written whole; its fixed part is frozen and shared, and each file's progress only
  // counts and appends. The file list (up to MAX_JOB_FILES) is kept apart, given to the archive once, never copied.
  readonly #jobs = new Map<string, { fixed: Fixed; progress: Progress }>();
  readonly #files = new Map<string, readonly JobFile[]>();
  readonly #running = new Map<string, AbortController>();
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;
  readonly #beater: NodeJS.Timeout;

  constructor({ now = Date.now, sweepIntervalMs = 60_000, heartbeatMs = JOB_HEARTBEAT_MS }: MemoryJobStoreOptions = {}) {
    this.#now = now;
    this.#sweeper = setInterval(() => this.sweep(), sweepIntervalMs).unref();
    this.#beater = setInterval(() => void this.heartbeat(), heartbeatMs).unref();
  }

  get size(): number {
    return this.#jobs.size;
  }

  async create(sessionId: string, job: NewJob): Promise<JobRecord> {
    for (const jobId of jobsToForget(this.#ofSession(sessionId))) this.#forget(jobId);
    const record = newJobRecord(sessionId, job, this.#now());
    this.#write(record);
    this.#files.set(record.jobId, Object.freeze([...job.files]));
    return record;
  }

  async get(sessionId: string, jobId: string): Promise<JobRecord | null> {
    const record = this.#read(jobId);
    return record?.sessionId === sessionId ? record : null;
  }

  async start(sessionId: string, jobId: string): Promise<{ job: JobRecord; files: readonly JobFile[]; signal: AbortSignal }> {
    const record = await this.get(sessionId, jobId);
    if (!record) throw notFound();
    if (record.status !== 'pending') throw alreadyStarted();
    const files = this.#files.get(jobId);
    if (!files) throw notFound();
    const { expiresAt: _, ...running } = record;
    const job: JobRecord = { ...running, status: 'running', aliveUntil: this.#now() + JOB_LEASE_MS };
    const controller = new AbortController();
    this.#running.set(jobId, controller);
    this.#write(job);
    // The archive holds the list from now on.
    this.#files.delete(jobId);
    return { job, files, signal: controller.signal };
  }

  async recordFile(jobId: string, failure?: JobFailure): Promise<void> {
    const entry = this.#live(jobId);
    if (!entry || entry.progress.done >= entry.fixed.total) return;
    if (failure && !Value.Check(JobFailureSchema, failure)) throw new TypeError('invalid job failure');
    entry.progress.done += 1;
    if (failure) entry.progress.failed.push({ ...failure });
  }

  async finish(jobId: string, status: 'complete' | 'stopped' | 'failed'): Promise<JobRecord | null> {
    this.#running.delete(jobId);
    const record = this.#read(jobId);
    if (!record) return null;
    if (record.status !== 'running' && record.status !== 'pending') return record;
    return this.#end(record, status);
  }

  async stop(sessionId: string, jobId: string): Promise<JobRecord> {
    const record = await this.get(sessionId, jobId);
    if (!record) throw notFound();
    if (record.status !== 'running' && record.status !== 'pending') return record;
    this.#abort(jobId);
    return this.#end(record, 'stopped');
  }

  async deleteSession(sessionId: string): Promise<void> {
    for (const job of this.#ofSession(sessionId)) {
      this.#abort(job.jobId);
      this.#forget(job.jobId);
    }
  }

  async heartbeat(): Promise<void> {
    for (const jobId of [...this.#running.keys()]) {
      // As in Redis, a late beat still renews a job nobody failed meanwhile: its owner is alive.
      const entry = this.#jobs.get(jobId);
      if (entry?.progress.status === 'running') entry.progress.aliveUntil = this.#now() + JOB_LEASE_MS;
      else this.#abort(jobId);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    clearInterval(this.#beater);
    for (const controller of this.#running.values()) controller.abort(new JobStoppedError());
    this.#running.clear();
    this.#jobs.clear();
    this.#files.clear();
  }

  /** Forgets expired jobs, and fails running ones whose lease passed (then forgotten JOB_TTL_MS later). */
  sweep(): void {
    for (const jobId of this.#jobs.keys()) this.#live(jobId);
  }

  #abort(jobId: string): void {
    this.#running.get(jobId)?.abort(new JobStoppedError());
    this.#running.delete(jobId);
  }

  #forget(jobId: string): void {
    this.#jobs.delete(jobId);
    this.#files.delete(jobId);
  }

  #end(record: JobRecord, status: 'complete' | 'stopped' | 'failed', reason?: JobRecord['reason']): JobRecord {
    const endedAt = this.#now();
    const { aliveUntil: _, ...rest } = record;
    const ended: JobRecord = { ...rest, status, endedAt, expiresAt: endedAt + JOB_TTL_MS, ...(reason && { reason }) };
    this.#write(ended);
    // A pending job stopped: its list will never be streamed.
    this.#files.delete(record.jobId);
    return ended;
  }

  #ofSession(sessionId: string): JobRecord[] {
    return [...this.#jobs.keys()].map((jobId) => this.#read(jobId)).filter((job): job is JobRecord => job?.sessionId === sessionId);
  }

  #write(record: JobRecord): void {
    // Writing what could not be read back would lose the job later; refuse it now.
    if (!Value.Check(JobRecordSchema, record)) throw new TypeError('invalid job record');
    const { status, done, failed, endedAt, expiresAt, aliveUntil, reason, ...fixed } = structuredClone(record);
    const known = this.#jobs.get(record.jobId);
    this.#jobs.set(record.jobId, {
      // The fixed part never changes after creation: the one frozen copy stays.
      fixed: known?.fixed ?? deepFreeze(fixed),
      progress: {
        status,
        done,
        failed,
        ...(endedAt !== undefined && { endedAt }),
        ...(expiresAt !== undefined && { expiresAt }),
        ...(aliveUntil !== undefined && { aliveUntil }),
        ...(reason !== undefined && { reason }),
      },
    });
  }

  /** The stored job unless it expired (then forgotten); a running job whose lease passed is failed first. */
  #live(jobId: string): { fixed: Fixed; progress: Progress } | null {
    const entry = this.#jobs.get(jobId);
    if (!entry) return null;
    const { expiresAt } = entry.progress;
    if (expiresAt !== undefined && expiresAt <= this.#now()) {
      this.#forget(jobId);
      return null;
    }
    const record = { ...entry.fixed, ...entry.progress };
    if (!lapsed(record, this.#now())) return entry;
    // Whatever still streams it here was too slow to beat: it stops, and the job tells the user why.
    this.#abort(jobId);
    this.#end(record, 'failed', 'server_stopped');
    return this.#jobs.get(jobId) ?? null;
  }

  /** A copy of the job for the caller (the frozen fixed part shared). */
  #read(jobId: string): JobRecord | null {
    const entry = this.#live(jobId);
    if (!entry) return null;
    const { fixed, progress } = entry;
    return { ...fixed, ...progress, failed: progress.failed.map((failure) => ({ ...failure })) };
  }
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
  return Object.freeze(value);
}
