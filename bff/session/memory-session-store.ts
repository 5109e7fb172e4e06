// Sessions in this process's memory: the default for one BFF instance; lost on restart.
import { isSessionRecord, type SessionRecord } from './session-record.ts';
import type { SessionStore } from './session-store.ts';

// As in Redis, the record and its lastSeenAt apart, so a touch (every request) copies nothing. The record
// is checked once, when stored, and kept as a frozen copy: a read (every request) is one shallow copy, and
// no caller shares a mutable object with the store.
interface Entry {
  record: Readonly<SessionRecord> | null;
  lastSeenAt: number;
  expiresAt: number;
}

export interface MemorySessionStoreOptions {
  now?: () => number;
  sweepIntervalMs?: number;
}

export class MemorySessionStore implements SessionStore {
  readonly #entries = new Map<string, Entry>();
  /** account → the ids of its sessions; an id whose entry is gone is pruned when the account is read or swept. */
  readonly #accounts = new Map<string, Set<string>>();
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;

  constructor({ now = Date.now, sweepIntervalMs = 60_000 }: MemorySessionStoreOptions = {}) {
    this.#now = now;
    this.#sweeper = setInterval(() => this.sweep(), sweepIntervalMs).unref();
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(id: string): Promise<SessionRecord | null> {
    const entry = this.#live(id);
    return entry?.record ? { ...entry.record, lastSeenAt: entry.lastSeenAt } : null;
  }

  // A record that fails the check reads back as no session, as a bad value in Redis does.
  async set(record: SessionRecord, ttlMs: number): Promise<void> {
    const stored = frozenCopy(record);
    this.#entries.set(record.id, { record: stored, lastSeenAt: record.lastSeenAt, expiresAt: this.#now() + ttlMs });
    if (!stored?.account) return;
    const ids = this.#accounts.get(stored.account) ?? new Set<string>();
    ids.add(record.id);
    this.#accounts.set(stored.account, ids);
  }

  async delete(id: string): Promise<void> {
    this.#entries.delete(id);
  }

  async sessionsOf(account: string): Promise<SessionRecord[]> {
    const records: SessionRecord[] = [];
    for (const id of this.#idsOf(account)) {
      const record = await this.get(id);
      if (record) records.push(record);
    }
    return records;
  }

  async deleteSessionsOf(account: string, keep?: string): Promise<string[]> {
    const deleted = this.#idsOf(account).filter((id) => id !== keep);
    for (const id of deleted) this.#entries.delete(id);
    this.#idsOf(account);
    return deleted;
  }

  async touch(id: string, lastSeenAt: number, ttlMs: number): Promise<boolean> {
    const entry = this.#live(id);
    if (!entry) return false;
    entry.lastSeenAt = lastSeenAt;
    entry.expiresAt = this.#now() + ttlMs;
    return true;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#entries.clear();
    this.#accounts.clear();
  }

  /** Drops expired entries so abandoned sessions do not pile up. */
  sweep(): void {
    for (const id of this.#entries.keys()) this.#live(id);
    for (const account of this.#accounts.keys()) this.#idsOf(account);
  }

  /** The ids of the account's live sessions; the others leave its index (and an empty index goes). */
  #idsOf(account: string): string[] {
    const ids = this.#accounts.get(account);
    if (!ids) return [];
    for (const id of ids) if (this.#live(id)?.record?.account !== account) ids.delete(id);
    if (ids.size === 0) this.#accounts.delete(account);
    return [...ids];
  }

  #live(id: string): Entry | undefined {
    const entry = this.#entries.get(id);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry;
  }
}

function frozenCopy(record: SessionRecord): Readonly<SessionRecord> | null {
  if (!isSessionRecord(record)) return null;
  const copy = structuredClone(record);
  Object.freeze(copy.flags);
  return Object.freeze(copy);
}
