// Work the sandbox does later, measured on its own clock (so tests advance an injected clock, never sleep):
// a requested team or pair report is supplied, a payment that landed pending settles.
import type { ScheduledWork } from './model.ts';
import type { Store } from './store.ts';

const keyOf = (kind: ScheduledWork['kind'], id: string) => `${kind}:${id}`;

/** Schedules (or reschedules) the work for `id`. */
export function schedule(store: Store, work: ScheduledWork): void {
  store.scheduled.set(keyOf(work.kind, work.id), work);
}

export function unschedule(store: Store, kind: ScheduledWork['kind'], id: string): void {
  store.scheduled.delete(keyOf(kind, id));
}

/** Removes and answers the work due at `now`, earliest first. */
export function takeDue(store: Store, now: number): ScheduledWork[] {
  if (store.scheduled.size === 0) return [];
  const due = [...store.scheduled.entries()].filter(([, work]) => work.at <= now);
  for (const [key] of due) store.scheduled.delete(key);
  return due.map(([, work]) => work).sort((a, b) => a.at - b.at);
}
