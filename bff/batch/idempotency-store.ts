// Where the batch actions' Idempotency-Key records live: this process's memory, or Redis when REDIS_URL
// is set (as the sessions: a retry may reach another instance). A record is claimed atomically, so two
// requests with one key never both run.
import type { Redis } from 'ioredis';
import type { BatchResult } from './run-batch.ts';

/** How long a finished action's answer is kept for a repeat (the header's documented 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim lasts while its action runs (a crashed instance frees the key after this). */
export const IDEMPOTENCY_RUNNING_TTL_MS = 15 * 60 * 1000;

export type IdempotencyRecord =
  /** Claimed by a request that is still running. */
  | { state: 'running'; fingerprint: string }
  /** Finished: a repeat gets this answer, no legacy call. */
  | { state: 'done'; fingerprint: string; answer: unknown }
  /** Stopped midway (the session ended, the browser left): a repeat runs only `result.notAttemptedIds`. */
  | { state: 'cut'; fingerprint: string; result: BatchResult };

export type Claim =
  /** The caller runs the action; `resumes` is the cut result of an earlier attempt, if any. */
  | { claimed: true; resumes?: BatchResult }
  /** Someone else holds the key: the record says whether it runs, is done, or was made for another request. */
  | { claimed: false; record: IdempotencyRecord };

export interface IdempotencyStore {
  /** Takes the key for a run when it is free or holds a cut result of the same request; else answers its record. */
  claim(key: string, fingerprint: string): Promise<Claim>;
  /** Stores the outcome of a claimed run (kept 24 hours). */
  finish(key: string, record: IdempotencyRecord): Promise<void>;
  /** Frees a claimed key whose run did nothing (refused before any item): a repeat runs afresh. */
  release(key: string): Promise<void>;
}

function claimOf(current: IdempotencyRecord | undefined, fingerprint: string): { claim: Claim; take: boolean } {
  if (!current) return { claim: { claimed: true }, take: true };
  if (current.state === 'cut' && current.fingerprint === fingerprint)
    return { claim: { claimed: true, resumes: current.result }, take: true };
  return { claim: { claimed: false, record: current }, take: false };
}

export interface MemoryIdempotencyStoreOptions {
  now?: () => number;
  /** The most records kept; the oldest are forgotten first. */
  maxEntries?: number;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #records = new Map<string, { record: IdempotencyRecord; expiresAt: number }>();
  readonly #now: () => number;
  readonly #maxEntries: number;

  constructor({ now = Date.now, maxEntries = 20_000 }: MemoryIdempotencyStoreOptions = {}) {
    this.#now = now;
    this.#maxEntries = maxEntries;
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const entry = this.#records.get(key);
    const current = entry && entry.expiresAt > this.#now() ? entry.record : undefined;
    const { claim, take } = claimOf(current, fingerprint);
    if (take) this.#put(key, { state: 'running', fingerprint }, IDEMPOTENCY_RUNNING_TTL_MS);
    return claim;
  }

  async finish(key: string, record: IdempotencyRecord): Promise<void> {
    this.#put(key, record, IDEMPOTENCY_TTL_MS);
  }

  async release(key: string): Promise<void> {
    this.#records.delete(key);
  }

  #put(key: string, record: IdempotencyRecord, ttlMs: number) {
    this.#records.delete(key);
    if (this.#records.size >= this.#maxEntries) {
      const oldest = this.#records.keys().next().value;
      if (oldest !== undefined) this.#records.delete(oldest);
    }
    this.#records.set(key, { record: structuredClone(record), expiresAt: this.#now() + ttlMs });
  }
}

// Takes the key (KEYS[1]) when it is free, or holds a cut record of the same request (ARGV[1], its
// fingerprint): answers the previous value (nil when free) and writes the running claim (ARGV[2], TTL ARGV[3]).
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if current then
  local record = cjson.decode(current)
  if record.state ~= 'cut' or record.fingerprint ~= ARGV[1] then return current end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
return current`;

export class RedisIdempotencyStore implements IdempotencyStore {
  readonly #client: Redis;
  readonly #keyPrefix: string;

  constructor(client: Redis, keyPrefix = 'portal:idempotency:') {
    this.#client = client;
    this.#keyPrefix = keyPrefix;
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const running = JSON.stringify({ state: 'running', fingerprint } satisfies IdempotencyRecord);
    const previous = (await this.#client.eval(CLAIM, 1, this.#key(key), fingerprint, running, IDEMPOTENCY_RUNNING_TTL_MS)) as string | null;
    return claimOf(previous ? (JSON.parse(previous) as IdempotencyRecord) : undefined, fingerprint).claim;
  }

  async finish(key: string, record: IdempotencyRecord): Promise<void> {
    await this.#client.set(this.#key(key), JSON.stringify(record), 'PX', IDEMPOTENCY_TTL_MS);
  }

  async release(key: string): Promise<void> {
    await this.#client.del(this.#key(key));
  }

  #key(key: string): string {
    return `${this.#keyPrefix}${key}`;
  }
}
