import { act, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '../lib/api-client.ts';
import { sessionAtom, sessionDeadlinesAtom, signedInAtom } from '../lib/session/session.ts';
import { problem, SESSION, serve } from '../test/fake-bff.ts';
import { render } from '../test/render.tsx';
import { RootLayout } from './root-layout.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

describe('a session the BFF says has ended', () => {
  it('is cleared, with the cached server state, as the app goes to the login page', async () => {
    serve(fetchMock, { 'GET /api/dashboard': [problem(401, 'session_ended', 'Your session has ended. Please log in again.')] });
    const location = memoryLocation({ path: '/dashboard', record: true });
    const store = createStore();
    store.set(signedInAtom, SESSION);
    const { queryClient } = render(
      <Router hook={location.hook}>
        <RootLayout>page</RootLayout>
      </Router>,
      { store },
    );
    queryClient.setQueryData(['get', '/api/dashboard'], { greeting: SESSION.coach });
    await act(async () => {
      await api.GET('/api/dashboard');
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionDeadlinesAtom)).toBeNull();
    expect(queryClient.getQueryData(['get', '/api/dashboard'])).toBeUndefined();
  });

  it('tells the login page why, through the navigation state', async () => {
    serve(fetchMock, { 'GET /api/dashboard': [problem(401, 'session_ended', 'Your session has ended. Please log in again.')] });
    window.history.replaceState(null, '', '/dashboard');
    const store = createStore();
    store.set(signedInAtom, SESSION);
    render(
      <Router>
        <RootLayout>page</RootLayout>
      </Router>,
      { store },
    );
    await act(async () => {
      await api.GET('/api/dashboard');
    });
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.history.state).toEqual({ loginNotice: { tone: 'info', text: 'Your session has ended. Please log in again.' } });
  });
});
