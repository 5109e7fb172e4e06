import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { sessionAtom } from '../../../lib/session/session.ts';
import { json, problem, SESSION, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const NO_SESSION = () => problem(401, 'session_ended', 'Your session has ended. Please log in again.');

function renderLogin() {
  const location = memoryLocation({ path: '/login', record: true });
  const store = createStore();
  render(
    <Provider store={store}>
      <Router hook={location.hook}>
        <LoginForm />
      </Router>
    </Provider>,
  );
  return { location, store };
}

beforeEach(() => {
  fetchMock.mockReset();
});

describe('login page', () => {
  it('keeps Sign In disabled until email and password are entered, then signs in', async () => {
    const calls = serve(fetchMock, {
      'GET /api/session': [NO_SESSION()],
      'POST /api/session': [json({ outcome: 'signedIn', session: SESSION })],
    });
    const { location, store } = renderLogin();
    const user = userEvent.setup();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'demo@coachportal.test');
    expect(signIn.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'Demo-portal-2026!');
    expect(signIn.hasAttribute('disabled')).toBe(false);
    await user.click(signIn);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(store.get(sessionAtom)?.coach.name).toBe('Amara');
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ body: { email: 'demo@coachportal.test', password: 'Demo-portal-2026!' }, csrf: '1' });
  });

  it('asks for the authenticator code and sends it with the credentials', async () => {
    const calls = serve(fetchMock, {
      'GET /api/session': [NO_SESSION()],
      'POST /api/session': [
        json({ outcome: 'twoFactorRequired' }),
        problem(401, 'wrong_two_factor_code', 'Code incorrect - please try again.'),
        json({ outcome: 'signedIn', session: SESSION }),
      ],
    });
    const { location } = renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'twofactor@coachportal.test');
    await user.type(screen.getByLabelText('Password'), 'Demo-portal-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const code = await screen.findByRole('textbox', { name: 'Authenticator Code' });
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(true);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Code incorrect - please try again.');
    await user.clear(code);
    await user.type(code, '492817');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => (call.body as { twoFactorCode?: string }).twoFactorCode)).toEqual([
      undefined,
      '000000',
      '492817',
    ]);
  });

  it.each([
    ['bad credentials', problem(401, 'invalid_credentials', 'Please check if password and username are correct')],
    [
      'a blocked coach',
      problem(403, 'coach_blocked', 'You have been blocked. Please contact support@coachportal.test to get access to your account again.'),
    ],
    ['another server message', problem(401, 'login_refused', 'Your account has not been activated yet.')],
  ])('shows the message for %s as an alert', async (_, answer) => {
    const detail = ((await answer.clone().json()) as { detail: string }).detail;
    serve(fetchMock, { 'GET /api/session': [NO_SESSION()], 'POST /api/session': [answer] });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'someone@coachportal.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
  });

  it('refuses an e-mail that is not an address with the spec message, without sending it', async () => {
    const calls = serve(fetchMock, {
      'GET /api/session': [NO_SESSION()],
      // What such an address used to come back with from the legacy API: never to be shown.
      'POST /api/session': [
        problem(401, 'login_refused', 'body/email must match format "email"'),
        problem(401, 'invalid_credentials', 'Please check if password and username are correct'),
      ],
    });
    renderLogin();
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'coach@nodot');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check if password and username are correct');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // A real address is sent.
    await user.type(email, '.test');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { email: 'coach@nodot.test' } });
  });

  it('goes to the dashboard when a session exists', async () => {
    serve(fetchMock, { 'GET /api/session': [json(SESSION)] });
    const { location, store } = renderLogin();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(store.get(sessionAtom)?.coach.email).toBe('demo@coachportal.test');
  });
});

describe('reset link dialog', () => {
  it('opens from Forgot Password?, keeps Send disabled until the e-mail is valid, sends with Enter', async () => {
    const calls = serve(fetchMock, {
      'GET /api/session': [NO_SESSION()],
      'POST /api/password/forgot': [json({ message: 'A reset password link has been sent...' }, 202)],
    });
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password?' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    const send = within(dialog).getByRole('button', { name: 'Send Reset Link' });
    await user.type(email, 'demo@coachportal');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(email, '.test{Enter}');
    expect((await screen.findByRole('status')).textContent).toBe('A reset password link has been sent...');
    expect(dialog.isConnected).toBe(false);
    expect(calls.at(-1)).toMatchObject({ path: '/api/password/forgot', body: { email: 'demo@coachportal.test' }, csrf: '1' });
  });

  it('shows the failure inside the dialog and closes with Esc', async () => {
    serve(fetchMock, {
      'GET /api/session': [NO_SESSION()],
      'POST /api/password/forgot': [
        problem(
          400,
          'reset_link_not_sent',
          'There was an error with sending. Please check if the email address is correct, or try again later.',
        ),
      ],
    });
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New Account?' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Account?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nobody@coachportal.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There was an error with sending. Please check if the email address is correct, or try again later.',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
