import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { details, summaryOf } from '../features/assessments/actions/shared/send-test-data.ts';
import { FindAnythingLauncher } from '../features/coach-shell/components/find-anything-launcher.tsx';
import type { SearchResults } from '../features/find-anything/api/search-portal.ts';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';
import type { Session } from '../lib/session/session.ts';
import { SESSION } from '../test/fake-bff.ts';
import { assessmentRow, clientId, teamRow } from '../test/fixtures.ts';
import { render } from '../test/render.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const FindAnything = lazyWithPreload(() => import('./find-anything.tsx'));

const ANIKA = assessmentRow(1, 'Anika Novák', { clientEmail: 'anika.novak@karoo.example' });
const NOTHING = {
  clients: [],
  assessments: [],
  teams: [],
  pairs: [],
  more: { clients: false, assessments: false, teams: false, pairs: false },
};

function results(q: string, extra: Partial<SearchResults> = {}): SearchResults {
  return {
    q,
    ...NOTHING,
    clients: [
      {
        id: clientId(1),
        name: 'Anika',
        surname: 'Novák',
        email: 'anika.novak@karoo.example',
        company: 'Karoo Logistics',
        createdAt: '2025-09-01T08:15:00Z',
        assessmentCount: 1,
      },
    ],
    assessments: [ANIKA],
    teams: [teamRow(1, 'Novak Family Office')],
    ...extra,
  };
}

interface Seen {
  searches: string[];
  posts: { path: string; body: unknown }[];
}

/** The fake BFF: each search answered by `answer` (its `q` as asked, unless the answer says otherwise). */
function fakeBff(answer: (q: string) => SearchResults | Response = (q) => results(q)): Seen {
  const seen: Seen = { searches: [], posts: [] };
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/api/search') {
      const q = url.searchParams.get('q') ?? '';
      seen.searches.push(q);
      const answered = answer(q);
      return answered instanceof Response ? answered : jsonAnswer(answered);
    }
    if (request.method === 'POST' && url.pathname === '/api/assessments/selection-summaries') {
      const body = await request.json();
      seen.posts.push({ path: url.pathname, body });
      return jsonAnswer(summaryOf([details(1, 'Anika Novák')]));
    }
    throw new Error(`unexpected call ${request.method} ${url.pathname}`);
  });
  return seen;
}

const jsonAnswer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderLauncher(session: Session = SESSION) {
  const location = memoryLocation({ path: '/dashboard', record: true });
  const onLogOut = vi.fn();
  render(
    <Router hook={location.hook}>
      <FindAnythingLauncher session={session} onLogOut={onLogOut} FindAnything={FindAnything} />
    </Router>,
  );
  return { location, onLogOut, user: userEvent.setup() };
}

const palette = () => screen.findByRole('dialog', { name: 'Find anything' });
const field = () => screen.getByRole('combobox', { name: 'Find clients, assessments, teams, pairs and screens' });
/** The text arrives as one change (pasted): one search, whatever the machine's speed. */
async function typeAll(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(field());
  await user.paste(text);
}
const optionNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the find-anything palette', () => {
  it('opens with Ctrl+K, with ⌘K and with the top bar button, and closes with Esc', async () => {
    fakeBff();
    const { user } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.keyboard('{Meta>}k{/Meta}');
    await palette();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Find anything' }));
    await palette();
    expect(screen.getByRole('button', { name: 'Find anything' }).getAttribute('aria-keyshortcuts')).toBe('Control+K Meta+K');
  });

  it('groups the records as the BFF ranked them under headings, the match marked, then the screens and actions', async () => {
    const seen = fakeBff();
    const { user } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'nov');
    const clients = await screen.findByRole('group', { name: 'Clients' });
    expect(optionNames(clients)).toEqual(['Anika Novák, anika.novak@karoo.example · Karoo Logistics']);
    expect([...clients.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Nov', 'nov']);
    const assessments = screen.getByRole('group', { name: 'Assessments' });
    expect(within(assessments).getByRole('option').textContent).toContain('Anika Novák · Enneagram');
    expect(screen.getByRole('group', { name: 'Teams' }).querySelector('mark')?.textContent).toBe('Nov');
    expect(screen.queryByRole('group', { name: 'Pairs' })).toBeNull();
    expect(seen.searches.at(-1)).toBe('nov');
  });

  it('drops an answer that says it answers another search', async () => {
    fakeBff((q) => results(q === 'novak' ? 'nova' : q));
    const { user } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'novak');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect((await screen.findByRole('status')).textContent).toBe('Searching…');
    expect(screen.queryByRole('group', { name: 'Clients' })).toBeNull();
  });

  it('opens a client’s page, an assessment in its table (searched, selected) and a team’s page with Enter', async () => {
    fakeBff();
    const { user, location } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'nov');
    await screen.findByRole('group', { name: 'Clients' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/clighent/${clientId(1)}`));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'nov');
    await screen.findByRole('group', { name: 'Assessments' });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/assessments?q=anika.novak%40karoo.example&select=${ANIKA.id}`));

    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'nov');
    await user.click(within(await screen.findByRole('group', { name: 'Teams' })).getByRole('option'));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/team?id=${teamRow(1, '').id}`));
  });

  it('starts Send Invites/Reminders on an assessment with the assessments table’s own dialog', async () => {
    const seen = fakeBff();
    const { user } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'nov');
    await screen.findByRole('group', { name: 'Assessments' });
    await user.keyboard('{ArrowDown}');
    // A screen reader hears the way to its actions.
    expect(await screen.findByText('Press Tab for the actions of this assessment.')).toBeTruthy();
    await user.keyboard('{Tab}');
    const actions = await screen.findByRole('listbox', { name: 'Actions for Anika Novák' });
    expect(
      within(actions)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Open in Assessments', 'Send Invites/Reminders', 'Send Reports', 'Copy Assessment Link', 'Download Reports']);
    await user.type(field(), 'invi');
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await waitFor(() =>
      expect(seen.posts).toEqual([{ path: '/api/assessments/selection-summaries', body: expect.objectContaining({ ids: [ANIKA.id] }) }]),
    );
    expect(screen.queryByRole('dialog', { name: 'Find anything' })).toBeNull();
  });

  it('offers Send Invites/Reminders only on an assessment whose permissions allow it', async () => {
    const done = assessmentRow(2, 'Anika Novák', {
      completedAt: '2025-09-03T10:41:37Z',
      permissions: { canEdit: true, canDelete: false, canWrap: true, canAssignSco: true, canInvite: false },
    });
    fakeBff((q) => results(q, { clients: [], teams: [], assessments: [done] }));
    const { user } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'nov');
    await screen.findByRole('group', { name: 'Assessments' });
    await user.keyboard('{Tab}');
    const actions = await screen.findByRole('listbox', { name: 'Actions for Anika Novák' });
    const invite = within(actions).getByRole('option', { name: /Send Invites\/Reminders/ });
    expect(invite.getAttribute('aria-disabled')).toBe('true');
    expect(invite.textContent).toContain('Completed: no invite or reminder to send.');
    // Esc goes back to the results, the search as it was.
    await user.keyboard('{Escape}');
    await screen.findByRole('group', { name: 'Assessments' });
    expect((field() as HTMLInputElement).value).toBe('nov');
  });

  it('opens an assessment’s actions from its Actions chip, the assessment not opened, and goes back with the arrow', async () => {
    fakeBff();
    const { user, location } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    await typeAll(user, 'nov');
    const option = within(await screen.findByRole('group', { name: 'Assessments' })).getByRole('option');
    // Part of the option's picture for the pointer, no control inside the option.
    expect(within(option).queryByRole('button')).toBeNull();
    await user.click(within(option).getByText('Actions'));
    const actions = await screen.findByRole('listbox', { name: 'Actions for Anika Novák' });
    expect(within(actions).getAllByRole('option')[0]?.textContent).toBe('Open in Assessments');
    expect(location.history?.at(-1)).toBe('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Back to the results' }));
    await screen.findByRole('group', { name: 'Assessments' });
    expect((field() as HTMLInputElement).value).toBe('nov');
  });

  it('lists the screens and actions of the role’s drawer only: an assistant finds no hidden area', async () => {
    fakeBff((q) => ({ q, ...NOTHING }));
    const assistant: Session = {
      ...SESSION,
      roles: { impersonator: false, assisted: true, assistant: { name: 'Lerato Dube', email: 'lerato@example.com' } },
    };
    const { user } = renderLauncher(assistant);
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    const screens = await screen.findByRole('group', { name: 'Screens' });
    const names = optionNames(screens);
    expect(names).toContain('Dashboard');
    expect(names).toContain('Email Templates');
    for (const hidden of ['Assessments', 'Teams', 'Pairs', 'Balance', 'Clients']) expect(names).not.toContain(hidden);
    expect(optionNames(screen.getByRole('group', { name: 'Actions' }))).toEqual(['Add New Client', 'Leave A Message', 'Log Out']);
    await typeAll(user, 'team');
    expect(await screen.findByText('Nothing matches “team”.')).toBeTruthy();
  });

  it('runs the shell’s actions: Log Out', async () => {
    fakeBff((q) => ({ q, ...NOTHING }));
    const { user, onLogOut } = renderLauncher();
    await user.keyboard('{Control>}k{/Control}');
    await palette();
    // Typed forward (not pasted): the first match takes the keyboard as the text changes.
    await user.type(field(), 'log');
    await screen.findByRole('group', { name: 'Actions' });
    await act(() => user.keyboard('{Enter}'));
    await waitFor(() => expect(onLogOut).toHaveBeenCalledTimes(1));
  });
});
