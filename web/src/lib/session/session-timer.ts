import type { components } from '../../../../generated/bff.ts';

type Session = components['schemas']['Session'];

/** spec public-and-guest §4 "Session", §9: the warning fires 60 s before expiry. */
export const WARNING_BEFORE_MS = 60_000;
/** spec public-and-guest §4, §9: a download resets the timer to 30 minutes. */
export const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;
// setTimeout cannot wait longer than this (about 24.8 days); longer waits are re-armed.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** The session's deadlines in the browser's own clock (milliseconds since the epoch). */
export interface SessionDeadlines {
  expiresAt: number;
  absoluteExpiresAt: number;
  idleMs: number;
}

export type SessionPhase = 'active' | 'warning' | 'expired';

/**
 * The deadlines of a session the BFF has just answered. Every answer moved `expiresAt` to the
 * server's now + idle (unless capped by `absoluteExpiresAt`), so the remaining times come from the
 * session's own fields and the browser's clock may be off from the server's without harm.
 */
export function deadlinesFromSession(
  session: Pick<Session, 'expiresAt' | 'absoluteExpiresAt' | 'idleTimeoutSeconds'>,
  now: number,
): SessionDeadlines {
  const idleMs = session.idleTimeoutSeconds * 1000;
  const expires = Date.parse(session.expiresAt);
  const absolute = Date.parse(session.absoluteExpiresAt);
  const capped = expires >= absolute;
  // Capped: the server's now is unknown, the browser's clock is the best estimate (within one idle period).
  const absoluteLeft = capped ? Math.min(Math.max(absolute - now, 0), idleMs) : absolute - (expires - idleMs);
  return { idleMs, absoluteExpiresAt: now + absoluteLeft, expiresAt: now + Math.min(idleMs, absoluteLeft) };
}

/** Every successful call restarts the idle period (spec public-and-guest §4), never past the absolute end. */
export function afterActivity(deadlines: SessionDeadlines, now: number): SessionDeadlines {
  return { ...deadlines, expiresAt: Math.min(now + deadlines.idleMs, deadlines.absoluteExpiresAt) };
}

/** A download resets the timer to 30 minutes (spec public-and-guest §4, §9). */
export function afterDownload(deadlines: SessionDeadlines, now: number): SessionDeadlines {
  return { ...deadlines, expiresAt: Math.min(now + DOWNLOAD_TIMEOUT_MS, deadlines.absoluteExpiresAt) };
}

export function phaseAt(deadlines: SessionDeadlines, now: number): SessionPhase {
  if (now >= deadlines.expiresAt) return 'expired';
  if (now >= deadlines.expiresAt - WARNING_BEFORE_MS) return 'warning';
  return 'active';
}

export interface SessionTimer {
  /** New deadlines (a session answer, activity, a download): the phase is re-evaluated now. */
  update(deadlines: SessionDeadlines): void;
  readonly deadlines: SessionDeadlines;
  stop(): void;
}

/**
 * Calls `onPhase` with the phase now and at each change (warning 60 s before expiry, expired at
 * expiry). `now` is injectable for tests; the waits use the global timers.
 */
export function startSessionTimer(
  initial: SessionDeadlines,
  onPhase: (phase: SessionPhase) => void,
  now: () => number = Date.now,
): SessionTimer {
  let deadlines = initial;
  let phase: SessionPhase | undefined;
  let handle: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function evaluate() {
    handle = undefined;
    if (stopped) return;
    const current = now();
    const next = phaseAt(deadlines, current);
    if (next !== phase) {
      phase = next;
      onPhase(next);
    }
    if (next === 'expired') return;
    const changeAt = next === 'active' ? deadlines.expiresAt - WARNING_BEFORE_MS : deadlines.expiresAt;
    handle = setTimeout(evaluate, Math.min(Math.max(changeAt - current, 0), MAX_TIMEOUT_MS));
  }

  evaluate();
  return {
    update(next) {
      if (stopped) return;
      deadlines = next;
      if (handle !== undefined) clearTimeout(handle);
      evaluate();
    },
    get deadlines() {
      return deadlines;
    },
    stop() {
      stopped = true;
      if (handle !== undefined) clearTimeout(handle);
    },
  };
}
