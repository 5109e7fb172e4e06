// Where the batch actions' Idempotency-Key records live: this process's memory, or Redis when REDIS_URL
// is set (as the sessions: a retry may reach another instance). Per key:
// - the record: running, done (the answer) or cut (the partial result), kept 24 hours;
// - a lease naming the request that runs it. Its owner renews it while the action runs, so two requests with
//   one key never both run, and the claim of an instance that died lapses within IDEMPOTENCY_LEASE_MS: a repeat
//   then takes the key over;
// - the ledger (batch-ledger.ts): each item's mark and outcome, so the one that takes over runs only the rest.
// Every write that needs the lease compares the owner's token with the lease's in one step (a Lua script in Redis).
// Bounded in bytes (docs/decisions/020-idempotency-records-bounded-in-bytes.md): a record is kept compact and at most
// IDEMPOTENCY_RECORD_MAX_BYTES (record-codec.ts); a coach's finished records at most IDEMPOTENCY_COACH_QUOTA_BYTES
// together (the oldest are forgotten first); the memory store at most IDEMPOTENCY_MEMORY_MAX_BYTES (the oldest first).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LedgerEntry } from './batch-ledger.ts';
import { decodeEntry, decodeRecord, encodeEntry, encodeRecord, IDEMPOTENCY_RECORD_MAX_BYTES } from './record-codec.ts';
import type { BatchResult } from './run-batch.ts';

export { IDEMPOTENCY_RECORD_MAX_BYTES } from './record-codec.ts';

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
/**
 * The bytes a coach's finished records (with the ledgers of cut ones) may take together: four of the largest. Past
 * it the coach's oldest records are forgotten first (a repeat of one of them runs afresh).
 */
export const IDEMPOTENCY_COACH_QUOTA_BYTES = 4 * IDEMPOTENCY_RECORD_MAX_BYTES;
/** The bytes the memory store's records and ledgers may take together; past it the oldest records are forgotten first. */
export const IDEMPOTENCY_MEMORY_MAX_BYTES = 64 * 1024 * 1024;

export type IdempotencyRecord =
  /** Claimed by a request that is still running (its lease is alive). */
  | { state: 'running'; fingerprint: string }
  /**
   * Finished: a repeat gets this answer, no legacy call. `notKept`: the answer was larger than
   * IDEMPOTENCY_RECORD_MAX_BYTES, only that it was done is kept (`answer` is undefined).
   */
  | { state: 'done'; fingerprint: string; answer: unknown; notKept?: true }
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
  /**
   * Stores the outcome of the claimed run (kept 24 hours, compact and bounded in bytes) and ends the lease; false when
   * `owner` had lost it (nothing written). `scope` (the coach's) puts the record under that scope's quota.
   */
  finish(key: string, owner: string, record: FinishedRecord, scope?: string): Promise<boolean>;
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
  /** The largest record (IDEMPOTENCY_RECORD_MAX_BYTES). */
  recordMaxBytes?: number;
  /** The bytes a scope's (a coach's) finished records may take (IDEMPOTENCY_COACH_QUOTA_BYTES). */
  scopeQuotaBytes?: number;
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
  /** The bytes kept (IDEMPOTENCY_MEMORY_MAX_BYTES): records and ledgers; the oldest records are forgotten first. */
  maxBytes?: number;
}

interface MemoryEntry {
  /** The record's stored text (record-codec.ts). */
  stored: string;
  expiresAt: number;
  lease: { owner: string; until: number } | undefined;
  /** Each item's entry as JSON text, as Redis keeps it. */
  ledger: Map<string, string>;
  /** The key's, the record's and the ledger's bytes. */
  bytes: number;
  scope: string | undefined;
}

/** The bytes of a text (what Redis keeps of it). */
const sizeOf = (text: string) => Buffer.byteLength(text);

export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly renewEveryMs: number;
  readonly #entries = new Map<string, MemoryEntry>();
  /** Each scope's keys, oldest finished first. */
  readonly #scopes = new Map<string, Set<string>>();
  readonly #now: () => number;
  readonly #maxBytes: number;
  readonly #recordMaxBytes: number;
  readonly #scopeQuotaBytes: number;
  readonly #leaseMs: number;
  #bytes = 0;

  constructor({
    now = Date.now,
    maxBytes = IDEMPOTENCY_MEMORY_MAX_BYTES,
    recordMaxBytes = IDEMPOTENCY_RECORD_MAX_BYTES,
    scopeQuotaBytes = IDEMPOTENCY_COACH_QUOTA_BYTES,
    ...lease
  }: MemoryIdempotencyStoreOptions = {}) {
    this.#now = now;
    this.#maxBytes = maxBytes;
    this.#recordMaxBytes = recordMaxBytes;
    this.#scopeQuotaBytes = scopeQuotaBytes;
    ({ leaseMs: this.#leaseMs, renewEveryMs: this.renewEveryMs } = leaseTimes(lease));
  }

  /** The bytes kept now: every record's and ledger's (and its key's). */
  get bytes(): number {
    return this.#bytes;
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const now = this.#now();
    const owner = randomUUID();
    const lease = { owner, until: now + this.#leaseMs };
    const entry = this.#live(key);
    if (!entry) {
      const stored = await encodeRecord({ state: 'running', fingerprint });
      this.#put(key, { stored, expiresAt: now + IDEMPOTENCY_TTL_MS, lease, ledger: new Map(), bytes: 0, scope: undefined });
      return { claimed: true, owner, recorded: new Map() };
    }
    const record = (await decodeRecord(entry.stored)) as IdempotencyRecord;
    if (record.fingerprint !== fingerprint || record.state === 'done' || (entry.lease && entry.lease.until > this.#now())) {
      return { claimed: false, record: refusedWith(record, fingerprint) };
    }
    entry.lease = { owner, until: this.#now() + this.#leaseMs };
    const recorded = new Map([...entry.ledger].map(([id, item]) => [id, decodeEntry(item)]));
    return record.state === 'cut' ? { claimed: true, owner, resumes: record.result, recorded } : { claimed: true, owner, recorded };
  }

  async renew(key: string, owner: string): Promise<boolean> {
    const entry = this.#held(key, owner);
    if (entry?.lease) entry.lease.until = this.#now() + this.#leaseMs;
    return entry !== undefined;
  }

  async start(key: string, owner: string, itemId: string, item: LedgerEntry): Promise<boolean> {
    const entry = this.#held(key, owner);
    if (!entry || entry.ledger.has(itemId)) return false;
    this.#setItem(key, entry, itemId, encodeEntry(item));
    return true;
  }

  async record(key: string, itemId: string, item: LedgerEntry | undefined): Promise<void> {
    const entry = this.#live(key);
    if (!entry) return;
    this.#setItem(key, entry, itemId, item && encodeEntry(item));
  }

  async finish(key: string, owner: string, record: FinishedRecord, scope?: string): Promise<boolean> {
    const stored = await encodeRecord(record, this.#recordMaxBytes);
    const entry = this.#held(key, owner);
    if (!entry) return false;
    // A done action answers from its record alone; a cut one keeps its ledger for the resume.
    const ledger = record.state === 'done' ? new Map<string, string>() : entry.ledger;
    this.#put(key, { stored, expiresAt: this.#now() + IDEMPOTENCY_TTL_MS, lease: undefined, ledger, bytes: 0, scope });
    if (scope !== undefined) this.#withinQuota(key, scope);
    return true;
  }

  async abandon(key: string, owner: string): Promise<void> {
    const entry = this.#held(key, owner);
    if (entry) entry.lease = undefined;
  }

  async release(key: string, owner: string): Promise<void> {
    if (this.#held(key, owner)) this.#forget(key);
  }

  #live(key: string): MemoryEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) this.#forget(key);
    return entry && entry.expiresAt > this.#now() ? entry : undefined;
  }

  /** The entry while `owner`'s lease on it is alive. */
  #held(key: string, owner: string): MemoryEntry | undefined {
    const entry = this.#live(key);
    return entry?.lease?.owner === owner && entry.lease.until > this.#now() ? entry : undefined;
  }

  #setItem(key: string, entry: MemoryEntry, itemId: string, item: string | undefined) {
    const before = entry.ledger.get(itemId);
    const change = (item === undefined ? 0 : sizeOf(itemId) + sizeOf(item)) - (before === undefined ? 0 : sizeOf(itemId) + sizeOf(before));
    if (item === undefined) entry.ledger.delete(itemId);
    else entry.ledger.set(itemId, item);
    entry.bytes += change;
    this.#bytes += change;
    this.#withinBounds(key);
  }

  #put(key: string, entry: MemoryEntry) {
    this.#forget(key);
    let ledgerBytes = 0;
    for (const [id, item] of entry.ledger) ledgerBytes += sizeOf(id) + sizeOf(item);
    entry.bytes = sizeOf(key) + sizeOf(entry.stored) + ledgerBytes;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    if (entry.scope !== undefined) {
      const keys = this.#scopes.get(entry.scope) ?? new Set<string>();
      keys.add(key);
      this.#scopes.set(entry.scope, keys);
    }
    this.#withinBounds(key);
  }

  #forget(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    if (entry.scope === undefined) return;
    const keys = this.#scopes.get(entry.scope);
    keys?.delete(key);
    if (keys?.size === 0) this.#scopes.delete(entry.scope);
  }

  /** The store within its bytes: the oldest records first, never `keep` (the one just written) nor one running. */
  #withinBounds(keep: string) {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) return;
      if (key !== keep && !(entry.lease && entry.lease.until > now)) this.#forget(key);
    }
  }

  /** The scope's records within its quota: its oldest finished first, never `keep`. */
  #withinQuota(keep: string, scope: string) {
    const keys = this.#scopes.get(scope);
    if (!keys) return;
    let bytes = 0;
    for (const key of keys) bytes += this.#entries.get(key)?.bytes ?? 0;
    for (const key of [...keys]) {
      if (bytes <= this.#scopeQuotaBytes) return;
      if (key === keep) continue;
      bytes -= this.#entries.get(key)?.bytes ?? 0;
      this.#forget(key);
    }
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

// KEYS: the record, the lease, the ledger, and the scope's index of its records (a sorted set: each record's key
// by the time it finished) and sizes (a hash: each record's bytes, and '#total'), or none without a scope. ARGV: the
// owner's token, the record, its TTL (ms), '1' to keep the ledger, the time (ms), the scope's quota (bytes). Past the
// quota the scope's oldest records (and their ledgers) are forgotten first, never the one written.
const FINISH = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
local ttl = tonumber(ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
redis.call('DEL', KEYS[2])
local bytes = string.len(KEYS[1]) + string.len(ARGV[2])
if ARGV[4] == '1' then
  redis.call('PEXPIRE', KEYS[3], ttl)
  local fields = redis.call('HGETALL', KEYS[3])
  for i = 1, #fields do bytes = bytes + string.len(fields[i]) end
else
  redis.call('DEL', KEYS[3])
end
if #KEYS < 5 then return 1 end
local now = tonumber(ARGV[5])
local function forget(member)
  local size = tonumber(redis.call('HGET', KEYS[5], member) or '0')
  redis.call('ZREM', KEYS[4], member)
  redis.call('HDEL', KEYS[5], member)
  if size > 0 then redis.call('HINCRBY', KEYS[5], '#total', 0 - size) end
end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now - ttl)) do forget(member) end
forget(KEYS[1])
redis.call('ZADD', KEYS[4], now, KEYS[1])
redis.call('HSET', KEYS[5], KEYS[1], bytes)
local total = redis.call('HINCRBY', KEYS[5], '#total', bytes)
while total > tonumber(ARGV[6]) do
  local oldest = redis.call('ZRANGE', KEYS[4], 0, 0)[1]
  if not oldest or oldest == KEYS[1] then break end
  total = total - tonumber(redis.call('HGET', KEYS[5], oldest) or '0')
  forget(oldest)
  redis.call('DEL', oldest, oldest .. ':items')
end
redis.call('PEXPIRE', KEYS[4], ttl)
redis.call('PEXPIRE', KEYS[5], ttl)
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
  readonly #recordMaxBytes: number;
  readonly #scopeQuotaBytes: number;

  constructor(
    client: Redis,
    {
      keyPrefix = 'portal:idempotency:',
      recordMaxBytes = IDEMPOTENCY_RECORD_MAX_BYTES,
      scopeQuotaBytes = IDEMPOTENCY_COACH_QUOTA_BYTES,
      ...lease
    }: LeaseOptions & { keyPrefix?: string } = {},
  ) {
    this.#client = client;
    this.#keyPrefix = keyPrefix;
    this.#recordMaxBytes = recordMaxBytes;
    this.#scopeQuotaBytes = scopeQuotaBytes;
    ({ leaseMs: this.#leaseMs, renewEveryMs: this.renewEveryMs } = leaseTimes(lease));
  }

  async claim(key: string, fingerprint: string): Promise<Claim> {
    const owner = randomUUID();
    const running = await encodeRecord({ state: 'running', fingerprint });
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
    const previous = current ? ((await decodeRecord(current)) as IdempotencyRecord) : undefined;
    if (took !== 1) return { claimed: false, record: refusedWith(previous as IdempotencyRecord, fingerprint) };
    const recorded = new Map<string, LedgerEntry>();
    for (let i = 0; i + 1 < (fields?.length ?? 0); i += 2) recorded.set(fields?.[i] as string, decodeEntry(fields?.[i + 1] as string));
    return previous?.state === 'cut' ? { claimed: true, owner, resumes: previous.result, recorded } : { claimed: true, owner, recorded };
  }

  async renew(key: string, owner: string): Promise<boolean> {
    const [, lease] = this.#keys(key);
    return (await this.#client.eval(RENEW, 1, lease, owner, this.#leaseMs)) === 1;
  }

  async start(key: string, owner: string, itemId: string, entry: LedgerEntry): Promise<boolean> {
    const [, lease, ledger] = this.#keys(key);
    return (await this.#client.eval(START, 2, lease, ledger, owner, itemId, encodeEntry(entry), IDEMPOTENCY_TTL_MS)) === 1;
  }

  async record(key: string, itemId: string, entry: LedgerEntry | undefined): Promise<void> {
    const [, , ledger] = this.#keys(key);
    if (!entry) {
      await this.#client.hdel(ledger, itemId);
      return;
    }
    await this.#client.multi().hset(ledger, itemId, encodeEntry(entry)).pexpire(ledger, IDEMPOTENCY_TTL_MS).exec();
  }

  async finish(key: string, owner: string, record: FinishedRecord, scope?: string): Promise<boolean> {
    const keepLedger = record.state === 'done' ? '0' : '1';
    const stored = await encodeRecord(record, this.#recordMaxBytes);
    const keys = scope === undefined ? this.#keys(key) : [...this.#keys(key), ...this.#scopeKeys(scope)];
    const args = [owner, stored, IDEMPOTENCY_TTL_MS, keepLedger, Date.now(), this.#scopeQuotaBytes];
    return (await this.#client.eval(FINISH, keys.length, ...keys, ...args)) === 1;
  }

  async abandon(key: string, owner: string): Promise<void> {
    const [, lease] = this.#keys(key);
    await this.#client.eval(DROP, 1, lease, owner);
  }

  async release(key: string, owner: string): Promise<void> {
    const [record, lease, ledger] = this.#keys(key);
    await this.#client.eval(DROP, 3, lease, record, ledger, owner);
  }

  /** A scope's index of its finished records and their sizes. */
  #scopeKeys(scope: string): [string, string] {
    const index = `${this.#keyPrefix}scope:${scope}`;
    return [index, `${index}:bytes`];
  }

  /** The record, the lease and the ledger of a key. */
  #keys(key: string): [string, string, string] {
    const record = `${this.#keyPrefix}${key}`;
    return [record, `${record}:lease`, `${record}:items`];
  }
}
