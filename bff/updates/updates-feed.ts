// One coach's lists read at most once per interval, however many tabs, sessions or instances ask (getUpdates): the
// caller that takes the coach's lock (updates-store.ts) reads, a caller of this instance that arrives while that read
// runs waits for it, and every other caller answers what the log holds. A read that fails keeps the interval too:
// while the legacy API fails, a coach's lists are tried once per interval, not once per call of every open tab.
import { publishUpdatesChanges, publishUpdatesRefresh, type UpdatesRefreshOutcome } from '../diagnostics.ts';
import type { NewUpdate, UpdatesStore } from './updates-store.ts';

export class UpdatesFeed {
  readonly store: UpdatesStore;
  /** How often a coach screen asks, and the least time between two reads of one coach's lists. */
  readonly intervalSeconds: number;
  readonly now: () => number;
  readonly #running = new Map<string, Promise<UpdatesRefreshOutcome>>();

  constructor(store: UpdatesStore, intervalSeconds: number, now: () => number = Date.now) {
    this.store = store;
    this.intervalSeconds = intervalSeconds;
    this.now = now;
  }

  /**
   * Runs `read` (the legacy reads, the comparison, the changes recorded) when this caller takes the coach's interval;
   * answers `read`, or `shared` when another caller has it (a read of this instance still running is waited for,
   * whatever it comes to: its failure is its caller's to answer). A failed read throws, and the lock stays taken
   * until the interval ends (the back-off after a failure, on every instance: the lock's expiry).
   */
  refresh(coachId: string, read: () => Promise<void>): Promise<UpdatesRefreshOutcome> {
    const running = this.#running.get(coachId);
    if (running) return this.#counted(running.then(shared, shared));
    const attempt = this.#attempt(coachId, read);
    this.#running.set(coachId, attempt);
    const forget = () => {
      if (this.#running.get(coachId) === attempt) this.#running.delete(coachId);
    };
    attempt.then(forget, forget);
    return this.#counted(attempt);
  }

  /** Records the changes a read found (in order) and counts them by kind. */
  async record(coachId: string, changes: readonly NewUpdate[]): Promise<void> {
    await this.store.record(coachId, changes);
    const counts = new Map<string, number>();
    for (const { kind } of changes) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    for (const [kind, count] of counts) publishUpdatesChanges({ kind, count });
  }

  async #attempt(coachId: string, read: () => Promise<void>): Promise<UpdatesRefreshOutcome> {
    if (!(await this.store.claim(coachId))) return 'shared';
    // A failure keeps nothing and is not given back: the next read comes when the lock lapses, as after a success.
    await read();
    return 'read';
  }

  async #counted(outcome: Promise<UpdatesRefreshOutcome>): Promise<UpdatesRefreshOutcome> {
    try {
      const settled = await outcome;
      publishUpdatesRefresh(settled);
      return settled;
    } catch (error) {
      publishUpdatesRefresh('failed');
      throw error;
    }
  }
}

const shared = (): UpdatesRefreshOutcome => 'shared';
