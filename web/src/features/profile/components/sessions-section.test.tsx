import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toasts } from '../../../components/ui/toast.tsx';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { lastSeenText, SESSIONS_TEXT, SessionsSection } from './sessions-section.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const THIS = {
  current: true,
  impersonation: false,
  browser: 'Chrome on Windows',
  network: '203.0.113.0/24',
  createdAt: '2025-11-21T08:02:11Z',
  lastSeenAt: '2025-11-21T10:31:40Z',
};
const PHONE = { ...THIS, current: false, browser: 'Safari on iOS', network: '2001:db8:abcd::/48', lastSeenAt: '2025-11-21T07:12:55Z' };
const SUPPORT = { ...THIS, current: false, impersonation: true, browser: 'Firefox on macOS', network: '198.51.100.0/24' };

afterEach(() => {
  fetchMock.mockReset();
  toasts.clear();
});

const renderSection = () =>
  render(
    <>
      <SessionsSection />
      <Toaster />
    </>,
  );
const rows = async () => within(await screen.findByRole('list', { name: 'Signed-in sessions' })).getAllByRole('listitem');

describe("Where you're signed in", () => {
  it('lists each session with its browser, network and last activity, this device and support marked', async () => {
    serve(fetchMock, { 'GET /api/profile/sessions': [json({ items: [THIS, PHONE, SUPPORT] })] });
    renderSection();
    const [first, second, third] = await rows();
    expect(first?.textContent).toContain('Chrome on Windows');
    expect(first?.textContent).toContain(SESSIONS_TEXT.thisDevice);
    expect(first?.textContent).toContain('203.0.113.0/24 · Active now');
    expect(second?.textContent).toContain('Safari on iOS');
    expect(second?.textContent).toContain('2001:db8:abcd::/48');
    expect(second?.textContent).not.toContain(SESSIONS_TEXT.thisDevice);
    expect(third?.textContent).toContain(SESSIONS_TEXT.support);
  });

  it('signs out of all other sessions after a confirmation, and says so', async () => {
    const calls = serve(fetchMock, {
      'GET /api/profile/sessions': [json({ items: [THIS, PHONE] })],
      'POST /api/profile/sessions/sign-outs': [json({ items: [THIS] })],
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: SESSIONS_TEXT.signOutOthers }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(SESSIONS_TEXT.confirm);
    await user.click(within(dialog).getByRole('button', { name: SESSIONS_TEXT.confirmButton }));
    expect(await screen.findByText(SESSIONS_TEXT.signedOut)).toBeTruthy();
    expect(await rows()).toHaveLength(1);
    expect(screen.getByText(SESSIONS_TEXT.onlyThis)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SESSIONS_TEXT.signOutOthers })).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.csrf).toBe('1');
  });

  it('signs nothing out when the question is cancelled', async () => {
    const calls = serve(fetchMock, { 'GET /api/profile/sessions': [json({ items: [THIS, PHONE] })] });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: SESSIONS_TEXT.signOutOthers }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(await rows()).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a failed sign-out as its problem', async () => {
    serve(fetchMock, {
      'GET /api/profile/sessions': [json({ items: [THIS, PHONE] })],
      'POST /api/profile/sessions/sign-outs': [problem(503, 'dependency_unavailable', 'The service is unavailable.')],
    });
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: SESSIONS_TEXT.signOutOthers }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: SESSIONS_TEXT.confirmButton }));
    expect(await screen.findByText('The service is unavailable.')).toBeTruthy();
    expect(await rows()).toHaveLength(2);
  });
});

describe('lastSeenText', () => {
  const now = Date.parse('2025-11-21T12:00:00Z');
  it.each([
    ['2025-11-21T11:59:30Z', 'Active now'],
    ['2025-11-21T11:55:00Z', 'Active 5 minutes ago'],
    ['2025-11-21T09:00:00Z', 'Active 3 hours ago'],
    ['2025-11-20T11:00:00Z', 'Active yesterday'],
  ])('says %s as %s', (iso, text) => {
    expect(lastSeenText(iso, now)).toBe(text);
  });
});
