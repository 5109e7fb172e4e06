import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { sessionAtom } from '../../../lib/session/session.ts';
import { json, problem, SESSION, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { SessionCheck } from './session-check.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

function renderCheck() {
  const location = memoryLocation({ path: '/sessioncheck', record: true });
  const store = createStore();
  render(
    <Provider store={store}>
      <Router hook={location.hook}>
        <SessionCheck />
      </Router>
    </Provider>,
  );
  return { location, store };
}

beforeEach(() => {
  fetchMock.mockReset();
});

describe('session check page', () => {
  it('starts the impersonated session and goes to the dashboard', async () => {
    const impersonated = { ...SESSION, roles: { ...SESSION.roles, impersonator: true } };
    const calls = serve(fetchMock, { 'POST /api/session/impersonation': [json(impersonated)] });
    const { location, store } = renderCheck();
    expect(screen.getByRole('status').textContent).toBe('Checking for valid session...');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(store.get(sessionAtom)?.roles.impersonator).toBe(true);
    expect(calls[0]?.csrf).toBe('1');
  });

  it('sends a visitor whose session the server does not allow to the login page, without an invented message', async () => {
    serve(fetchMock, {
      'POST /api/session/impersonation': [problem(401, 'session_not_allowed', 'Your session has ended. Please log in again.')],
    });
    const { location } = renderCheck();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Checking for valid session...');
  });

  it('explains any other failure and links to the login page', async () => {
    serve(fetchMock, {
      'POST /api/session/impersonation': [problem(502, 'upstream_error', 'The portal could not be reached. Please try again later.')],
    });
    const { location } = renderCheck();
    expect((await screen.findByRole('alert')).textContent).toBe('The portal could not be reached. Please try again later.');
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe('/login');
    expect(location.history?.at(-1)).toBe('/sessioncheck');
  });
});
