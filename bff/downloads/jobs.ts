// Long batch jobs with an id, kept per session: the Download Reports job (spec assessments-and-clients §4.6)
// goes create → archive streaming (progress polled) → complete, stopped or failed, and is forgotten 30 minutes
// after it ended. A running job is held by a lease its owner (the instance streaming the zip) renews every
// JOB_HEARTBEAT_MS: a job whose owner stopped beating (the process died, lost Redis, hung) is failed by the next
// read of it, on any instance, so that the session can start another one. Records cross a non-HTTP boundary
// (Redis), so they are TypeBox-validated when read back from it; the memory store validates each record it is given.
import { randomUUID } from 'node:crypto';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import type { components } from '../../generated/bff.ts';
import { JOB_TTL_MS } from '../batch/job-lease.ts';
import { problem } from '../problem.ts';

export type ReportDownloadJob = components['schemas']['ReportDownloadJob'];
export type ReportCode = components['schemas']['ReportCode'];
export type JobStatus = ReportDownloadJob['status'];

/** What the user is told about a job whose owner stopped (the contract's ReportDownloadJob.message). */
export const SERVER_STOPPED_MESSAGE = 'The download stopped because the server preparing it stopped. Please start the download again.';
/**
 * The most reports one download holds (contract: createReportDownload 400 `too_many_reports`). The selection may be
 * the table's whole one (`AssessmentSelection`, 50,000 assessments), and the zip streams (the reports' bytes are never
 * held), but the zip library keeps each entry's central-directory record, with the job's outcome of each file about
 * 1.8 KB a report, until the zip ends: 20,000 reports (the 20,000 assessments of a large coach, one report each) are
 * about 36 MB while that download runs. The Download Reports dialog states this limit before anything starts.
 */
export const MAX_JOB_FILES = 20_000;

/** A selection whose chosen reports are more than a download holds: 400 `too_many_reports`, nothing started. */
export const tooManyReports = (count: number) =>
  problem(
    400,
    'too_many_reports',
    `A download holds at most ${MAX_JOB_FILES.toLocaleString('en')} reports; the selected assessments offer ${count.toLocaleString('en')} of the selected reports. Please select fewer reports or fewer assessments.`,
    'Failed',
  );
/** Ended jobs kept per session besides the live one; older ones are dropped first. */
const ENDED_JOBS_PER_SESSION = 5;

const EpochMs = Type.Integer({ minimum: 0 });
const ReportCodeSchema = Type.Union([
  Type.Literal('enneaOverview'),
  Type.Literal('clientSummary'),
  Type.Literal('basic'),
  Type.Literal('foundation'),
  Type.Literal('extended'),
  Type.Literal('imfCoG'),
  Type.Literal('imf'),
]);
const Uuid = Type.String({ format: 'uuid', maxLength: 36 });

/** One file of the archive: an assessment's report. */
export const JobFileSchema = Type.Object({
  assessmentId: Uuid,
  /** The client's name and surname, as failures are reported. */
  name: Type.String({ maxLength: 300 }),
  report: ReportCodeSchema,
  /** The entry's name in the zip, e.g. `{surname} {name} - {report name}.pdf`. */
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
});
export type JobFile = Type.Static<typeof JobFileSchema>;
export const JobFilesSchema = Type.Array(JobFileSchema, { minItems: 1, maxItems: MAX_JOB_FILES });
// Compiled once: a list of MAX_JOB_FILES is checked in a fraction of a second (the interpreted check takes ~100 ms per
// thousand files).
const jobFilesCheck = Compile(JobFilesSchema);

/** Whether `value` is a job's file list (as created, or read back from Redis). */
export function isJobFiles(value: unknown): value is JobFile[] {
  return jobFilesCheck.Check(value);
}

export const JobFailureSchema = Type.Object({
  assessmentId: Uuid,
  name: Type.String({ maxLength: 300 }),
  report: ReportCodeSchema,
  message: Type.String({ maxLength: 2000 }),
});
export type JobFailure = Type.Static<typeof JobFailureSchema>;

export const JobRecordSchema = Type.Object({
  jobId: Uuid,
  /** The session that owns it; any other session gets 404. */
  sessionId: Type.String({ minLength: 1, maxLength: 64 }),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('running'),
    Type.Literal('complete'),
    Type.Literal('stopped'),
    Type.Literal('failed'),
  ]),
  /** The files to fetch (the list itself is kept apart: `JobStore.start` answers it). */
  total: Type.Integer({ minimum: 1, maximum: MAX_JOB_FILES }),
  language: Type.Optional(Type.String({ maxLength: 20 })),
  skipped: Type.Integer({ minimum: 0, maximum: MAX_JOB_FILES }),
  done: Type.Integer({ minimum: 0, maximum: MAX_JOB_FILES }),
  failed: Type.Array(JobFailureSchema, { maxItems: MAX_JOB_FILES }),
  createdAt: EpochMs,
  endedAt: Type.Optional(EpochMs),
  /** Absent while running: a running job is forgotten only if its owner stops beating (then it fails). */
  expiresAt: Type.Optional(EpochMs),
  /** A running job's lease: its owner renews it; once it passed, the job is failed with `reason`. */
  aliveUntil: Type.Optional(EpochMs),
  /** Why a failed job ended early, when the store knows: its owner stopped beating. */
  reason: Type.Optional(Type.Literal('server_stopped')),
});
export type JobRecord = Type.Static<typeof JobRecordSchema>;

export interface NewJob {
  files: JobFile[];
  skipped: number;
  language?: string | undefined;
}

/**
 * Where jobs live: this instance's memory (MemoryJobStore), or Redis when REDIS_URL is set (RedisJobStore:
 * every instance polls, starts and stops any job; Stop reaches the instance streaming it by pub/sub).
 */
export interface JobStore {
  /**
   * A new pending job; 409 `download_in_progress` while the session has a running one (a pending one is replaced), 400
   * `too_many_reports` beyond MAX_JOB_FILES.
   */
  create(sessionId: string, job: NewJob): Promise<JobRecord>;
  /** The session's job, or null when it is unknown, another session's or expired. */
  get(sessionId: string, jobId: string): Promise<JobRecord | null>;
  /**
   * Marks a pending job running and gives its files and the signal Stop aborts; 404 when missing, 409
   * `archive_already_started` otherwise.
   */
  start(sessionId: string, jobId: string): Promise<{ job: JobRecord; files: readonly JobFile[]; signal: AbortSignal }>;
  /** One file tried: `done` counts it, a failure is listed. */
  recordFile(jobId: string, failure?: JobFailure): Promise<void>;
  /** Ends a running job (a job already stopped stays stopped). */
  finish(jobId: string, status: 'complete' | 'stopped' | 'failed'): Promise<JobRecord | null>;
  /** Stop: a pending or running job becomes stopped (the archive stream ends); an ended job is answered unchanged. */
  stop(sessionId: string, jobId: string): Promise<JobRecord>;
  /** Logout: the session's jobs are stopped and forgotten. */
  deleteSession(sessionId: string): Promise<void>;
  /**
   * Renews the lease of every job this instance streams (the store's own timer calls it every JOB_HEARTBEAT_MS); a
   * job that is no longer running (stopped, or failed because this instance was too slow to beat) is stopped here.
   */
  heartbeat(): Promise<void>;
  close(): Promise<void>;
}

export function isJobRecord(value: unknown): value is JobRecord {
  return Value.Check(JobRecordSchema, value);
}

/** What a store read back, if it is still a job: a value that no longer validates, or that expired, is none. */
export function liveJob(value: unknown, now: number): JobRecord | null {
  return isJobRecord(value) && (value.expiresAt === undefined || value.expiresAt > now) ? value : null;
}

/** A running job whose owner has not renewed its lease in time (one without a lease is an orphan too). */
export function lapsed(record: JobRecord, now: number): boolean {
  return record.status === 'running' && (record.aliveUntil ?? 0) <= now;
}

/** The contract's view of a job (times as ISO strings; files, owner and lease stay inside). */
export function toReportDownloadJob(record: JobRecord): ReportDownloadJob {
  return {
    jobId: record.jobId,
    status: record.status,
    ...(record.reason === 'server_stopped' && { reason: record.reason, message: SERVER_STOPPED_MESSAGE }),
    total: record.total,
    done: record.done,
    skipped: record.skipped,
    failed: record.failed.map((failure) => ({ ...failure })),
    createdAt: new Date(record.createdAt).toISOString(),
    ...(record.expiresAt !== undefined && { expiresAt: new Date(record.expiresAt).toISOString() }),
  };
}

export const notFound = () => problem(404, 'not_found', 'The page or record could not be found.');
export const alreadyStarted = () => problem(409, 'archive_already_started', 'This download has already been started.', 'Failed');

/**
 * A new job's rules, the same in every store: refused (409) while the session has a running job; the
 * session's pending job is replaced and its oldest ended ones go, so that at most ENDED_JOBS_PER_SESSION are
 * kept. Answers the ids to forget.
 */
export function jobsToForget(own: readonly JobRecord[]): string[] {
  if (own.some((job) => job.status === 'running')) {
    throw problem(409, 'download_in_progress', 'A download is already running. Please wait for it to finish or stop it.', 'Failed');
  }
  const pending = own.filter((job) => job.status === 'pending');
  const ended = own.filter((job) => job.status !== 'pending').sort((a, b) => a.createdAt - b.createdAt);
  return [...pending, ...ended.slice(0, Math.max(0, ended.length - ENDED_JOBS_PER_SESSION + 1))].map((job) => job.jobId);
}

/** A pending job, forgotten JOB_TTL_MS after its creation unless started; refused (TypeError) when it could not be read back. */
export function newJobRecord(sessionId: string, { files, skipped, language }: NewJob, createdAt: number): JobRecord {
  if (files.length > MAX_JOB_FILES) throw tooManyReports(files.length);
  if (!isJobFiles(files)) throw new TypeError('invalid job files');
  const record: JobRecord = {
    jobId: randomUUID(),
    sessionId,
    status: 'pending',
    total: files.length,
    ...(language !== undefined && { language }),
    skipped,
    done: 0,
    failed: [],
    createdAt,
    expiresAt: createdAt + JOB_TTL_MS,
  };
  if (!isJobRecord(record)) throw new TypeError('invalid job record');
  return record;
}
