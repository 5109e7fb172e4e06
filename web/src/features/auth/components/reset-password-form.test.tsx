import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { RESET_EMAIL_TEXT, ResetPasswordForm } from './reset-password-form.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const STRONG = 'q7#Vx!m2Lp9z';
const UPDATE_FAILED = 'Update failed - there is an issue with the new password - please check and fix.';

function renderReset(path = '/resetpassword?code=8f14e45fceea167a') {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <ResetPasswordForm />
    </Router>,
  );
  return location;
}

beforeEach(() => {
  fetchMock.mockReset();
});

describe('reset password page', () => {
  it('shows the live messages as the visitor types', async () => {
    renderReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), STRONG);
    await screen.findByText('Password secure');
    await user.type(screen.getByLabelText('Confirm Password'), 'q7#V');
    expect(screen.getByText("Passwords don't yet match")).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm Password'), 'x!m2Lp9z');
    expect(screen.getByText('Passwords match')).toBeTruthy();
  });

  it('refuses a weak password without calling the BFF', async () => {
    serve(fetchMock, {});
    renderReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'Password12');
    await user.type(screen.getByLabelText('Confirm Password'), 'Password12');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UPDATE_FAILED);
    expect(screen.queryByText('Password secure')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the failure alert away as soon as the visitor edits a field', async () => {
    serve(fetchMock, {});
    renderReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'Password12');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UPDATE_FAILED);
    await user.type(screen.getByLabelText('New Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Confirm Password'), 'P');
    expect(screen.queryByRole('alert')).toBeNull();

    // Made strong and confirmed: the page says so, and no failure is left beside it.
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), STRONG);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), STRONG);
    expect(screen.getByText('Password secure')).toBeTruthy();
    expect(screen.getByText('Passwords match')).toBeTruthy();
    expect(screen.queryByText(UPDATE_FAILED)).toBeNull();
  });

  it('accepts a passphrase of 20 characters and goes to login with the success message', async () => {
    const calls = serve(fetchMock, {
      'POST /api/password/reset': [json({ message: 'Your password was successfully reset. You can now log into the coach portal.' })],
    });
    const location = renderReset();
    const user = userEvent.setup();
    const passphrase = 'quiet river at dawn again';
    await user.type(screen.getByLabelText('New Password'), passphrase);
    await user.type(screen.getByLabelText('Confirm Password'), passphrase);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(calls[0]).toMatchObject({
      path: '/api/password/reset',
      body: { code: '8f14e45fceea167a', newPassword: passphrase, confirmPassword: passphrase },
      csrf: '1',
    });
  });

  it("sends the account's e-mail address when given, for the BFF to sign the account out everywhere", async () => {
    const calls = serve(fetchMock, {
      'POST /api/password/reset': [json({ message: 'Your password was successfully reset. You can now log into the coach portal.' })],
    });
    const location = renderReset();
    const user = userEvent.setup();
    const passphrase = 'quiet river at dawn again';
    await user.type(screen.getByLabelText(RESET_EMAIL_TEXT.label), ' demo@coachportal.test ');
    await user.type(screen.getByLabelText('New Password'), passphrase);
    await user.type(screen.getByLabelText('Confirm Password'), passphrase);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(calls[0]?.body).toEqual({
      code: '8f14e45fceea167a',
      newPassword: passphrase,
      confirmPassword: passphrase,
      email: 'demo@coachportal.test',
    });
  });

  it('sends the visitor to login when the server refuses the code', async () => {
    serve(fetchMock, { 'POST /api/password/reset': [problem(400, 'reset_failed', 'The reset link is invalid or has expired.')] });
    const location = renderReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), STRONG);
    await user.type(screen.getByLabelText('Confirm Password'), STRONG);
    await screen.findByText('Password secure');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
  });

  it('says so when the link has no code', () => {
    renderReset('/resetpassword');
    expect(screen.getByRole('alert').textContent).toContain('This reset link is incomplete');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
