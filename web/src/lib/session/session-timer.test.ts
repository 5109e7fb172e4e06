import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterActivity,
  afterDownload,
  deadlinesFromSession,
  type SessionPhase,
  startSessionTimer,
  WARNING_BEFORE_MS,
} from './session-timer.ts';

const MINUTE = 60_000;
const SERVER_NOW = Date.parse('2025-11-21T10:00:00Z');

function session(expiresInMinutes: number, absoluteInMinutes = 480, idleMinutes = 30) {
  return {
    expiresAt: new Date(SERVER_NOW + expiresInMinutes * MINUTE).toISOString(),
    absoluteExpiresAt: new Date(SERVER_NOW + absoluteInMinutes * MINUTE).toISOString(),
    idleTimeoutSeconds: idleMinutes * 60,
  };
}

describe('deadlinesFromSession', () => {
  it('counts the idle period from the answer, whatever the browser clock says', () => {
    const browserNow = SERVER_NOW + 7 * MINUTE; // a browser clock 7 minutes fast
    const deadlines = deadlinesFromSession(session(30), browserNow);
    expect(deadlines.expiresAt).toBe(browserNow + 30 * MINUTE);
    expect(deadlines.absoluteExpiresAt).toBe(browserNow + 480 * MINUTE);
    expect(deadlines.idleMs).toBe(30 * MINUTE);
  });

  it('keeps a session capped by its absolute end within that end', () => {
    const deadlines = deadlinesFromSession(session(10, 10), SERVER_NOW);
    expect(deadlines.expiresAt).toBe(SERVER_NOW + 10 * MINUTE);
    expect(deadlines.absoluteExpiresAt).toBe(SERVER_NOW + 10 * MINUTE);
  });
});

describe('afterActivity and afterDownload', () => {
  const base = deadlinesFromSession(session(30, 60), SERVER_NOW);

  it('restart the idle period, never past the absolute end', () => {
    expect(afterActivity(base, SERVER_NOW + 10 * MINUTE).expiresAt).toBe(SERVER_NOW + 40 * MINUTE);
    expect(afterActivity(base, SERVER_NOW + 50 * MINUTE).expiresAt).toBe(SERVER_NOW + 60 * MINUTE);
  });

  it('give 30 minutes after a download', () => {
    const short = deadlinesFromSession(session(5, 60, 5), SERVER_NOW);
    expect(afterDownload(short, SERVER_NOW + MINUTE).expiresAt).toBe(SERVER_NOW + 31 * MINUTE);
  });
});

describe('startSessionTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: SERVER_NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function record() {
    const phases: SessionPhase[] = [];
    return { phases, onPhase: (phase: SessionPhase) => phases.push(phase) };
  }

  it('warns 60 seconds before expiry and expires at expiry', () => {
    const { phases, onPhase } = record();
    const timer = startSessionTimer(deadlinesFromSession(session(30), Date.now()), onPhase);
    expect(phases).toEqual(['active']);
    vi.advanceTimersByTime(30 * MINUTE - WARNING_BEFORE_MS - 1);
    expect(phases).toEqual(['active']);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['active', 'warning']);
    vi.advanceTimersByTime(WARNING_BEFORE_MS);
    expect(phases).toEqual(['active', 'warning', 'expired']);
    timer.stop();
  });

  it('starts over after activity, closing a warning', () => {
    const { phases, onPhase } = record();
    const timer = startSessionTimer(deadlinesFromSession(session(30), Date.now()), onPhase);
    vi.advanceTimersByTime(29.5 * MINUTE);
    expect(phases.at(-1)).toBe('warning');
    timer.update(afterActivity(timer.deadlines, Date.now()));
    expect(phases.at(-1)).toBe('active');
    vi.advanceTimersByTime(29 * MINUTE - 1);
    expect(phases.at(-1)).toBe('active');
    vi.advanceTimersByTime(1);
    expect(phases.at(-1)).toBe('warning');
    timer.stop();
  });

  it('is silent once stopped', () => {
    const { phases, onPhase } = record();
    const timer = startSessionTimer(deadlinesFromSession(session(30), Date.now()), onPhase);
    timer.stop();
    vi.advanceTimersByTime(31 * MINUTE);
    expect(phases).toEqual(['active']);
  });

  it('reports a session already in its last minute as a warning at once', () => {
    const { phases, onPhase } = record();
    const timer = startSessionTimer(deadlinesFromSession(session(0.5, 0.5), Date.now()), onPhase);
    expect(phases).toEqual(['warning']);
    timer.stop();
  });
});
