// Where the batch actions' Idempotency-Key records live: this process's memory, or Redis when REDIS_URL
// is set (as the sessions: a retry may reach another instance). Per key:
// - the record: running, done (the answer) or cut (the partial result), kept 24 hours;
// - a lease naming the request that runs it. Its owner renews it while the action runs, so two requests with
//   one key never both run, and the claim of an instance that died lapses within IDEMPOTENCY_LEASE_MS: a repeat
//   then takes the key over;
// - the ledger (batch-ledger.ts): each item's mark and outcome, so the one that takes over runs only the rest.
// Every write that needs the lease compares the owner's token with the lease's in one step (a Lua script in Redis:
// redis-idempotency-store.ts).
// Bounded in bytes (docs/decisions/020-idempotency-records-bounded-in-bytes.md): a record is kept compact and at most
// IDEMPOTENCY_RECORD_MAX_BYTES (record-codec.ts); a coach's finished records at most IDEMPOTENCY_COACH_QUOTA_BYTES
// together (the oldest are forgotten first); the memory store at most IDEMPOTENCY_MEMORY_MAX_BYTES (the oldest first).
import { randomUUID } from 'node:crypto';
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

export function leaseTimes({ leaseMs, renewEveryMs }: LeaseOptions): { leaseMs: number; renewEveryMs: number } {
  if (leaseMs === undefined) return { leaseMs: IDEMPOTENCY_LEASE_MS, renewEveryMs: renewEveryMs ?? IDEMPOTENCY_LEASE_RENEW_MS };
  return { leaseMs, renewEveryMs: renewEveryMs ?? Math.max(1, Math.floor(leaseMs * 0.3)) };
}

/** The record a refused claim answers: a cut one of the same request is refused only while another resumes it: running. */
export const refusedWith = (record: IdempotencyRecord, fingerprint: string): IdempotencyRecord =>
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
