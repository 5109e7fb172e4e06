import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ASSISTANT_WARNING } from '../features/coach-shell/components/session-banner.tsx';
import { useRequestTeamReport } from '../features/teams/api/request-team-report.ts';
import { api } from '../lib/api-client.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { type Session, sessionAtom, signedInAtom } from '../lib/session/session.ts';
import { SESSION } from '../test/fake-bff.ts';
import { render } from '../test/render.tsx';
import { CoachFrame } from './coach-frame.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const MINUTE = 60_000;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let policyChecks = 0;

function serve(answers: Record<string, Response[]>): string[] {
  const calls: string[] = [];
  policyChecks = 0;
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const key = `${request.method} ${new URL(request.url).pathname}`;
    // The policies check the layout makes on opening (no policy waits here; policies-gate.test.tsx covers it).
    if (key === 'GET /api/policies/alert') {
      policyChecks += 1;
      return json({ policyAlert: false, overdue: false, earliestDueAt: null });
    }
    // The layout's poll for updates (nothing changes here; use-updates.test.tsx covers it).
    if (key === 'GET /api/updates') return json({ version: '1', cursor: 'c1', intervalSeconds: 120, changes: [] });
    calls.push(key);
    const answer = answers[key]?.shift();
    if (!answer) throw new Error(`unexpected call ${key}`);
    return answer;
  });
  return calls;
}

/** The layout as the coach area renders it: the session comes from the atom. */
function Shell({ content = <TitledContent /> }: { content?: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  return session ? <CoachFrame session={session}>{content}</CoachFrame> : <p>signed out</p>;
}

function TitledContent() {
  usePageTitle('Some Screen');
  return <>content</>;
}

/** A screen that charges the coach: the team page's Request Report. */
function RequestsTeamReport() {
  const request = useRequestTeamReport(TEAM_ID);
  const send = () => request.mutate({ params: { path: { teamId: TEAM_ID } }, body: { reportType: 'Ennea', dueDate: '2999-12-31' } });
  return (
    <button type="button" onClick={send}>
      {request.isSuccess ? 'Requested' : 'Request Report'}
    </button>
  );
}
const TEAM_ID = '7ea70000-0000-4000-8000-000000000001';

function renderShell(session: Session = SESSION, content?: ReactNode) {
  const location = memoryLocation({ path: '/dashboard', record: true });
  const store = createStore();
  store.set(signedInAtom, session);
  const rendered = render(
    <Provider store={store}>
      <Router hook={location.hook}>
        <Shell content={content} />
      </Router>
    </Provider>,
  );
  return { location, store, unmount: rendered.unmount };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** The layout's policies check on opening is a successful call, which restarts the idle period: let it land first. */
async function afterStartup(): Promise<void> {
  await waitFor(() => expect(policyChecks).toBe(1));
  await advance(0);
}

beforeEach(() => {
  fetchMock.mockReset();
  // Time moves on by itself too, so that waitFor and the fetch answers settle.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session timing in the coach layout', () => {
  it('warns one minute before expiry; Continue extends the session', async () => {
    const calls = serve({ 'POST /api/session/extend': [json(SESSION)] });
    renderShell();
    await afterStartup();
    await advance(29 * MINUTE - 5000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(5000);
    screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual(['POST /api/session/extend']);
    // The new session starts a new idle period.
    await advance(28 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('logs out from the warning and goes to the login page', async () => {
    const calls = serve({ 'DELETE /api/session': [json({ redirectTo: '/coachportal/login' })] });
    const { location } = renderShell();
    await afterStartup();
    await advance(29.5 * MINUTE);
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(calls).toEqual(['DELETE /api/session']);
    // A logout the coach chose needs no notice.
    expect(location.state).toBeNull();
  });

  it('logs out by itself at expiry', async () => {
    const calls = serve({ 'DELETE /api/session': [json({ redirectTo: '/coachportal/login' })] });
    const { location, store } = renderShell();
    await afterStartup();
    await advance(30 * MINUTE);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(calls).toEqual(['DELETE /api/session']);
    expect(store.get(sessionAtom)).toBeNull();
    // The login page is told why the coach is there.
    expect(location.state).toEqual({ loginNotice: { tone: 'info', text: 'Your session has ended. Please log in again.' } });
  });

  it('starts the idle period again after any successful call', async () => {
    serve({ 'GET /api/dashboard': [json({})] });
    renderShell();
    await afterStartup();
    await advance(20 * MINUTE);
    await act(async () => {
      await api.GET('/api/dashboard');
    });
    await advance(20 * MINUTE);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(9 * MINUTE);
    screen.getByRole('alertdialog', { name: 'Your session is about to end' });
  });
});

describe('session notices in the coach layout', () => {
  it('offers a refresh when a newer portal is deployed', () => {
    serve({});
    renderShell({ ...SESSION, portalVersion: '20991231t000000' });
    expect(screen.getByText(/A new version of the coach portal is available/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refresh the page' })).toBeTruthy();
  });

  it('shows nothing of the kind for the running version', () => {
    serve({});
    renderShell();
    expect(screen.queryByText(/A new version/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Return to Coaches' })).toBeNull();
  });

  it('marks an impersonated session with Return to Coaches, and an assisted one with the assistant', () => {
    serve({});
    renderShell({ ...SESSION, roles: { impersonator: true, assisted: false, assistant: null } });
    expect(screen.getByRole('note', { name: 'Impersonation' }).textContent).toContain('as an administrator');
    expect(screen.getByRole('button', { name: 'Return to Coaches' })).toBeTruthy();
  });

  it("shows the screen's title in the top bar and the document title", async () => {
    serve({});
    renderShell();
    await waitFor(() => expect(document.querySelector('.coach-layout__title')?.textContent).toBe('Some Screen'));
    expect(document.title).toBe('Some Screen | Coach Portal');
  });

  it('shows the token balance in a green circle, orange when negative, and none to an assistant', () => {
    serve({});
    const { unmount } = renderShell(SESSION);
    const held = screen.getByRole('img', { name: 'Balance: 42 credits' });
    expect(held.className).toContain('balance-circle--held');
    unmount();
    const second = renderShell({ ...SESSION, coach: { ...SESSION.coach, tokenBalance: -3 } });
    expect(screen.getByRole('img', { name: /^Balance: -3 credits/ }).className).toContain('balance-circle--deficit');
    second.unmount();
    renderShell({
      ...SESSION,
      roles: { impersonator: false, assisted: true, assistant: { name: 'Lerato', email: 'assistant@coachportal.test' } },
    });
    expect(screen.queryByRole('img', { name: /^Balance/ })).toBeNull();
  });

  it('shows the balance the BFF holds after a charge, without a reload', async () => {
    const calls = serve({
      'POST /api/teams/7ea70000-0000-4000-8000-000000000001/report-request': [
        json({ reportReady: false, reportRequestedDisplay: 'Enneagram', leaderCount: 1 }),
      ],
      'GET /api/session': [json({ ...SESSION, coach: { ...SESSION.coach, tokenBalance: 40 } })],
    });
    renderShell(SESSION, <RequestsTeamReport />);
    await afterStartup();
    screen.getByRole('img', { name: 'Balance: 42 credits' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Request Report' }));
    await screen.findByRole('img', { name: 'Balance: 40 credits' });
    expect(calls).toEqual(['POST /api/teams/7ea70000-0000-4000-8000-000000000001/report-request', 'GET /api/session']);
  });

  it('names the assistant at the keyboard', () => {
    serve({});
    renderShell({
      ...SESSION,
      roles: { impersonator: false, assisted: true, assistant: { name: 'Lerato', email: 'assistant@coachportal.test' } },
    });
    const banner = screen.getByRole('note', { name: 'Assistant' }).textContent;
    expect(banner).toContain('Lerato is signed in as assistant of Amara Botha');
    // spec coach-shell §2.3, §6: warned of the financial implications and the sensitive data.
    expect(banner).toContain(ASSISTANT_WARNING);
    expect(ASSISTANT_WARNING).toMatch(/financial implications/);
    expect(ASSISTANT_WARNING).toMatch(/sensitive/);
  });
});

describe('the side drawer', () => {
  it('is a navigation landmark with the current screen marked, the profile link and Log Out', () => {
    serve({});
    renderShell({ ...SESSION, roles: { impersonator: false, assisted: true, assistant: { name: 'Lerato', email: 'a@coachportal.test' } } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Email Templates' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Assessments' })).toBeNull();
    expect(within(nav).getByRole('link', { name: /^Messages New\s*: unread messages$/ })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Amara Botha\s*Assistant\s*: profile$/ }).getAttribute('href')).toBe('/profile');
  });

  it("shows the coach's photo in the profile link's avatar, the initials without one", () => {
    serve({});
    const { unmount } = renderShell();
    const link = screen.getByRole('link', { name: /: profile$/ });
    expect(link.querySelector('img')).toBeNull();
    expect(link.textContent).toContain('AB');
    unmount();
    renderShell({ ...SESSION, coach: { ...SESSION.coach, photoUrl: '/api/profile/photo?v=abc' } });
    const photo = screen.getByRole('link', { name: /: profile$/ }).querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/api/profile/photo?v=abc');
    expect(photo?.getAttribute('alt')).toBe('');
  });

  it('opens from the Menu toggle, closes with Esc and gives the focus back', async () => {
    serve({});
    renderShell();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toContain('Amara Botha');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('logs out from the drawer', async () => {
    const calls = serve({ 'DELETE /api/session': [json({ redirectTo: '/coachportal/login' })] });
    const { location, store } = renderShell();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(calls).toEqual(['DELETE /api/session']);
    expect(store.get(sessionAtom)).toBeNull();
  });
});
