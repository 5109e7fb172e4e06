import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, serve } from '../test/fake-bff.ts';
import { api } from './api-client.ts';
import { onApiActivity, onSessionEnded } from './session/session-events.ts';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
const ENDED = 'Your session has ended. Please log in again.';

afterEach(() => {
  fetchMock.mockReset();
});

function listen() {
  const seen = { ended: 0, activity: 0 };
  const stops = [onSessionEnded(() => seen.ended++), onApiActivity(() => seen.activity++)];
  return {
    seen,
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

describe('the typed client', () => {
  it('sends the CSRF header on every call', async () => {
    const calls = serve(fetchMock, { 'POST /api/messages/acknowledgements': [json({ acknowledged: true })] });
    await api.POST('/api/messages/acknowledgements');
    expect(calls[0]?.csrf).toBe('1');
  });

  it("reports a session that ended (401 session_ended) and every successful call's activity", async () => {
    serve(fetchMock, {
      'GET /api/dashboard': [problem(401, 'session_ended', ENDED)],
      'GET /api/messages': [json({ items: [], newCount: 0 })],
    });
    const { seen, stop } = listen();
    await api.GET('/api/dashboard');
    await api.GET('/api/messages');
    stop();
    expect(seen).toEqual({ ended: 1, activity: 1 });
  });

  it('does not count the background poll for updates as activity: an idle coach is still logged out', async () => {
    serve(fetchMock, { 'GET /api/updates': [json({ version: '1', cursor: 'c1', intervalSeconds: 120, changes: [] })] });
    const { seen, stop } = listen();
    const { data } = await api.GET('/api/updates');
    stop();
    expect(data?.cursor).toBe('c1');
    expect(seen).toEqual({ ended: 0, activity: 0 });
  });

  it('takes a 401 to the session probe as "not signed in", not as a session that ended', async () => {
    serve(fetchMock, { 'GET /api/session': [problem(401, 'session_ended', ENDED)] });
    const { seen, stop } = listen();
    const { data } = await api.GET('/api/session');
    stop();
    expect(data).toBeUndefined();
    expect(seen).toEqual({ ended: 0, activity: 0 });
  });
});
