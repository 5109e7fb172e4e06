// What keeps a coach screen current (getUpdates): per coach, a lock that lets one caller read the legacy lists per
// interval however many tabs, sessions or instances ask (a read that failed holds it too), the states the last read found (the baseline the next read
// compares with), and a log of the changes found, which every session of the coach reads from its own cursor.
// In this process's memory, or in Redis when scaled out, so every instance refreshes under one lock and compares
// with one baseline.
import type { Redis } from 'ioredis';
import type { components } from '../../generated/bff.ts';

export type Update = components['schemas']['Update'];
export type UpdateKind = Update['kind'];
/** A change as the refresh finds it; the log gives it its id. */
export type NewUpdate = Omit<Update, 'id'>;

/**
 * The states of a coach's records that may still change into something to tell (`a:<assessmentId>`,
 * `t:<teamId>`, `p:<pairId>` → a state of the caller's); records in a final state are left out, so the baseline of a
 * coach with years of completed assessments stays small.
 */
export type Baseline = Record<string, string>;

/** Changes a client gets in one answer (contract: Updates.changes maxItems), oldest first. */
export const MAX_CHANGES_PER_ANSWER = 50;
/** Changes kept per coach: a client that has not asked for longer than that many changes gets the newest. */
export const MAX_CHANGES_KEPT = 200;
/** A coach's baseline and log outlive a working day's pause; a coach back after longer starts a new baseline. */
const KEPT_SECONDS = 86_400;
/** The cursor of a log without changes. */
export const START_CURSOR = '0-0';
const CURSOR = /^([0-9]{1,15})-([0-9]{1,15})$/;

export interface UpdatesStore {
  /**
   * Takes the coach's refresh for one interval: true for the one caller that may read the legacy lists, false while
   * another caller (any session, any instance) holds it. The lock lapses on its own after the interval, whatever the
   * read came to: a failed read is not given back (the back-off while the legacy API fails is the interval).
   */
  claim(coachId: string): Promise<boolean>;
  /** The states kept by the last refresh; null when none is kept (a first refresh records them, tells nothing). */
  baseline(coachId: string): Promise<Baseline | null>;
  keepBaseline(coachId: string, baseline: Baseline): Promise<void>;
  /** Appends changes to the coach's log, each once, in order. */
  record(coachId: string, changes: readonly NewUpdate[]): Promise<void>;
  /**
   * The changes recorded after `after` (at most 50, oldest first) and the cursor to ask from next; without a usable
   * `after` (a first call, or a cursor this store never gave) none, and the cursor of the newest change.
   */
  since(coachId: string, after: string | undefined): Promise<{ cursor: string; changes: Update[] }>;
}

/** `<ms>-<seq>`, as Redis stream ids are, so both stores' cursors read alike; null when `text` is none. */
function cursorOf(text: string | undefined): [number, number] | null {
  const match = text === undefined ? null : CURSOR.exec(text);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

const isAfter = (id: [number, number], after: [number, number]): boolean => id[0] > after[0] || (id[0] === after[0] && id[1] > after[1]);

/** How far the clocks that give cursors (Redis's, each instance's) may run ahead of the instance that reads one. */
export const CURSOR_CLOCK_SKEW_MS = 60_000;

/**
 * Whether `after` is a cursor from the future, which no store gave: its time is later than `now` (by more than the
 * clocks may differ) and it is later than the coach's newest change. Answered with it, a client would be told no
 * change recorded before that time and be given the cursor back.
 */
export async function isFutureCursor(store: UpdatesStore, coachId: string, after: string | undefined, now: number): Promise<boolean> {
  const cursor = cursorOf(after);
  if (!cursor || cursor[0] <= now + CURSOR_CLOCK_SKEW_MS) return false;
  // A clock that went back (or Redis's ahead of this instance's) leaves the newest change later than now: not refused.
  const newest = cursorOf((await store.since(coachId, undefined)).cursor);
  return !newest || isAfter(cursor, newest);
}

interface MemoryLog {
  changes: Update[];
  lastMs: number;
  seq: number;
}

export interface MemoryUpdatesStoreOptions {
  intervalMs: number;
  now?: () => number;
  /** Coaches whose baseline and log are kept, the least recently refreshed forgotten first. */
  maxCoaches?: number;
}

export class MemoryUpdatesStore implements UpdatesStore {
  /** Per coach, when its lock lapses. */
  readonly #locks = new Map<string, number>();
  readonly #baselines = new Map<string, Baseline>();
  readonly #logs = new Map<string, MemoryLog>();
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #maxCoaches: number;

  constructor({ intervalMs, now = Date.now, maxCoaches = 10_000 }: MemoryUpdatesStoreOptions) {
    this.#intervalMs = intervalMs;
    this.#now = now;
    this.#maxCoaches = maxCoaches;
  }

  async claim(coachId: string): Promise<boolean> {
    const now = this.#now();
    if ((this.#locks.get(coachId) ?? 0) > now) return false;
    this.#locks.delete(coachId);
    this.#locks.set(coachId, now + this.#intervalMs);
    this.#bound(this.#locks);
    return true;
  }

  async baseline(coachId: string): Promise<Baseline | null> {
    return this.#baselines.get(coachId) ?? null;
  }

  async keepBaseline(coachId: string, baseline: Baseline): Promise<void> {
    this.#baselines.delete(coachId);
    this.#baselines.set(coachId, baseline);
    this.#bound(this.#baselines);
  }

  async record(coachId: string, changes: readonly NewUpdate[]): Promise<void> {
    if (changes.length === 0) return;
    const log = this.#logs.get(coachId) ?? { changes: [], lastMs: 0, seq: 0 };
    this.#logs.delete(coachId);
    this.#logs.set(coachId, log);
    this.#bound(this.#logs);
    for (const change of changes) {
      // Ids only grow, whatever the clock does (as a Redis stream's).
      const ms = Math.max(this.#now(), log.lastMs);
      log.seq = ms === log.lastMs ? log.seq + 1 : 0;
      log.lastMs = ms;
      log.changes.push({ id: `${ms}-${log.seq}`, ...change });
    }
    if (log.changes.length > MAX_CHANGES_KEPT) log.changes.splice(0, log.changes.length - MAX_CHANGES_KEPT);
  }

  async since(coachId: string, after: string | undefined): Promise<{ cursor: string; changes: Update[] }> {
    const changes = this.#logs.get(coachId)?.changes ?? [];
    const from = cursorOf(after);
    const newest = changes.at(-1)?.id ?? START_CURSOR;
    if (!from) return { cursor: newest, changes: [] };
    const found = changes.filter((change) => isAfter(cursorOf(change.id) as [number, number], from)).slice(0, MAX_CHANGES_PER_ANSWER);
    return { cursor: found.at(-1)?.id ?? (after as string), changes: found };
  }

  #bound(map: Map<string, unknown>): void {
    if (map.size > this.#maxCoaches) map.delete(map.keys().next().value as string);
  }
}

const LOCK_KEY = (coachId: string) => `portal:updates-lock:${coachId}`;
const BASELINE_KEY = (coachId: string) => `portal:updates-states:${coachId}`;
const LOG_KEY = (coachId: string) => `portal:updates:${coachId}`;

/**
 * The store in Redis: the lock `portal:updates-lock:<coachId>` (SET NX PX the interval), the baseline
 * `portal:updates-states:<coachId>` (JSON) and the log, the stream `portal:updates:<coachId>` (each change a JSON
 * field, at most about 200 kept; the stream's ids are the cursors).
 */
export class RedisUpdatesStore implements UpdatesStore {
  readonly #redis: Redis;
  readonly #intervalMs: number;

  constructor(redis: Redis, { intervalMs }: { intervalMs: number }) {
    this.#redis = redis;
    this.#intervalMs = intervalMs;
  }

  async claim(coachId: string): Promise<boolean> {
    return (await this.#redis.set(LOCK_KEY(coachId), '1', 'PX', this.#intervalMs, 'NX')) === 'OK';
  }

  async baseline(coachId: string): Promise<Baseline | null> {
    const text = await this.#redis.get(BASELINE_KEY(coachId));
    if (text === null) return null;
    try {
      const baseline: unknown = JSON.parse(text);
      return baseline && typeof baseline === 'object' && !Array.isArray(baseline) ? (baseline as Baseline) : null;
    } catch {
      // Not what this store writes: a new baseline replaces it.
      return null;
    }
  }

  async keepBaseline(coachId: string, baseline: Baseline): Promise<void> {
    await this.#redis.set(BASELINE_KEY(coachId), JSON.stringify(baseline), 'EX', KEPT_SECONDS);
  }

  async record(coachId: string, changes: readonly NewUpdate[]): Promise<void> {
    if (changes.length === 0) return;
    const key = LOG_KEY(coachId);
    const multi = this.#redis.multi();
    for (const change of changes) multi.xadd(key, 'MAXLEN', '~', MAX_CHANGES_KEPT, '*', 'change', JSON.stringify(change));
    multi.expire(key, KEPT_SECONDS);
    const replies = await multi.exec();
    const failure = replies?.find(([error]) => error)?.[0];
    if (!replies || failure) throw failure ?? new Error('the changes were discarded');
  }

  async since(coachId: string, after: string | undefined): Promise<{ cursor: string; changes: Update[] }> {
    const key = LOG_KEY(coachId);
    if (!cursorOf(after)) {
      const [newest] = await this.#redis.xrevrange(key, '+', '-', 'COUNT', 1);
      return { cursor: newest?.[0] ?? START_CURSOR, changes: [] };
    }
    const entries = await this.#redis.xrange(key, `(${after}`, '+', 'COUNT', MAX_CHANGES_PER_ANSWER);
    const changes = entries.map(([id, fields]) => ({ id, ...(JSON.parse(fields[1] ?? '{}') as NewUpdate) }));
    return { cursor: changes.at(-1)?.id ?? (after as string), changes };
  }
}
