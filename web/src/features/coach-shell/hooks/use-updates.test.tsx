import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { components } from '../../../../../generated/bff.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';
import { signedInAtom } from '../../../lib/session/session.ts';
import { json, SESSION } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { CoachLayout } from '../components/coach-layout.tsx';
import type { CoachShellParts } from '../components/coach-shell-parts.ts';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

type Updates = components['schemas']['Updates'];
type Update = components['schemas']['Update'];

const PARTS: CoachShellParts = {
  PoliciesGate: () => null,
  LeaveMessageDialog: () => null,
  FindAnything: Object.assign(() => null, { preload: () => undefined }),
};
const SECOND = 1000;

const updates = (version: string, cursor: string, changes: Update[] = [], intervalSeconds = 15): Updates => ({
  version,
  cursor,
  intervalSeconds,
  changes,
});
const completed = (id: string, name: string): Update => ({
  id,
  kind: 'assessmentCompleted',
  text: `${name} completed the Enneagram`,
  link: `/clighent/c1e00000-0000-4000-8000-00000000000${id.slice(-1)}`,
  at: '2026-11-27T02:00:00Z',
  assessmentId: `a55e0000-0000-4000-8000-00000000000${id.slice(-1)}`,
});
const teamReport: Update = {
  id: 'u-team',
  kind: 'teamReportAvailable',
  text: 'The team report for Sales Team North is available',
  link: '/team?id=7ea70000-0000-4000-8000-000000000001',
  at: '2026-11-27T02:00:00Z',
  teamId: '7ea70000-0000-4000-8000-000000000001',
};

/** What the fake BFF saw: every getUpdates call's `after` (null without one), and the other calls by path. */
interface Seen {
  afters: (string | null)[];
  others: string[];
}

/** Answers getUpdates in order (the last answer again once they run out) and the session as it is. */
function serveUpdates(...answers: Updates[]): Seen {
  const seen: Seen = { afters: [], others: [] };
  fetchMock.mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    if (url.pathname === '/api/updates') {
      seen.afters.push(url.searchParams.get('after'));
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      return json(answer);
    }
    seen.others.push(url.pathname);
    if (url.pathname === '/api/session') return json(SESSION);
    throw new Error(`unexpected call ${url.pathname}`);
  });
  return seen;
}

const fetches = { '/api/assessments': 0, '/api/dashboard': 0 };

/** One of the coach's lists on screen: how many times it was fetched. */
function useShownList(path: keyof typeof fetches) {
  return useQuery({ queryKey: [...queryKeyOf(path), 'shown'], queryFn: () => (fetches[path] += 1) });
}

/** A screen showing two of the coach's lists. */
function ListsShown() {
  const assessments = useShownList('/api/assessments');
  const dashboard = useShownList('/api/dashboard');
  return (
    <p>
      assessments fetched {assessments.data}, dashboard fetched {dashboard.data}
    </p>
  );
}

function renderLayout(path = '/dashboard') {
  const location = memoryLocation({ path, record: true });
  const store = createStore();
  store.set(signedInAtom, SESSION);
  render(
    <Provider store={store}>
      <Router hook={location.hook}>
        <CoachLayout session={SESSION} parts={PARTS}>
          <ListsShown />
        </CoachLayout>
      </Router>
    </Provider>,
  );
  return location;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

const notices = () => within(screen.getByRole('log', { name: 'Updates' })).queryAllByRole('listitem');
const noticeTexts = () => notices().map((notice) => notice.querySelector('p')?.textContent);
const drawer = () => screen.getByRole('navigation', { name: 'Main' });
const assessmentsLink = () => within(drawer()).getByRole('link', { name: /^Assessments/ });

beforeEach(() => {
  fetchMock.mockReset();
  fetches['/api/assessments'] = 0;
  fetches['/api/dashboard'] = 0;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // The poll's interval and the cache's timers; time moves on by itself too, so that the answers settle.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('the coach area stays current (getUpdates)', () => {
  it('asks first without a cursor, then with the last answer’s, every intervalSeconds of the answer', async () => {
    const seen = serveUpdates(updates('1', 'c1'), updates('1', 'c2'), updates('1', 'c3'));
    renderLayout();
    await waitFor(() => expect(seen.afters).toEqual([null]));
    await advance(14 * SECOND);
    expect(seen.afters).toEqual([null]);
    await advance(1 * SECOND);
    await waitFor(() => expect(seen.afters).toEqual([null, 'c1']));
    await advance(15 * SECOND);
    await waitFor(() => expect(seen.afters).toEqual([null, 'c1', 'c2']));
  });

  it('asks nothing while the tab is hidden, and asks at once when it is visible again', async () => {
    const seen = serveUpdates(updates('1', 'c1'), updates('1', 'c2'));
    renderLayout();
    await waitFor(() => expect(seen.afters).toEqual([null]));
    setVisibility('hidden');
    await advance(60 * SECOND);
    expect(seen.afters).toEqual([null]);
    setVisibility('visible');
    await waitFor(() => expect(seen.afters).toEqual([null, 'c1']));
  });

  it('asks when the window gets the focus back', async () => {
    const seen = serveUpdates(updates('1', 'c1', [], 120), updates('1', 'c2', [], 120));
    renderLayout();
    await waitFor(() => expect(seen.afters).toEqual([null]));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(seen.afters).toEqual([null, 'c1']));
  });

  it('refetches the lists shown and the session when the version moves, not before', async () => {
    const seen = serveUpdates(updates('1', 'c1'), updates('1', 'c2'), updates('2', 'c3'));
    renderLayout();
    await waitFor(() => expect(seen.afters).toEqual([null]));
    await screen.findByText('assessments fetched 1, dashboard fetched 1');
    // The same version: nothing refetched.
    await advance(15 * SECOND);
    await waitFor(() => expect(seen.afters).toHaveLength(2));
    await advance(0);
    expect(screen.getByText('assessments fetched 1, dashboard fetched 1')).toBeTruthy();
    expect(seen.others).toEqual([]);
    // Another version: every list on screen, and the session behind the drawer's badges, are asked again.
    await advance(15 * SECOND);
    await screen.findByText('assessments fetched 2, dashboard fetched 2');
    expect(seen.others).toEqual(['/api/session']);
  });

  it('tells each change once, however often it is answered, with its link', async () => {
    const anika = completed('u-1', 'Anika Novák');
    const seen = serveUpdates(updates('1', 'c1'), updates('2', 'c2', [anika]), updates('3', 'c3', [anika, teamReport]));
    renderLayout();
    await waitFor(() => expect(seen.afters).toEqual([null]));
    expect(notices()).toHaveLength(0);
    await advance(15 * SECOND);
    await waitFor(() => expect(noticeTexts()).toEqual(['Anika Novák completed the Enneagram']));
    await advance(15 * SECOND);
    await waitFor(() =>
      expect(noticeTexts()).toEqual(['Anika Novák completed the Enneagram', 'The team report for Sales Team North is available']),
    );
    await advance(15 * SECOND);
    await waitFor(() => expect(seen.afters).toHaveLength(4));
    expect(noticeTexts()).toHaveLength(2);
    const view = within(notices()[0] as HTMLElement).getByRole('link', { name: 'View' });
    expect(view.getAttribute('href')).toBe('/clighent/c1e00000-0000-4000-8000-000000000001');
    // A notification never takes the focus.
    expect(document.activeElement).toBe(document.body);
  });

  it('dismisses a notification, and follows its link', async () => {
    const seen = serveUpdates(updates('1', 'c1'), updates('2', 'c2', [completed('u-1', 'Anika Novák'), completed('u-2', 'Bo Lind')]));
    const location = renderLayout();
    await waitFor(() => expect(seen.afters).toEqual([null]));
    await advance(15 * SECOND);
    await waitFor(() => expect(notices()).toHaveLength(2));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(notices()[0] as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(noticeTexts()).toEqual(['Bo Lind completed the Enneagram']);
    await user.click(within(notices()[0] as HTMLElement).getByRole('link', { name: 'View' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/clighent/c1e00000-0000-4000-8000-000000000002'));
    expect(notices()).toHaveLength(0);
  });

  it('counts the assessments’ changes on the drawer’s Assessments item until the coach opens it', async () => {
    const seen = serveUpdates(
      updates('1', 'c1'),
      updates('2', 'c2', [completed('u-1', 'Anika Novák'), teamReport]),
      updates('3', 'c3', [completed('u-2', 'Bo Lind')]),
    );
    const location = renderLayout();
    await waitFor(() => expect(seen.afters).toEqual([null]));
    expect(assessmentsLink().textContent).toBe('Assessments');
    await advance(15 * SECOND);
    // The team's report is not the Assessments screen's.
    await waitFor(() => expect(assessmentsLink().textContent).toBe('Assessments1: 1 update'));
    expect(assessmentsLink().querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('1');
    // Opened by any link (a dashboard tile), not only the drawer's.
    act(() => location.navigate('/assessments?filter=completeSendReport'));
    await waitFor(() => expect(assessmentsLink().textContent).toBe('Assessments'));
    // On the Assessments screen, a change that comes is counted too; opening the screen again from the drawer clears it.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await advance(15 * SECOND);
    await waitFor(() => expect(assessmentsLink().textContent).toBe('Assessments1: 1 update'));
    await user.click(assessmentsLink());
    await waitFor(() => expect(assessmentsLink().textContent).toBe('Assessments'));
  });
});
