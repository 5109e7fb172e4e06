// Short-lived, per-session copies of what a coach's list screens read from the legacy API (the assessments
// list can hold tens of thousands of records and the legacy API only answers it whole). A copy is shaped once
// and reused by every page, sort, filter and search until it is older than the TTL, the coach changes
// something through the BFF (any instance), or the client asks for a refresh. Memory per instance, bounded
// by entries and by rows; the freshness check is a per-coach version (memory, or Redis when scaled out).
import type { Redis } from 'ioredis';

/** The per-coach change counter every instance reads before it reuses a copy. */
export interface SnapshotVersions {
  /** The coach's current version; null when it cannot be known (Redis away): no copy is reused then. */
  current(coachId: string): Promise<string | null>;
  /** A change: every copy of this coach's lists made before it is stale, on every instance. */
  bump(coachId: string): Promise<void>;
}

export class MemorySnapshotVersions implements SnapshotVersions {
  readonly #versions = new Map<string, number>();
  readonly #max: number;
  constructor(max = 100_000) {
    this.#max = max;
  }
  async current(coachId: string): Promise<string> {
    return String(this.#versions.get(coachId) ?? 0);
  }
  async bump(coachId: string): Promise<void> {
    const next = (this.#versions.get(coachId) ?? 0) + 1;
    this.#versions.delete(coachId);
    // A forgotten coach reads 0 again; copies are dropped with it (SnapshotCache.invalidate), so none is stale.
    if (this.#versions.size >= this.#max) this.#versions.delete(this.#versions.keys().next().value as string);
    this.#versions.set(coachId, next);
  }
}

const VERSION_KEY = (coachId: string) => `portal:snapshot-version:${coachId}`;
/** A version key outlives every copy made under it by far (copies live seconds). */
const VERSION_TTL_SECONDS = 86_400;

/** The version in Redis (`portal:snapshot-version:<coachId>`, INCR on a change): one GET per list request. */
export class RedisSnapshotVersions implements SnapshotVersions {
  readonly #redis: Redis;
  readonly #onError: (error: unknown) => void;
  constructor(redis: Redis, onError: (error: unknown) => void) {
    this.#redis = redis;
    this.#onError = onError;
  }
  async current(coachId: string): Promise<string | null> {
    try {
      return (await this.#redis.get(VERSION_KEY(coachId))) ?? '0';
    } catch (error) {
      this.#onError(error);
      return null;
    }
  }
  async bump(coachId: string): Promise<void> {
    await this.#redis.multi().incr(VERSION_KEY(coachId)).expire(VERSION_KEY(coachId), VERSION_TTL_SECONDS).exec();
  }
}

export interface SnapshotCacheOptions {
  ttlMs: number;
  /** At most this many copies (a session has one per list it read), the least recently used dropped first. */
  maxEntries: number;
  /** At most this many rows over all copies (memory), the least recently used dropped first. */
  maxRows: number;
  versions: SnapshotVersions;
  now?: () => number;
}

interface Entry {
  sessionId: string;
  coachId: string;
  version: string;
  builtAt: number;
  rows: number;
  value: Promise<unknown>;
}

export interface SnapshotRequest<T> {
  sessionId: string;
  coachId: string;
  /** Which list of the session (e.g. `assessments:own`). */
  list: string;
  /** Reads the legacy API and shapes the copy. */
  load: () => Promise<T>;
  /** How many rows the copy holds (for the memory bound). */
  rowsOf: (value: T) => number;
  /** Read again whatever the cache holds. */
  refresh?: boolean | undefined;
}

export class SnapshotCache {
  readonly #entries = new Map<string, Entry>();
  readonly #options: Required<SnapshotCacheOptions>;
  #rows = 0;
  /** Legacy reads started (tests and the benchmark count them). */
  loads = 0;

  constructor(options: SnapshotCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  get size(): number {
    return this.#entries.size;
  }

  async get<T>({ sessionId, coachId, list, load, rowsOf, refresh }: SnapshotRequest<T>): Promise<T> {
    const key = `${sessionId}\u0000${list}`;
    const version = await this.#options.versions.current(coachId);
    const now = this.#options.now();
    const entry = this.#entries.get(key);
    if (entry && !refresh && version !== null && entry.version === version && now - entry.builtAt < this.#options.ttlMs) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value as Promise<T>;
    }
    if (entry) this.#remove(key, entry);
    this.loads++;
    const value = load();
    // Without a known version the copy is used by this request only.
    if (version === null) return value;
    // The version read before the legacy lists: a change made meanwhile makes this copy stale at once.
    const fresh: Entry = { sessionId, coachId, version, builtAt: now, rows: 0, value };
    this.#entries.set(key, fresh);
    value.then(
      (loaded) => {
        if (this.#entries.get(key) !== fresh) return;
        fresh.rows = rowsOf(loaded);
        this.#rows += fresh.rows;
        this.#evict();
      },
      () => {
        if (this.#entries.get(key) === fresh) this.#remove(key, fresh);
      },
    );
    return value;
  }

  /** A change made by the coach: drop this instance's copies now and make every other instance's stale. */
  async invalidate(coachId: string): Promise<void> {
    for (const [key, entry] of this.#entries) if (entry.coachId === coachId) this.#remove(key, entry);
    await this.#options.versions.bump(coachId);
  }

  /** The session ended: its copies go. */
  dropSession(sessionId: string): void {
    for (const [key, entry] of this.#entries) if (entry.sessionId === sessionId) this.#remove(key, entry);
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#rows -= entry.rows;
  }

  #evict(): void {
    const { maxEntries, maxRows } = this.#options;
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= maxEntries && this.#rows <= maxRows) return;
      // Never the only copy: a list larger than the bound is still served (and dropped at the next one).
      if (this.#entries.size === 1) return;
      this.#remove(key, entry);
    }
  }
}
