// Sessions in this process's memory: the default for one BFF instance; lost on restart.
import { parseSessionRecord, type SessionRecord } from './session-record.ts';
import type { SessionStore } from './session-store.ts';

// As in Redis: the record's JSON and its lastSeenAt apart, so a touch (every request) parses nothing.
interface Entry {
  json: string;
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
    return entry ? parseSessionRecord(entry.json, { lastSeenAt: entry.lastSeenAt }) : null;
  }

  // Stored as JSON so that callers never share objects with the store and reads validate like Redis.
  async set(record: SessionRecord, ttlMs: number): Promise<void> {
    this.#entries.set(record.id, { json: JSON.stringify(record), lastSeenAt: record.lastSeenAt, expiresAt: this.#now() + ttlMs });
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
