// The Download Reports jobs in Redis (REDIS_URL), so that several BFF instances serve one job: any instance
// answers its progress, starts its archive or stops it. The zip streams from the instance whose archive call
// started the job; a Stop received by another instance reaches it by pub/sub. That instance renews the job's
// lease (`aliveUntil`) and its keys' expiry every JOB_HEARTBEAT_MS; if it dies, the next read on any instance fails
// the job (`reason` server_stopped) once the lease passed, and its keys expire JOB_TTL_MS after the last beat
// whether or not anyone reads it. Records are TypeBox-checked on every read (a non-HTTP boundary), as in the
// memory store.
//
//   portal:job:<jobId>         hash: job (the fixed part, JSON), session, status, done, total, endedAt, expiresAt,
//                              aliveUntil (running), reason (failed because the owner stopped beating)
//   portal:job:<jobId>:files   string: the JSON file list (up to MAX_JOB_FILES), read and deleted by the instance that
//                              starts the archive; a poll never reads it. It expires with the pending job.
//   portal:job:<jobId>:failed  list: one JSON failure per failed file
//   portal:jobs:<sessionId>    set: the session's job ids
//   portal:job-stop            channel: the id of a job just stopped
import type { Redis } from 'ioredis';
import { JOB_HEARTBEAT_MS, JOB_LEASE_MS, JOB_TTL_MS, JobStoppedError } from '../batch/job-lease.ts';
import {
  alreadyStarted,
  isJobFiles,
  type JobFailure,
  type JobFile,
  type JobRecord,
  type JobStatus,
  type JobStore,
  jobsToForget,
  lapsed,
  liveJob,
  type NewJob,
  newJobRecord,
  notFound,
} from './jobs.ts';

/** How long a session's list of job ids outlives its last new or started job. */
const SESSION_INDEX_TTL_MS = 24 * 60 * 60_000;
const STOP_CHANNEL = 'portal:job-stop';

// KEYS: job hash. ARGV: session id, aliveUntil, ttl ms. Pending → running, its lease and expiry renewed by the beats.
const START = `
if redis.call('HGET', KEYS[1], 'session') ~= ARGV[1] then return 'missing' end
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'pending' then return status end
redis.call('HSET', KEYS[1], 'status', 'running', 'aliveUntil', ARGV[2])
redis.call('HDEL', KEYS[1], 'expiresAt')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 'started'`;

// KEYS: job hash, failures list. ARGV: aliveUntil, ttl ms. The owner's beat: answers the status, renews a running job.
const HEARTBEAT = `
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'running' then return status or 'missing' end
redis.call('HSET', KEYS[1], 'aliveUntil', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return status`;

// KEYS: job hash, failures list. ARGV: now, expiresAt, ttl ms. A running job whose lease passed fails (a beat that
// came in since wins).
const LAPSE = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
local aliveUntil = tonumber(redis.call('HGET', KEYS[1], 'aliveUntil'))
if aliveUntil and aliveUntil > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'status', 'failed', 'reason', 'server_stopped', 'endedAt', ARGV[1], 'expiresAt', ARGV[2])
redis.call('HDEL', KEYS[1], 'aliveUntil')
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1`;

// KEYS: job hash, failures list. ARGV: failure JSON or ''. Counts one file, never more than the job has.
const RECORD_FILE = `
local total = tonumber(redis.call('HGET', KEYS[1], 'total'))
if not total then return 0 end
if tonumber(redis.call('HGET', KEYS[1], 'done')) >= total then return 0 end
redis.call('HINCRBY', KEYS[1], 'done', 1)
if ARGV[1] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[1]) end
return 1`;

// KEYS: job hash, failures list. ARGV: status, endedAt, expiresAt, ttl ms, session id or '' (any).
// A pending or running job ends; an ended one is left as it is.
const END = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
if ARGV[5] ~= '' and redis.call('HGET', KEYS[1], 'session') ~= ARGV[5] then return 'missing' end
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'pending' and status ~= 'running' then return status end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'endedAt', ARGV[2], 'expiresAt', ARGV[3])
redis.call('HDEL', KEYS[1], 'aliveUntil')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 'ended'`;

export interface RedisJobStoreOptions {
  now?: () => number;
  /** How often the leases of the jobs this instance streams are renewed (JOB_HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** The subscriber connection's errors and failed beats (the app logs them). */
  onError?: (error: Error) => void;
}

const jobKey = (jobId: string) => `portal:job:${jobId}`;
const failedKey = (jobId: string) => `portal:job:${jobId}:failed`;
const filesKey = (jobId: string) => `portal:job:${jobId}:files`;
const sessionKey = (sessionId: string) => `portal:jobs:${sessionId}`;

export class RedisJobStore implements JobStore {
  readonly #client: Redis;
  readonly #subscriber: Redis;
  readonly #now: () => number;
  /** The jobs whose zip this instance streams: Stop, from any instance, aborts them. */
  readonly #running = new Map<string, AbortController>();
  readonly #subscribed: Promise<unknown>;
  readonly #beater: NodeJS.Timeout;
  readonly #onError: (error: Error) => void;

  constructor(client: Redis, { now = Date.now, heartbeatMs = JOB_HEARTBEAT_MS, onError = () => {} }: RedisJobStoreOptions = {}) {
    this.#client = client;
    this.#now = now;
    this.#onError = onError;
    this.#beater = setInterval(() => void this.heartbeat(), heartbeatMs).unref();
    // A connection in subscriber mode takes no other command: one more connection per instance. Its
    // subscription waits for Redis however long it is away (and is renewed after every reconnection).
    this.#subscriber = client.duplicate({ connectionName: 'coach-portal-bff-jobs', maxRetriesPerRequest: null });
    this.#subscriber.on('error', (error: Error) => onError(error));
    this.#subscriber.on('message', (_channel: string, jobId: string) => this.#abort(jobId));
    this.#subscribed = this.#subscriber.subscribe(STOP_CHANNEL).catch((error: Error) => onError(error));
  }

  /** Resolves once Stop messages from other instances are received. */
  ready(): Promise<unknown> {
    return this.#subscribed;
  }

  async create(sessionId: string, job: NewJob): Promise<JobRecord> {
    const forget = jobsToForget(await this.#ofSession(sessionId));
    const record = newJobRecord(sessionId, job, this.#now());
    const { jobId, status, done, total, expiresAt, failed: _, ...fixed } = record;
    const transaction = this.#client.multi();
    for (const id of forget) transaction.del(jobKey(id), failedKey(id), filesKey(id)).srem(sessionKey(sessionId), id);
    await transaction
      .set(filesKey(jobId), JSON.stringify(job.files), 'PX', JOB_TTL_MS)
      .hset(jobKey(jobId), {
        job: JSON.stringify({ jobId, ...fixed }),
        session: sessionId,
        status,
        done,
        total,
        ...(expiresAt !== undefined && { expiresAt }),
      })
      .pexpire(jobKey(jobId), JOB_TTL_MS)
      .sadd(sessionKey(sessionId), jobId)
      .pexpire(sessionKey(sessionId), SESSION_INDEX_TTL_MS)
      .exec();
    return record;
  }

  async get(sessionId: string, jobId: string): Promise<JobRecord | null> {
    const record = await this.#read(jobId);
    return record?.sessionId === sessionId ? record : null;
  }

  async start(sessionId: string, jobId: string): Promise<{ job: JobRecord; files: readonly JobFile[]; signal: AbortSignal }> {
    if (!(await this.get(sessionId, jobId))) throw notFound();
    const outcome = await this.#client.eval(START, 1, jobKey(jobId), sessionId, this.#now() + JOB_LEASE_MS, JOB_TTL_MS);
    if (outcome === 'missing') throw notFound();
    if (outcome !== 'started') throw alreadyStarted();
    // Only the instance that started the job reads its list; it streams the archive from it.
    const [read] = (await this.#client.multi().get(filesKey(jobId)).del(filesKey(jobId)).exec()) ?? [];
    const files = parseFiles(read?.[1]);
    if (!files) {
      await this.#end(jobId, 'failed', '');
      throw notFound();
    }
    await this.#client.pexpire(sessionKey(sessionId), SESSION_INDEX_TTL_MS);
    const controller = new AbortController();
    this.#running.set(jobId, controller);
    const job = await this.#read(jobId);
    if (!job) throw notFound();
    return { job, files, signal: controller.signal };
  }

  async recordFile(jobId: string, failure?: JobFailure): Promise<void> {
    await this.#client.eval(RECORD_FILE, 2, jobKey(jobId), failedKey(jobId), failure ? JSON.stringify(failure) : '');
  }

  async finish(jobId: string, status: 'complete' | 'stopped' | 'failed'): Promise<JobRecord | null> {
    this.#running.delete(jobId);
    await this.#end(jobId, status, '');
    return this.#read(jobId);
  }

  async stop(sessionId: string, jobId: string): Promise<JobRecord> {
    if (!(await this.get(sessionId, jobId))) throw notFound();
    const outcome = await this.#end(jobId, 'stopped', sessionId);
    if (outcome === 'missing') throw notFound();
    if (outcome === 'ended') {
      this.#abort(jobId);
      await this.#client.publish(STOP_CHANNEL, jobId);
    }
    const job = await this.#read(jobId);
    if (!job) throw notFound();
    return job;
  }

  async deleteSession(sessionId: string): Promise<void> {
    const ids = await this.#client.smembers(sessionKey(sessionId));
    const transaction = this.#client.multi();
    for (const jobId of ids) {
      this.#abort(jobId);
      transaction.del(jobKey(jobId), failedKey(jobId), filesKey(jobId)).publish(STOP_CHANNEL, jobId);
    }
    await transaction.del(sessionKey(sessionId)).exec();
  }

  async heartbeat(): Promise<void> {
    const aliveUntil = this.#now() + JOB_LEASE_MS;
    await Promise.all(
      [...this.#running.keys()].map(async (jobId) => {
        try {
          const status = await this.#client.eval(HEARTBEAT, 2, jobKey(jobId), failedKey(jobId), aliveUntil, JOB_TTL_MS);
          // Stopped, forgotten, or failed by another instance while this one could not beat: it is no longer ours to stream.
          if (status !== 'running') this.#abort(jobId);
        } catch (error) {
          // Redis away: the next beat tries again; the lease outlasts a short outage.
          this.#onError(error as Error);
        }
      }),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.#beater);
    for (const jobId of [...this.#running.keys()]) this.#abort(jobId);
    if (this.#subscriber.status === 'end') return;
    await this.#subscriber.quit().catch(() => this.#subscriber.disconnect());
  }

  #abort(jobId: string): void {
    this.#running.get(jobId)?.abort(new JobStoppedError());
    this.#running.delete(jobId);
  }

  async #end(jobId: string, status: JobStatus, sessionId: string): Promise<unknown> {
    const endedAt = this.#now();
    return this.#client.eval(END, 2, jobKey(jobId), failedKey(jobId), status, endedAt, endedAt + JOB_TTL_MS, JOB_TTL_MS, sessionId);
  }

  /** The session's live jobs; ids whose job is gone leave the index. */
  async #ofSession(sessionId: string): Promise<JobRecord[]> {
    const ids = await this.#client.smembers(sessionKey(sessionId));
    const records = await Promise.all(ids.map((jobId) => this.#read(jobId)));
    const gone = ids.filter((_, index) => records[index] === null);
    if (gone.length > 0) await this.#client.srem(sessionKey(sessionId), ...gone);
    return records.filter((record): record is JobRecord => record?.sessionId === sessionId);
  }

  /** The job as stored; a running one whose lease passed is failed first (and stopped here if this instance streams it). */
  async #read(jobId: string): Promise<JobRecord | null> {
    const record = await this.#readStored(jobId);
    if (!record || !lapsed(record, this.#now())) return record;
    const now = this.#now();
    await this.#client.eval(LAPSE, 2, jobKey(jobId), failedKey(jobId), now, now + JOB_TTL_MS, JOB_TTL_MS);
    this.#abort(jobId);
    return this.#readStored(jobId);
  }

  async #readStored(jobId: string): Promise<JobRecord | null> {
    const [hash, failures] = (await this.#client.multi().hgetall(jobKey(jobId)).lrange(failedKey(jobId), 0, -1).exec()) ?? [];
    const fields = hash?.[1] as Record<string, string> | undefined;
    if (!fields?.job) return null;
    let value: unknown;
    try {
      value = {
        ...JSON.parse(fields.job),
        status: fields.status,
        total: Number(fields.total),
        done: Number(fields.done),
        failed: ((failures?.[1] as string[] | undefined) ?? []).map((json) => JSON.parse(json)),
        ...(fields.endedAt !== undefined && { endedAt: Number(fields.endedAt) }),
        ...(fields.expiresAt !== undefined && { expiresAt: Number(fields.expiresAt) }),
        ...(fields.aliveUntil !== undefined && { aliveUntil: Number(fields.aliveUntil) }),
        ...(fields.reason !== undefined && { reason: fields.reason }),
      };
    } catch {
      value = null;
    }
    const record = liveJob(value, this.#now());
    if (!record) await this.#client.del(jobKey(jobId), failedKey(jobId), filesKey(jobId));
    return record;
  }
}

/** The stored file list, if it still is one (checked as every record read back from Redis is). */
function parseFiles(json: unknown): JobFile[] | null {
  if (typeof json !== 'string') return null;
  try {
    const files: unknown = JSON.parse(json);
    return isJobFiles(files) ? files : null;
  } catch {
    return null;
  }
}
