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
    this.#entries.set(record.id, { record: frozenCopy(record), lastSeenAt: record.lastSeenAt, expiresAt: this.#now() + ttlMs });
  }

  async delete(id: string): Promise<void> {
    this.#entries.delete(id);
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
  }

  /** Drops expired entries so abandoned sessions do not pile up. */
  sweep(): void {
    for (const id of this.#entries.keys()) this.#live(id);
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
