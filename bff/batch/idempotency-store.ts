// Where the batch actions' Idempotency-Key records live: this process's memory, or Redis when REDIS_URL
// is set (as the sessions: a retry may reach another instance). Per key:
// - the record: running, done (the answer) or cut (the partial result), kept 24 hours;
// - a lease naming the request that runs it. Its owner renews it while the action runs, so two requests with
//   one key never both run, and the claim of an instance that died lapses within IDEMPOTENCY_LEASE_MS: a repeat
//   then takes the key over;
// - the ledger (batch-ledger.ts): each item's mark and outcome, so the one that takes over runs only the rest.
// Every write that needs the lease compares the owner's token with the lease's in one step (a Lua script in Redis).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LedgerEntry } from './batch-ledger.ts';
import type { BatchResult } from './run-batch.ts';

/** How long a finished action's answer is kept for a repeat (the header's documented 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a claim holds its key without a renewal. A repeat while it holds answers 409; once the instance running
 * the action died, a repeat waits at most this long. Long enough for a Redis command timeout (2 s) and a busy event
 * loop between renewals, short enough that a coach pressing Send again soon finds the key free.
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;
/** How often the running request renews its lease: three chances per lease, so one or two late renewals never lose it. */
export const IDEMPOTENCY_LEASE_RENEW_MS = 3_000;

export type IdempotencyRecord =
  /** Claimed by a request that is still running (its lease is alive). */
  | { state: 'running'; fingerprint: string }
  /** Finished: a repeat gets this answer, no legacy call. */
  | { state: 'done'; fingerprint: string; answer: unknown }
  /** Stopped midway (the session ended, the browser left): a repeat runs only `result.notAttemptedIds`. */
  | { state: 'cut'; fingerprint: string; result: BatchResult };

export type FinishedRecord = Exclude<IdempotencyRecord, { state: 'running' }>;

export type Claim =
  /**
   * The caller runs the action under `owner` (its lease token): `resumes` is the cut result of an earlier attempt,
   * `recorded` what earlier attempts recorded per item (empty for a new key).
   */
  | { claimed: true; owner: string; resumes?: BatchResult; recorded: ReadonlyMap<string, LedgerEntry> }
  /** Someone else holds the key: the record says whether it runs, is done, or was made for another request. */
  | { claimed: false; record: IdempotencyRecord };

export interface IdempotencyStore {
  /** How often the owner of a claim renews it (IDEMPOTENCY_LEASE_RENEW_MS unless a test shortened the lease). */
  readonly renewEveryMs: number;
  /**
   * Takes the key when it is free, holds a cut result of the same request, or its running claim lapsed (the
   * instance running it died); else answers its record (running while another request's lease is alive).
   */
  claim(key: string, fingerprint: string): Promise<Claim>;
  /** Extends the lease; false when `owner` no longer holds it (it lapsed, another request may have taken it). */
  renew(key: string, owner: string): Promise<boolean>;
  /** Marks an item started, only while `owner` holds the lease and the item has no entry yet. */
  start(key: string, owner: string, itemId: string, entry: LedgerEntry): Promise<boolean>;
  /** Records an item's outcome (none: clears its mark). */
  record(key: string, itemId: string, entry: LedgerEntry | undefined): Promise<void>;
  /** Stores the outcome of the claimed run (kept 24 hours) and ends the lease; false when `owner` had lost it (nothing written). */
  finish(key: string, owner: string, record: FinishedRecord): Promise<boolean>;
  /** Ends the lease and keeps the record and the ledger: a repeat resumes what they say (the run was refused midway). */
  abandon(key: string, owner: string): Promise<void>;
  /** Forgets a claimed key whose run did nothing (refused before any item): a repeat runs afresh. */
  release(key: string, owner: string): Promise<void>;
}

export interface LeaseOptions {
  /** The lease (IDEMPOTENCY_LEASE_MS); tests shorten it to see a dead owner's claim lapse. */
  leaseMs?: number;
  /** How often it is renewed (a third of the lease by default). */
  renewEveryMs?: number;
}

function leaseTimes({ leaseMs, renewEveryMs }: LeaseOptions): { leaseMs: number; renewEveryMs: number } {
  if (leaseMs === undefined) return { leaseMs: IDEMPOTENCY_LEASE_MS, renewEveryMs: renewEveryMs ?? IDEMPOTENCY_LEASE_RENEW_MS };
  return { leaseMs, renewEveryMs: renewEveryMs ?? Math.max(1, Math.floor(leaseMs * 0.3)) };
}

/** The record a refused claim answers: a cut one of the same request is refused only while another resumes it: running. */
const refusedWith = (record: IdempotencyRecord, fingerprint: string): IdempotencyRecord =>
  record.state === 'cut' && record.fingerprint === fingerprint ? { state: 'running', fingerprint } : record;

export interface MemoryIdempotencyStoreOptions extends LeaseOptions {
  now?: () => number;
  /** The most records kept; the oldest are forgotten first. */
  maxEntries?: number;
}

interface MemoryEntry {
  record: IdempotencyRecord;
  expiresAt: number;
  lease: { owner: string; until: number } | undefined;
  ledger: Map<string, LedgerEntry>;
}

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly renewEveryMs: number;
  readonly #entries = new Map<string, MemoryEntry>();
  readonly #now: () => number;
  readonly #maxEntries: number;
  readonly #leaseMs: number;

  constructor({ now = Date.now, maxEntries = 20_000, ...lease }: MemoryIdempotencyStoreOptions = {}) {
    this.#now = now;
    this.#maxEntries = maxEntries;
    ({ leaseMs: this.#leaseMs, renewEveryMs: this.renewEveryMs } = leaseTimes(lease));
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const now = this.#now();
    const owner = randomUUID();
    const lease = { owner, until: now + this.#leaseMs };
    const entry = this.#live(key);
    if (!entry) {
      this.#put(key, { record: { state: 'running', fingerprint }, expiresAt: now + IDEMPOTENCY_TTL_MS, lease, ledger: new Map() });
      return { claimed: true, owner, recorded: new Map() };
    }
    const { record } = entry;
    if (record.fingerprint !== fingerprint || record.state === 'done' || (entry.lease && entry.lease.until > now)) {
      return { claimed: false, record: structuredClone(refusedWith(record, fingerprint)) };
    }
    entry.lease = lease;
    const recorded = structuredClone(entry.ledger);
    return record.state === 'cut'
      ? { claimed: true, owner, resumes: structuredClone(record.result), recorded }
      : { claimed: true, owner, recorded };
  }

  async renew(key: string, owner: string): Promise<boolean> {
    const entry = this.#held(key, owner);
    if (entry?.lease) entry.lease.until = this.#now() + this.#leaseMs;
    return entry !== undefined;
  }

  async start(key: string, owner: string, itemId: string, item: LedgerEntry): Promise<boolean> {
    const entry = this.#held(key, owner);
    if (!entry || entry.ledger.has(itemId)) return false;
    entry.ledger.set(itemId, structuredClone(item));
    return true;
  }

  async record(key: string, itemId: string, item: LedgerEntry | undefined): Promise<void> {
    const entry = this.#live(key);
    if (!entry) return;
    if (item) entry.ledger.set(itemId, structuredClone(item));
    else entry.ledger.delete(itemId);
  }

  async finish(key: string, owner: string, record: FinishedRecord): Promise<boolean> {
    const entry = this.#held(key, owner);
    if (!entry) return false;
    // A done action answers from its record alone; a cut one keeps its ledger for the resume.
    const ledger = record.state === 'done' ? new Map() : entry.ledger;
    this.#put(key, { record: structuredClone(record), expiresAt: this.#now() + IDEMPOTENCY_TTL_MS, lease: undefined, ledger });
    return true;
  }

  async abandon(key: string, owner: string): Promise<void> {
    const entry = this.#held(key, owner);
    if (entry) entry.lease = undefined;
  }

  async release(key: string, owner: string): Promise<void> {
    if (this.#held(key, owner)) this.#entries.delete(key);
  }

  #live(key: string): MemoryEntry | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expiresAt > this.#now() ? entry : undefined;
  }

  /** The entry while `owner`'s lease on it is alive. */
  #held(key: string, owner: string): MemoryEntry | undefined {
    const entry = this.#live(key);
    return entry?.lease?.owner === owner && entry.lease.until > this.#now() ? entry : undefined;
  }

  #put(key: string, entry: MemoryEntry) {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
  }
}

// KEYS: the record, the lease, the ledger. ARGV: the request's fingerprint, the record of a new claim, the owner's
// token, the lease and the record's TTL (ms). Takes the key when it is free, or holds a cut or running record of the
// same request whose lease is gone (nobody renews it); answers {1, the previous record or '', the ledger's fields and
// values}, or {0, the record} when someone else holds it.
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if current then
  local record = cjson.decode(current)
  if record.fingerprint ~= ARGV[1] or record.state == 'done' or redis.call('EXISTS', KEYS[2]) == 1 then
    return {0, current}
  end
else
  redis.call('DEL', KEYS[3])
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[5])
end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
return {1, current or '', redis.call('HGETALL', KEYS[3])}`;

// KEYS: the lease. ARGV: the owner's token, the lease (ms).
const RENEW = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// KEYS: the lease, the ledger. ARGV: the owner's token, the item's id, its entry, the ledger's TTL (ms).
const START = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if redis.call('HSETNX', KEYS[2], ARGV[2], ARGV[3]) == 0 then return 0 end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

// KEYS: the record, the lease, the ledger. ARGV: the owner's token, the record, its TTL (ms), '1' to keep the ledger.
const FINISH = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('DEL', KEYS[2])
if ARGV[4] == '1' then redis.call('PEXPIRE', KEYS[3], ARGV[3]) else redis.call('DEL', KEYS[3]) end
return 1`;

// KEYS: the lease, then what goes with it. ARGV: the owner's token.
const DROP = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', unpack(KEYS))
return 1`;

export class RedisIdempotencyStore implements IdempotencyStore {
  readonly renewEveryMs: number;
  readonly #client: Redis;
  readonly #keyPrefix: string;
  readonly #leaseMs: number;

  constructor(client: Redis, { keyPrefix = 'portal:idempotency:', ...lease }: LeaseOptions & { keyPrefix?: string } = {}) {
    this.#client = client;
    this.#keyPrefix = keyPrefix;
    ({ leaseMs: this.#leaseMs, renewEveryMs: this.renewEveryMs } = leaseTimes(lease));
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const owner = randomUUID();
    const running = JSON.stringify({ state: 'running', fingerprint } satisfies IdempotencyRecord);
    const [took, current, fields] = (await this.#client.eval(
      CLAIM,
      3,
      ...this.#keys(key),
      fingerprint,
      running,
      owner,
      this.#leaseMs,
      IDEMPOTENCY_TTL_MS,
    )) as [number, string, string[] | undefined];
    const previous = current ? (JSON.parse(current) as IdempotencyRecord) : undefined;
    if (took !== 1) return { claimed: false, record: refusedWith(previous as IdempotencyRecord, fingerprint) };
    const recorded = new Map<string, LedgerEntry>();
    for (let i = 0; i + 1 < (fields?.length ?? 0); i += 2) recorded.set(fields?.[i] as string, JSON.parse(fields?.[i + 1] as string));
    return previous?.state === 'cut' ? { claimed: true, owner, resumes: previous.result, recorded } : { claimed: true, owner, recorded };
  }

  async renew(key: string, owner: string): Promise<boolean> {
    const [, lease] = this.#keys(key);
    return (await this.#client.eval(RENEW, 1, lease, owner, this.#leaseMs)) === 1;
  }

  async start(key: string, owner: string, itemId: string, entry: LedgerEntry): Promise<boolean> {
    const [, lease, ledger] = this.#keys(key);
    return (await this.#client.eval(START, 2, lease, ledger, owner, itemId, JSON.stringify(entry), IDEMPOTENCY_TTL_MS)) === 1;
  }

  async record(key: string, itemId: string, entry: LedgerEntry | undefined): Promise<void> {
    const [, , ledger] = this.#keys(key);
    if (!entry) {
      await this.#client.hdel(ledger, itemId);
      return;
    }
    await this.#client.multi().hset(ledger, itemId, JSON.stringify(entry)).pexpire(ledger, IDEMPOTENCY_TTL_MS).exec();
  }

  async finish(key: string, owner: string, record: FinishedRecord): Promise<boolean> {
    const keepLedger = record.state === 'done' ? '0' : '1';
    const done = await this.#client.eval(FINISH, 3, ...this.#keys(key), owner, JSON.stringify(record), IDEMPOTENCY_TTL_MS, keepLedger);
    return done === 1;
  }

  async abandon(key: string, owner: string): Promise<void> {
    const [, lease] = this.#keys(key);
    await this.#client.eval(DROP, 1, lease, owner);
  }

  async release(key: string, owner: string): Promise<void> {
    const [record, lease, ledger] = this.#keys(key);
    await this.#client.eval(DROP, 3, lease, record, ledger, owner);
  }

  /** The record, the lease and the ledger of a key. */
  #keys(key: string): [string, string, string] {
    const record = `${this.#keyPrefix}${key}`;
    return [record, `${record}:lease`, `${record}:items`];
  }
}
