// Short-lived copies of what a coach's list screens read from the legacy API (the assessments list can hold tens
// of thousands of records and the legacy API only answers it whole), one per coach and list on each instance,
// shared by every session of that coach: what the legacy API answers depends on the coach alone (an assistant or
// an impersonator acting for them reads the same lists). A copy is shaped once and reused by every page, sort,
// filter and search until it is older than the TTL, a change makes it stale, or a client asks for a refresh.
// Concurrent requests of any of the coach's sessions share one read. A change made through the BFF whose exact
// effect its operation knows patches the copies in place instead (CopyChange); any other marks them stale
// everywhere: the freshness check is a per-coach version (memory, or Redis when scaled out). Memory is bounded by
// coaches and by rows, the least recently used coach dropped first.
import type { Redis } from 'ioredis';
import { isSessionEnded } from '../problem.ts';

/** The per-coach change counter every instance reads before it reuses a copy. */
export interface SnapshotVersions {
  /** The coach's current version; null when it cannot be known (Redis away): no copy is reused then. */
  current(coachId: string): Promise<string | null>;
  /**
   * A change: every copy of this coach's lists made before it is stale, on every instance. Answers the version
   * the change made, so an instance that patched its copies knows whether another change came in between.
   */
  bump(coachId: string): Promise<string>;
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
  async bump(coachId: string): Promise<string> {
    const next = (this.#versions.get(coachId) ?? 0) + 1;
    this.#versions.delete(coachId);
    // A forgotten coach reads 0 again; this instance's copies are patched or dropped with every change
    // (SnapshotCache.end), so none is stale.
    if (this.#versions.size >= this.#max) this.#versions.delete(this.#versions.keys().next().value as string);
    this.#versions.set(coachId, next);
    return String(next);
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
  async bump(coachId: string): Promise<string> {
    const replies = await this.#redis.multi().incr(VERSION_KEY(coachId)).expire(VERSION_KEY(coachId), VERSION_TTL_SECONDS).exec();
    const [error, version] = replies?.[0] ?? [new Error('the version change was discarded')];
    if (error) throw error;
    return String(version);
  }
}

/**
 * Makes a copy read before a change equal to one read after it, or answers null when it cannot (the copy is then
 * read again). It may meet a copy that already holds the change (read after the legacy change, before the
 * version moved): it sets values, never counts on the ones it finds.
 */
export type CopyPatch = (copy: unknown, list: string) => unknown;

/** What one state-changing call did to its coach's lists, as its operation reports it (the run's `change`, batch/batch-run.ts). */
export class CopyChange {
  readonly #patches: CopyPatch[] = [];
  #reported = false;
  #unknown = false;

  /** The operation takes it: it reports its effect (patches, and unknown() for what it cannot tell). */
  report(): this {
    this.#reported = true;
    return this;
  }

  /** Part of the effect is known exactly (from the legacy answers): this patch applies it. */
  patch(patch: CopyPatch): void {
    this.#patches.push(patch);
  }

  /** Part of the effect is not known (a call whose answer never came, a record the change creates): read again. */
  unknown(): void {
    this.#unknown = true;
  }

  /** The patches that apply the whole effect (none: nothing changed), or null when it is not known. */
  get patches(): readonly CopyPatch[] | null {
    return this.#reported && !this.#unknown ? this.#patches : null;
  }
}

export interface SnapshotCacheOptions {
  ttlMs: number;
  /** At most this many coaches' copies (each has one per list read), the least recently used dropped first. */
  maxCoaches: number;
  /** At most this many rows over all copies (memory), the least recently used coach dropped first. */
  maxRows: number;
  versions: SnapshotVersions;
  now?: () => number;
}

interface Entry {
  version: string;
  builtAt: number;
  rows: number;
  rowsOf: (value: unknown) => number;
  /** False: no patch applies to it, so every change the coach makes drops it (SnapshotRequest.patchable). */
  patchable: boolean;
  /** The read while it runs. */
  read: Promise<unknown>;
  /** The request whose legacy session reads it: its browser leaving aborts the read. */
  starter: AbortSignal | undefined;
  done: boolean;
  value: unknown;
}

interface CoachCopies {
  /** By list (e.g. `assessments:own`). */
  lists: Map<string, Entry>;
  usedAt: number;
  rows: number;
}

export interface SnapshotRequest<T> {
  coachId: string;
  /** Which list of the coach (e.g. `assessments:own`). */
  list: string;
  /** Reads the legacy API (with the requesting session's legacy cookie) and shapes the copy. */
  load: () => Promise<T>;
  /** How many rows the copy holds (for the memory bound). */
  rowsOf: (value: T) => number;
  /** Read again whatever the cache holds (a read already running is shared: it is as fresh). */
  refresh?: boolean | undefined;
  /** Fires when the requesting browser goes away (a read it started is aborted with it). */
  signal?: AbortSignal | undefined;
  /**
   * False for a copy no operation reports its changes to (the balance history: a charge, a credit back): every change
   * that moves the coach's version drops it, patched or not, so it is read again after any change (default true).
   */
  patchable?: boolean | undefined;
}

export class SnapshotCache {
  readonly #coaches = new Map<string, CoachCopies>();
  readonly #options: Required<SnapshotCacheOptions>;
  #rows = 0;
  /** Legacy reads started (tests and the benchmark count them). */
  loads = 0;
  /** Copies patched in place after a change. */
  patched = 0;

  constructor(options: SnapshotCacheOptions) {
    this.#options = { now: Date.now, ...options };
  }

  /** Copies held (one per coach and list). */
  get size(): number {
    let size = 0;
    for (const coach of this.#coaches.values()) size += coach.lists.size;
    return size;
  }

  /** Rows held over all copies. */
  get rows(): number {
    return this.#rows;
  }

  async get<T>(request: SnapshotRequest<T>): Promise<T> {
    const { coachId, list, refresh } = request;
    const version = await this.#options.versions.current(coachId);
    const now = this.#options.now();
    this.#sweep(now);
    if (version === null) {
      // Without a known version a read is used by its request only.
      this.loads++;
      return request.load();
    }
    const coach = this.#coaches.get(coachId);
    const entry = coach?.lists.get(list);
    if (coach) this.#touch(coachId, coach, now);
    if (coach && entry && entry.version === version) {
      if (!entry.done) return this.#join(entry, request);
      if (!refresh && now - entry.builtAt < this.#options.ttlMs) return entry.value as T;
    }
    return this.#load(coachId, version, now, request);
  }

  /**
   * Opens the change a state-changing call makes (the list-change wrapper, plugins/app/assessment-snapshots.ts): the
   * wrapper hands it to the operation in its run, the operation reports into it, and end() applies it.
   */
  begin(): CopyChange {
    return new CopyChange();
  }

  /**
   * The call ended. Known effect: the coach's copies here are patched and keep being reused, the other instances'
   * are stale; nothing changed: nothing to do. Unknown effect (not reported, a failure midway, an answer that
   * never came): the copies here are dropped and the other instances' are stale.
   */
  async end(change: CopyChange, coachId: string): Promise<void> {
    const { patches } = change;
    if (patches === null) return this.invalidate(coachId);
    if (patches.length === 0) return;
    const coach = this.#coaches.get(coachId);
    // Patched before the version moves: a request of the coach meanwhile already sees the change.
    const patched = coach ? this.#patch(coach, patches) : [];
    let version: string;
    try {
      version = await this.#options.versions.bump(coachId);
    } catch (error) {
      this.#drop(coachId);
      throw error;
    }
    // Only when no other change came between the copy's version and this one (on any instance) is the patched
    // copy current; otherwise it stays at its version, which is stale now, and is read again when next asked.
    for (const [list, entry] of patched) {
      if (coach?.lists.get(list) === entry && Number(version) === Number(entry.version) + 1) entry.version = version;
    }
  }

  /** Applies a change's patches to the coach's copies; answers the ones patched (a copy a patch cannot take goes). */
  #patch(coach: CoachCopies, patches: readonly CopyPatch[]): [string, Entry][] {
    const patched: [string, Entry][] = [];
    for (const [list, entry] of coach.lists) {
      // A read still running may or may not hold the change: it is stale once the version moves.
      if (!entry.done) continue;
      if (!entry.patchable) {
        this.#forget(coach, list, entry);
        continue;
      }
      let value: unknown = entry.value;
      for (const patch of patches) {
        value = patch(value, list);
        if (value === null) break;
      }
      if (value === null) {
        this.#forget(coach, list, entry);
        continue;
      }
      const rows = entry.rowsOf(value);
      coach.rows += rows - entry.rows;
      this.#rows += rows - entry.rows;
      entry.rows = rows;
      entry.value = value;
      patched.push([list, entry]);
      this.patched++;
    }
    return patched;
  }

  /** The coach's version now; null when it cannot be known (Redis away). */
  version(coachId: string): Promise<string | null> {
    return this.#options.versions.current(coachId);
  }

  /**
   * A change found in the legacy lists rather than made through the BFF (getUpdates compared a fresh read with the
   * last one): the version moves, so every other instance's copies and every client's screens are read again, while
   * this instance's copies of `freshLists`, read at the version just before, stay current instead of being dropped
   * and read a second time. Answers the new version.
   */
  async changedUpstream(coachId: string, freshLists: readonly string[]): Promise<string> {
    const version = await this.#options.versions.bump(coachId);
    const coach = this.#coaches.get(coachId);
    for (const list of freshLists) {
      const entry = coach?.lists.get(list);
      // Another change between the read and this one (on any instance) leaves the copy stale: it is read again.
      if (entry?.done && Number(version) === Number(entry.version) + 1) entry.version = version;
    }
    return version;
  }

  /** A change whose effect is not known: drop this instance's copies now and make every other instance's stale. */
  async invalidate(coachId: string): Promise<void> {
    this.#drop(coachId);
    await this.#options.versions.bump(coachId);
  }

  #load<T>(coachId: string, version: string, now: number, request: SnapshotRequest<T>): Promise<T> {
    const { list, load, rowsOf, signal, patchable = true } = request;
    this.loads++;
    const read = load();
    let coach = this.#coaches.get(coachId);
    if (!coach) {
      coach = { lists: new Map(), usedAt: now, rows: 0 };
      this.#coaches.set(coachId, coach);
    }
    const previous = coach.lists.get(list);
    if (previous) this.#forget(coach, list, previous);
    // The version read before the legacy lists: a change made meanwhile makes this copy stale at once.
    const entry: Entry = {
      version,
      builtAt: now,
      rows: 0,
      rowsOf: rowsOf as (value: unknown) => number,
      patchable,
      read,
      starter: signal,
      done: false,
      value: undefined,
    };
    const held = coach;
    held.lists.set(list, entry);
    read.then(
      (value) => {
        if (this.#coaches.get(coachId) !== held || held.lists.get(list) !== entry) return;
        entry.done = true;
        entry.value = value;
        entry.rows = rowsOf(value);
        held.rows += entry.rows;
        this.#rows += entry.rows;
        this.#evict(coachId);
      },
      () => {
        if (held.lists.get(list) === entry) this.#forget(held, list, entry);
      },
    );
    return read;
  }

  /** Waits for a read another request started; reads itself when that one failed for a reason of that request's. */
  async #join<T>(entry: Entry, request: SnapshotRequest<T>): Promise<T> {
    try {
      return (await entry.read) as T;
    } catch (error) {
      const startersOwn = entry.starter?.aborted === true || isSessionEnded(error);
      // The starter's browser left or its session ended: nothing wrong with this request's session.
      if (startersOwn && entry.starter !== request.signal && request.signal?.aborted !== true) return this.get(request);
      throw error;
    }
  }

  /** Most recently used last. */
  #touch(coachId: string, coach: CoachCopies, now: number): void {
    coach.usedAt = now;
    this.#coaches.delete(coachId);
    this.#coaches.set(coachId, coach);
  }

  /** Coaches nobody asked for within the TTL hold only stale copies: they go (a read still running stays). */
  #sweep(now: number): void {
    for (const [coachId, coach] of this.#coaches) {
      if (now - coach.usedAt < this.#options.ttlMs) return;
      if ([...coach.lists.values()].every((entry) => entry.done)) this.#drop(coachId);
    }
  }

  #forget(coach: CoachCopies, list: string, entry: Entry): void {
    coach.lists.delete(list);
    coach.rows -= entry.rows;
    this.#rows -= entry.rows;
  }

  #drop(coachId: string): void {
    const coach = this.#coaches.get(coachId);
    if (!coach) return;
    this.#coaches.delete(coachId);
    this.#rows -= coach.rows;
  }

  /** Never the coach just served: a list larger than the bound is still served (and dropped at the next one). */
  #evict(served: string): void {
    const { maxCoaches, maxRows } = this.#options;
    for (const coachId of this.#coaches.keys()) {
      if (this.#coaches.size <= maxCoaches && this.#rows <= maxRows) return;
      if (coachId !== served) this.#drop(coachId);
    }
  }
}
