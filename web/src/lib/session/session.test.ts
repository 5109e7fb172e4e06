import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION } from '../../test/fake-bff.ts';
import {
  apiActivityAtom,
  downloadStartedAtom,
  sessionAtom,
  sessionDeadlinesAtom,
  sessionEndedAtom,
  sessionExtendedAtom,
  signedInAtom,
  signedOutAtom,
} from './session.ts';

const MINUTE = 60_000;
const NOW = Date.parse('2025-11-21T10:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the session atoms', () => {
  it('start signed out', () => {
    const store = createStore();
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionDeadlinesAtom)).toBeNull();
  });

  it('take the session at sign-in and time it from the BFF’s fields', () => {
    const store = createStore();
    store.set(signedInAtom, SESSION);
    expect(store.get(sessionAtom)).toEqual(SESSION);
    // SESSION: 30 minutes idle, the absolute end 7.5 hours after the idle end.
    expect(store.get(sessionDeadlinesAtom)).toEqual({
      idleMs: 30 * MINUTE,
      expiresAt: NOW + 30 * MINUTE,
      absoluteExpiresAt: NOW + 480 * MINUTE,
    });
  });

  it('restart the idle period after a call, and give 30 minutes after a download', () => {
    const store = createStore();
    store.set(signedInAtom, { ...SESSION, idleTimeoutSeconds: 600, expiresAt: '2025-11-21T10:10:00Z' });
    vi.setSystemTime(NOW + 5 * MINUTE);
    store.set(apiActivityAtom);
    expect(store.get(sessionDeadlinesAtom)?.expiresAt).toBe(NOW + 15 * MINUTE);
    store.set(downloadStartedAtom);
    expect(store.get(sessionDeadlinesAtom)?.expiresAt).toBe(NOW + 35 * MINUTE);
  });

  it('take the extended session’s deadlines', () => {
    const store = createStore();
    store.set(signedInAtom, SESSION);
    vi.setSystemTime(NOW + 29 * MINUTE);
    store.set(sessionExtendedAtom, SESSION);
    expect(store.get(sessionDeadlinesAtom)?.expiresAt).toBe(NOW + 59 * MINUTE);
  });

  it.each([
    ['signed out', signedOutAtom],
    ['ended', sessionEndedAtom],
  ])('forget the session when %s', (_name, action) => {
    const store = createStore();
    store.set(signedInAtom, SESSION);
    store.set(action);
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionDeadlinesAtom)).toBeNull();
    // Nothing to time any more: activity and downloads change nothing.
    store.set(apiActivityAtom);
    store.set(downloadStartedAtom);
    expect(store.get(sessionDeadlinesAtom)).toBeNull();
  });
});
