// The assessments actions' jobs in Redis (REDIS_URL), so that several BFF instances serve one job: any instance
// answers its progress and takes its Stop; the instance running it renews its lease (`aliveUntil`) and its keys'
// expiry every JOB_HEARTBEAT_MS. A Stop taken by another instance is a flag the running instance reads after each
// item (and at each beat): it starts nothing more. If that instance dies, the next read on any instance fails the
// job (`reason` server_stopped) once the lease passed. Records are TypeBox-checked on every read (a non-HTTP
// boundary), as in the memory store.
//
//   portal:batch-job:<jobId>     hash: job (the fixed part, JSON), session, operation, keyHash, status, stopping,
//                                total, done, endedAt, expiresAt, aliveUntil (running), reason, result, problem (JSON)
//   portal:batch-jobs:<session>  set: the session's job ids
import type { Redis } from 'ioredis';
import { notFound } from '../problem.ts';
import {
  type BatchJobRecord,
  type BatchJobStore,
  endedJob,
  endedJobsPastTheLimit,
  type JobEnd,
  lapsedJob,
  liveBatchJob,
  type NewBatchJob,
  newBatchJobRecord,
  runningOfSession,
} from './batch-jobs.ts';
import { JOB_HEARTBEAT_MS, JOB_LEASE_MS, JOB_TTL_MS, JobStoppedError } from './job-lease.ts';
import { pack, unpack } from './record-codec.ts';

/** How long a session's list of job ids outlives its last new job. */
const SESSION_INDEX_TTL_MS = 24 * 60 * 60_000;

// KEYS: job hash. A running job counts one more item (never more than its total); answers its `stopping` flag, or
// 'ended' when it is no longer running (stopped by a logout, failed by another instance).
const SETTLED = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 'ended' end
if tonumber(redis.call('HGET', KEYS[1], 'done')) < tonumber(redis.call('HGET', KEYS[1], 'total')) then
  redis.call('HINCRBY', KEYS[1], 'done', 1)
end
return redis.call('HGET', KEYS[1], 'stopping')`;

// KEYS: job hash. ARGV: total, done.
const BEGIN = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'total', ARGV[1], 'done', ARGV[2])
return 1`;

// KEYS: job hash. ARGV: aliveUntil, ttl ms. The owner's beat: renews a running job; answers its stopping flag, or 'ended'.
const HEARTBEAT = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 'ended' end
redis.call('HSET', KEYS[1], 'aliveUntil', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('HGET', KEYS[1], 'stopping')`;

// KEYS: job hash. ARGV: session id. Stop: a running job of the session is flagged; answers whether it was there.
const STOP = `
if redis.call('HGET', KEYS[1], 'session') ~= ARGV[1] then return 0 end
if redis.call('HGET', KEYS[1], 'status') == 'running' then redis.call('HSET', KEYS[1], 'stopping', '1') end
return 1`;

// KEYS: job hash. ARGV: the ended record's fields (JSON), ttl ms, the status a running job must still have ('running').
// Ends a running job (a finish, or a lapse when its lease passed: ARGV[3] is then the lapse time, which a beat since wins).
const END = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
if ARGV[3] ~= '' then
  local aliveUntil = tonumber(redis.call('HGET', KEYS[1], 'aliveUntil'))
  if aliveUntil and aliveUntil > tonumber(ARGV[3]) then return 0 end
end
local fields = cjson.decode(ARGV[1])
for name, value in pairs(fields) do redis.call('HSET', KEYS[1], name, value) end
redis.call('HDEL', KEYS[1], 'aliveUntil')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const jobKey = (jobId: string) => `portal:batch-job:${jobId}`;
const sessionKey = (sessionId: string) => `portal:batch-jobs:${sessionId}`;

export interface RedisBatchJobStoreOptions {
  now?: () => number;
  heartbeatMs?: number;
  /** Failed beats (the app logs them). */
  onError?: (error: Error) => void;
}

export class RedisBatchJobStore implements BatchJobStore {
  readonly #client: Redis;
  readonly #now: () => number;
  /** The jobs this instance runs: Stop, from any instance, aborts them. */
  readonly #running = new Map<string, AbortController>();
  readonly #beater: NodeJS.Timeout;
  readonly #onError: (error: Error) => void;

  constructor(client: Redis, { now = Date.now, heartbeatMs = JOB_HEARTBEAT_MS, onError = () => {} }: RedisBatchJobStoreOptions = {}) {
    this.#client = client;
    this.#now = now;
    this.#onError = onError;
    this.#beater = setInterval(() => void this.heartbeat(), heartbeatMs).unref();
  }

  async create(sessionId: string, job: NewBatchJob): Promise<{ job: BatchJobRecord; signal?: AbortSignal }> {
    // Two creations of one session at once may both pass this check: the web client starts one action at a time, and
    // a repeat of one call with its key is answered by the Idempotency-Key (409 while it runs) inside the job.
    const own = await this.#ofSession(sessionId);
    const existing = runningOfSession(own, job);
    if (existing) return { job: existing };
    const past = endedJobsPastTheLimit(own).map(({ jobId }) => jobId);
    if (past.length > 0)
      await this.#client
        .multi()
        .del(...past.map(jobKey))
        .srem(sessionKey(sessionId), ...past)
        .exec();
    const record = newBatchJobRecord(sessionId, job, this.#now());
    const { jobId, status, stopping, total, done, aliveUntil, keyHash, operation, createdAt } = record;
    await this.#client
      .multi()
      .hset(jobKey(jobId), {
        job: JSON.stringify({ jobId, sessionId, operation, keyHash, createdAt }),
        session: sessionId,
        status,
        stopping: stopping ? '1' : '0',
        total,
        done,
        aliveUntil: aliveUntil ?? 0,
      })
      .pexpire(jobKey(jobId), JOB_TTL_MS)
      .sadd(sessionKey(sessionId), jobId)
      .pexpire(sessionKey(sessionId), SESSION_INDEX_TTL_MS)
      .exec();
    const controller = new AbortController();
    this.#running.set(jobId, controller);
    return { job: record, signal: controller.signal };
  }

  async get(sessionId: string, jobId: string): Promise<BatchJobRecord | null> {
    const record = await this.#read(jobId);
    return record?.sessionId === sessionId ? record : null;
  }

  async begin(jobId: string, total: number, done: number): Promise<void> {
    await this.#client.eval(BEGIN, 1, jobKey(jobId), total, done);
  }

  async settled(jobId: string): Promise<void> {
    const answer = await this.#client.eval(SETTLED, 1, jobKey(jobId));
    if (answer !== '0') this.#abort(jobId);
  }

  async stop(sessionId: string, jobId: string): Promise<BatchJobRecord> {
    if ((await this.#client.eval(STOP, 1, jobKey(jobId), sessionId)) !== 1) throw notFound();
    // Here at once; elsewhere after its next item or beat.
    this.#abort(jobId);
    const job = await this.get(sessionId, jobId);
    if (!job) throw notFound();
    return job;
  }

  async finish(jobId: string, end: JobEnd): Promise<void> {
    this.#running.delete(jobId);
    const record = await this.#readStored(jobId);
    if (record?.status !== 'running') return;
    await this.#end(endedJob(record, end, this.#now()), '');
  }

  async deleteSession(sessionId: string): Promise<void> {
    const ids = await this.#client.smembers(sessionKey(sessionId));
    // A job gone is a Stop to the instance running it (its next item or beat finds it ended).
    for (const jobId of ids) this.#abort(jobId);
    await this.#client.del(...ids.map(jobKey), sessionKey(sessionId));
  }

  async heartbeat(): Promise<void> {
    const aliveUntil = this.#now() + JOB_LEASE_MS;
    await Promise.all(
      [...this.#running.keys()].map(async (jobId) => {
        try {
          const answer = await this.#client.eval(HEARTBEAT, 1, jobKey(jobId), aliveUntil, JOB_TTL_MS);
          // Stopped from another instance, forgotten (a logout), or failed while this one could not beat.
          if (answer !== '0') this.#abort(jobId);
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
  }

  #abort(jobId: string): void {
    this.#running.get(jobId)?.abort(new JobStoppedError());
    this.#running.delete(jobId);
  }

  /** Writes an ended record's changing fields (`lapsedAt`: only if no beat came since). */
  async #end(ended: BatchJobRecord, lapsedAt: number | ''): Promise<void> {
    const fields: Record<string, string> = {
      status: ended.status,
      endedAt: String(ended.endedAt),
      expiresAt: String(ended.expiresAt),
      ...(ended.reason && { reason: ended.reason }),
      // Compact (record-codec.ts): a result of 20,000 failures is about 3.4 MB as JSON, 0.65 MB packed.
      ...(ended.result !== undefined && { result: await pack(ended.result) }),
      ...(ended.problem !== undefined && { problem: JSON.stringify(ended.problem) }),
    };
    await this.#client.eval(END, 1, jobKey(ended.jobId), JSON.stringify(fields), JOB_TTL_MS, lapsedAt);
  }

  /** The session's live jobs; ids whose job is gone leave the index. */
  async #ofSession(sessionId: string): Promise<BatchJobRecord[]> {
    const ids = await this.#client.smembers(sessionKey(sessionId));
    const records = await Promise.all(ids.map((jobId) => this.#read(jobId)));
    const gone = ids.filter((_, index) => records[index] === null);
    if (gone.length > 0) await this.#client.srem(sessionKey(sessionId), ...gone);
    return records.filter((record): record is BatchJobRecord => record?.sessionId === sessionId);
  }

  /** The job as stored; a running one whose lease passed is failed first (and stopped here if this instance runs it). */
  async #read(jobId: string): Promise<BatchJobRecord | null> {
    const record = await this.#readStored(jobId);
    const now = this.#now();
    if (!record || !lapsedJob(record, now)) return record;
    this.#abort(jobId);
    await this.#end(endedJob(record, 'server_stopped', now), now);
    return this.#readStored(jobId);
  }

  async #readStored(jobId: string): Promise<BatchJobRecord | null> {
    const fields = await this.#client.hgetall(jobKey(jobId));
    if (!fields.job) return null;
    let value: unknown;
    try {
      value = {
        ...JSON.parse(fields.job),
        status: fields.status,
        stopping: fields.stopping === '1',
        total: Number(fields.total),
        done: Number(fields.done),
        ...(fields.endedAt !== undefined && { endedAt: Number(fields.endedAt) }),
        ...(fields.expiresAt !== undefined && { expiresAt: Number(fields.expiresAt) }),
        ...(fields.aliveUntil !== undefined && { aliveUntil: Number(fields.aliveUntil) }),
        ...(fields.reason !== undefined && { reason: fields.reason }),
        // A result kept as JSON before results were packed reads as it is.
        ...(fields.result !== undefined && {
          result: fields.result.startsWith('{') ? JSON.parse(fields.result) : await unpack(fields.result),
        }),
        ...(fields.problem !== undefined && { problem: JSON.parse(fields.problem) }),
      };
    } catch {
      value = null;
    }
    const record = liveBatchJob(value, this.#now());
    if (!record) await this.#client.del(jobKey(jobId));
    return record;
  }
}
