import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '../../../components/ui/toast.tsx';
import { STORAGE_KEYS } from '../../../lib/local-storage.ts';
import type { Session } from '../../../lib/session/session.ts';
import { json, problem, SESSION, type SeenCall, serveLists } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';
import type { AssessmentRow, AssessmentView } from '../api/list-assessments.ts';
import { AssessmentsScreen } from './assessments-screen.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const id = (n: number) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Client n is called SURNAMES[n % 6]: Client1 Mokoena, Client2 Kovács, …, Client6 Novak.
const SURNAMES = ['Novak', 'Mokoena', 'Kovács', 'Horváthová', 'Dlamini', 'Hughes'];

function row(n: number, extra: Partial<AssessmentRow> = {}): AssessmentRow {
  return {
    id: id(n),
    clientId: `c1e00000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    clientName: `Client${n}`,
    clientSurname: SURNAMES[n % SURNAMES.length] ?? 'Doe',
    clientEmail: `client${n}@example.com`,
    company: 'Karoo Logistics',
    project: 'Leadership Programme 2025',
    assessmentType: 'ennea',
    language: 'english',
    tokenType: 'paid',
    createdAt: `2025-09-${String((n % 28) + 1).padStart(2, '0')}T08:15:00Z`,
    inviteState: n % 3 === 0 ? 'notInvited' : 'invited',
    markingState: 'notMarked',
    reportSent: false,
    reportsToAutoSend: [],
    wrapped: false,
    receivedFromAnotherCoach: n === 2,
    ...(n === 2 ? { fromCoach: { id: id(900), name: 'Lukas', surname: 'Novak' } } : {}),
    toCoaches: [],
    availableReports: { pdf: [], html: [], awaitingMarking: [] },
    permissions: { canEdit: true, canDelete: true, canWrap: true, canAssignSco: true, canInvite: true },
    ...extra,
  };
}

const ROWS = Array.from({ length: 60 }, (_, index) => row(index + 1));
// The newest, so first on page 1 in the default order.
ROWS[0] = row(1, {
  createdAt: '2025-10-01T08:00:00Z',
  ennea: { type: 5, trifix: '514', instinct: 'SP' },
  completedAt: '2025-09-03T10:41:37Z',
  registeredAt: '2025-09-03T10:02:11Z',
});

/**
 * A fake BFF with the list's semantics (filter, search, sort, page) over `rows`; `answers` take
 * precedence, in order, by "METHOD path".
 */
function fakeBff(rows: AssessmentRow[], answers: Record<string, Response[]> = {}, flags = { hasReceived: true, hasGiven: true }) {
  const matching = (query: URLSearchParams) => {
    const q = query.get('q')?.toLowerCase() ?? '';
    const filter = query.get('filter') ?? 'showAll';
    return rows.filter(
      (item) =>
        `${item.clientName} ${item.clientSurname}`.toLowerCase().includes(q) &&
        (filter === 'notInvitedYet' ? item.inviteState === 'notInvited' : filter === 'receivedScos' ? item.receivedFromAnotherCoach : true),
    );
  };
  const page = (query: URLSearchParams) => {
    const key = query.get('sort') === 'info' ? (item: AssessmentRow) => item.clientSurname : (item: AssessmentRow) => item.createdAt;
    const sorted = [...matching(query)].sort((a, b) => key(a).localeCompare(key(b)) * (query.get('order') === 'asc' ? 1 : -1));
    const number = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 50);
    return {
      items: sorted.slice((number - 1) * pageSize, number * pageSize),
      total: rows.length,
      filteredTotal: sorted.length,
      page: number,
      pageSize,
      ...flags,
    };
  };
  const ids = (query: URLSearchParams) => ({ ids: matching(query).map((item) => item.id) });
  return serveLists(fetchMock, { '/api/assessments': page, '/api/assessments/ids': ids }, answers);
}

const lists = (seen: SeenCall[]) => seen.filter((call) => call.method === 'GET' && call.path === '/api/assessments');
const lastList = (seen: SeenCall[]) => lists(seen).at(-1)?.query;

function renderScreen(path = '/assessments', { view = 'own', session = SESSION }: { view?: AssessmentView; session?: Session } = {}) {
  const memory = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AssessmentsScreen view={view} session={session} />
      <Toaster />
    </Router>,
  );
  const url = () => memory.history?.at(-1) ?? '';
  return { ...result, url, memory };
}

const rowCheckbox = (name: string) => {
  const cell = screen.getByRole('rowheader', { name: new RegExp(name) });
  const tableRow = cell.closest('[role="row"]') as HTMLElement;
  return within(tableRow).getByRole('checkbox');
};

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  fetchMock.mockReset();
});

/**
 * Holds the answer of the fake BFF's first select-all (`/api/assessments/ids`) until the returned function is called:
 * a select-all answered after what the test does meanwhile.
 */
function holdFirstSelectAll(): () => void {
  const answer = fetchMock.getMockImplementation() as typeof fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let heldOne = false;
  fetchMock.mockImplementation(async (input, init) => {
    const response = await answer(input, init);
    if (!heldOne && new URL((input as Request).url).pathname === '/api/assessments/ids') {
      heldOne = true;
      await held;
    }
    return response;
  });
  return () => release();
}

describe('the assessments table (spec assessments-and-clients §2.2)', () => {
  it('shows the desktop columns with From Coach, dates cut to YYYY-MM-DD, and the record count', async () => {
    fakeBff(ROWS);
    renderScreen();
    await screen.findByRole('rowheader', { name: /Client1 Mokoena/ });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers.slice(1)).toEqual([
      'Info',
      'Company',
      'Project',
      'Ennea Results',
      'Maturity Results',
      'Assessment',
      'Lang',
      'Created',
      'Registered',
      'Completed',
      'From Coach',
    ]);
    const first = screen.getByRole('rowheader', { name: /Client1 Mokoena/ }).closest('[role="row"]') as HTMLElement;
    expect(
      within(first)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toContain('2025-09-03');
    expect(within(first).getByText('Type 5 · 514 · SP')).toBeTruthy();
    expect(screen.getByText('60 records')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(51);
    // The Received SCOs filter only when the coach has received any.
    expect(screen.getByRole('option', { name: 'Received SCOs' })).toBeTruthy();
  });

  it('leaves out From Coach and the Received SCOs filter when the coach has received none', async () => {
    fakeBff(ROWS, {}, { hasReceived: false, hasGiven: false });
    renderScreen();
    await screen.findByRole('rowheader', { name: /Client1 Mokoena/ });
    expect(screen.queryByRole('columnheader', { name: /From Coach/ })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Received SCOs' })).toBeNull();
  });

  it('offers the nine filters of spec §4.1 in its order, Show all among them; Show all asks for every record', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    const { url } = renderScreen('/assessments?filter=notInvitedYet');
    expect(await screen.findByText('20 of 60 records')).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Filter' }) as HTMLSelectElement;
    expect([...filter.options].map((option) => option.text)).toEqual([
      'Select a filter',
      'Not invited yet',
      'Invited, not started',
      'Started, incomplete',
      'Complete, in marking',
      'Complete, send report',
      'Show all',
      'Received SCOs',
      'Wrapped',
      'Unwrapped',
    ]);

    await user.selectOptions(filter, 'Show all');
    expect(await screen.findByText('60 of 60 records')).toBeTruthy();
    expect(lastList(seen)?.get('filter')).toBe('showAll');
    expect(filter.value).toBe('showAll');
    expect(url()).toBe('/assessments?filter=showAll');
  });

  it('applies the filter of a dashboard tile link and shows "Filtered n of m records"; x clears it', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    const { url } = renderScreen('/assessments?filter=notInvitedYet');
    expect(await screen.findByText('20 of 60 records')).toBeTruthy();
    expect(screen.getByText('Filtered')).toBeTruthy();
    expect(lastList(seen)?.get('filter')).toBe('notInvitedYet');
    expect((screen.getByRole('combobox', { name: 'Filter' }) as HTMLSelectElement).value).toBe('notInvitedYet');

    await user.click(screen.getByRole('button', { name: 'Clear filter and search' }));
    expect(await screen.findByText('60 records')).toBeTruthy();
    expect(url()).toBe('/assessments');
    expect(screen.queryByText('Filtered')).toBeNull();
  });

  it('searches as the coach types (with the filter), keeping the search in the URL', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    const { url } = renderScreen();
    await screen.findByText('60 records');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter' }), 'notInvitedYet');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'novak');
    await waitFor(() => expect(url()).toBe('/assessments?filter=notInvitedYet&q=novak'));
    expect(await screen.findByText('10 of 60 records')).toBeTruthy();
    expect(lastList(seen)?.get('q')).toBe('novak');
    expect(lastList(seen)?.get('filter')).toBe('notInvitedYet');
  });

  it('refreshes: the BFF reads the lists again (refresh=true), then the page shown is fetched anew', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    renderScreen();
    await screen.findByText('60 records');
    const before = lists(seen).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(lists(seen).length).toBeGreaterThanOrEqual(before + 2));
    const [refresh, again] = lists(seen).slice(before);
    expect(refresh?.query.get('refresh')).toBe('true');
    expect(again?.query.get('refresh')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('says why a refresh failed', async () => {
    const user = userEvent.setup();
    fakeBff(ROWS);
    renderScreen();
    await screen.findByText('60 records');
    fakeBff(ROWS, { 'GET /api/assessments': [problem(502, 'upstream_error', 'There was an unexpected error')] });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('There was an unexpected error')).toBeTruthy();
  });

  it('sorts by a column header (aria-sort) and pages with Next and the page numbers', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    const { url } = renderScreen();
    await screen.findByText('60 records');
    const info = screen.getByRole('columnheader', { name: /Info/ });
    await user.click(info);
    await waitFor(() => expect(url()).toBe('/assessments?sort=info&order=asc'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Info/ }).getAttribute('aria-sort')).toBe('ascending'));
    expect(lastList(seen)?.get('sort')).toBe('info');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(url()).toBe('/assessments?sort=info&order=asc&page=2'));
    expect(await screen.findByText('51–60 of 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(url()).toBe('/assessments?sort=info&order=asc'));
  });

  it('remembers the page size chosen (10 / 50 / 100 / 200 / 500) in local storage', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    const { url } = renderScreen();
    await screen.findByText('60 records');
    const select = screen.getByRole('combobox', { name: 'Items per page' });
    expect([...(select as HTMLSelectElement).options].map((option) => option.value)).toEqual(['10', '50', '100', '200', '500']);
    await user.selectOptions(select, '10');
    await waitFor(() => expect(url()).toBe('/assessments?pageSize=10'));
    expect(localStorage.getItem(STORAGE_KEYS.pageSize)).toBe('10');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(11));
    expect(lastList(seen)?.get('pageSize')).toBe('10');
  });

  it('takes the remembered page size on a new visit', async () => {
    localStorage.setItem(STORAGE_KEYS.pageSize, '100');
    const seen = fakeBff(ROWS);
    renderScreen();
    await screen.findByText('60 records');
    expect(lastList(seen)?.get('pageSize')).toBe('100');
  });

  it("opens on a dashboard pipeline number's rows: the list and the select-all ask with its slice, a note names it, Show all leaves it", async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    const { url } = renderScreen('/assessments?stage=nudgeInvited&days=90&olderThan=7&project=Leadership+Programme+2025');
    expect(
      await screen.findByText(
        'Invited, not started, added 7 or more days ago · added in the last 90 days · project Leadership Programme 2025',
      ),
    ).toBeTruthy();
    const slice = { stage: 'nudgeInvited', days: '90', olderThan: '7', project: 'Leadership Programme 2025' };
    await waitFor(() => expect(Object.fromEntries(lastList(seen) ?? [])).toMatchObject(slice));
    expect(await screen.findByText('Filtered')).toBeTruthy();
    // A search keeps the slice.
    await user.type(screen.getByRole('searchbox'), 'Client1');
    await waitFor(() => expect(Object.fromEntries(lastList(seen) ?? [])).toMatchObject({ ...slice, q: 'Client1' }));
    await user.click(screen.getByRole('checkbox', { name: /Select all/i }));
    await screen.findByText(/selected$/);
    const ids = seen.filter((call) => call.path === '/api/assessments/ids').at(-1);
    expect(Object.fromEntries(ids?.query ?? [])).toMatchObject({ ...slice, q: 'Client1' });
    await user.click(screen.getByRole('button', { name: 'Show all assessments' }));
    await waitFor(() => expect(url()).toBe('/assessments?q=Client1'));
    expect(lastList(seen)?.get('stage')).toBeNull();
  });

  it('selects every filtered record across pages with the select-all checkbox, and Uncheck All clears', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS);
    renderScreen('/assessments?pageSize=10');
    await screen.findByText('60 records');
    await user.click(screen.getByRole('checkbox', { name: /Select all/i }));
    expect(await screen.findByText('60 selected')).toBeTruthy();
    expect(seen.some((call) => call.path === '/api/assessments/ids')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Uncheck All' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('says when the selection holds records the filter no longer shows, offers Keep and Select only these, and Delete names the count', async () => {
    // The walk's account: 20,006 assessments. Select-all on "Not invited yet" answers after the coach searched for one
    // client (a new search clears the selection, but the select-all's ids land after it): "Filtered 1 of 20006 ·
    // 6668 selected", the selection outliving the filter.
    const user = userEvent.setup();
    const many = Array.from({ length: 20_006 }, (_, index) => row(index + 1));
    const notInvited = many.filter((item) => item.inviteState === 'notInvited').length;
    const all = notInvited.toLocaleString('en');
    const outside = (notInvited - 1).toLocaleString('en');
    fakeBff(many);
    const release = holdFirstSelectAll();
    renderScreen('/assessments?filter=notInvitedYet');
    // A fake BFF filtering 20,006 rows on every page: slower than the default wait on a loaded machine.
    const slow = { timeout: 15_000 };
    await screen.findByText(`${notInvited} of 20006 records`, {}, slow);
    await user.click(screen.getByRole('checkbox', { name: /Select all/i }));
    await screen.findByText('Selecting all...');
    await user.type(screen.getByRole('searchbox'), 'Client20001 ');
    await screen.findByText('1 of 20006 records', {}, slow);
    release();
    await screen.findByText(`${notInvited} selected`, {}, slow);

    const note = await screen.findByText(
      `${outside} of the ${all} selected assessments are not shown by this filter. An action runs on all ${all}.`,
      {},
      slow,
    );
    const box = note.parentElement as HTMLElement;

    // Keep: the whole selection stays, and Delete's question names the count it removes.
    await user.click(within(box).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByText(/not shown by this filter/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(question.querySelector('.selection-scope-note')?.textContent).toBe(
      `Removes all ${all} selected assessments, ${outside} of them not shown by the table's filter.`,
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    screen.getByText(`${notInvited} selected`);
  }, 90_000);

  it('narrows a selection the filter no longer shows to the records shown with Select only these', async () => {
    const user = userEvent.setup();
    fakeBff(ROWS);
    const release = holdFirstSelectAll();
    renderScreen('/assessments?filter=notInvitedYet');
    await screen.findByText('20 of 60 records');
    await user.click(screen.getByRole('checkbox', { name: /Select all/i }));
    await screen.findByText('Selecting all...');
    // Client3, Client30, Client33, Client36 and Client39 are not invited yet.
    await user.type(screen.getByRole('searchbox'), 'Client3');
    await screen.findByText('5 of 60 records');
    release();
    await screen.findByText('20 selected');
    const box = (await screen.findByText('15 of the 20 selected assessments are not shown by this filter. An action runs on all 20.'))
      .parentElement as HTMLElement;
    await user.click(within(box).getByRole('button', { name: 'Select only these' }));
    await screen.findByText('5 selected');
    expect(screen.queryByText(/not shown by this filter/)).toBeNull();
  });

  it('enables each button only within its selection count (spec §2.3)', async () => {
    const user = userEvent.setup();
    fakeBff(ROWS);
    renderScreen('/assessments?sort=info&order=asc');
    await screen.findByText('60 records');
    const copy = () => screen.getByRole('button', { name: 'Copy Assessment Link' });
    const details = () => screen.getByRole('button', { name: 'View Details' });
    expect(copy().hasAttribute('disabled')).toBe(true);
    expect(details().hasAttribute('disabled')).toBe(true);
    await user.click(rowCheckbox('Client1 Mokoena'));
    expect(await screen.findByText('1 selected')).toBeTruthy();
    expect(copy().hasAttribute('disabled')).toBe(false);
    expect(details().hasAttribute('disabled')).toBe(false);
    await user.click(rowCheckbox('Client3 Horváthová'));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    expect(copy().hasAttribute('disabled')).toBe(true);
    expect(details().hasAttribute('disabled')).toBe(false);

    // The More dropdown: History needs exactly one, Download Details one or more.
    await user.click(await screen.findByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'History' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Download Details' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows the phone columns at phone width and leaves out desktop-only buttons', async () => {
    setViewportWidth(375);
    const user = userEvent.setup();
    fakeBff(ROWS);
    renderScreen();
    await screen.findByText('60 records');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers.slice(1)).toEqual(['Info', 'Ennea', 'Maturity', 'Completed']);
    await user.click(await screen.findByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Download Details' })).toBeNull();
  });

  it('shows the given view with the To Coach column and no read-only actions (only Revoke SCO belongs there)', async () => {
    fakeBff([row(1, { toCoaches: [{ id: id(901), name: 'Lukas', surname: 'Novak' }] })]);
    renderScreen('/sco-given', { view: 'given' });
    await screen.findByRole('rowheader', { name: /Client1/ });
    expect(screen.getByRole('columnheader', { name: /To Coach/ })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'Lukas Novak' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Details' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('SCO Given');
  });
});

describe('the read-only toolbar actions (spec assessments-and-clients §2.3, §2.4, §8)', () => {
  async function selectFirst(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('60 records');
    await user.click(rowCheckbox('Client1 Mokoena'));
  }

  it("Copy Assessment Link records the copy, puts the link on the clipboard, says 'Copied to clipboard' and asks the list again", async () => {
    const user = userEvent.setup();
    const link = 'https://portal.coachportal.test/register/token?userToken=H4T8P2W6';
    const seen = fakeBff(ROWS, { [`POST /api/assessments/${id(1)}/link-copies`]: [json({ link, inviteState: 'invited' })] });
    renderScreen();
    await selectFirst(user);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const before = lists(seen).length;
    await user.click(screen.getByRole('button', { name: 'Copy Assessment Link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Please Note' });
    expect(within(dialog).getByText(link)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
    await waitFor(() => expect(lists(seen).length).toBeGreaterThan(before));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Please Note' })).toBeNull());
  });

  it('Copy Assessment Link shows the BFF message under Failed', async () => {
    const user = userEvent.setup();
    fakeBff(ROWS, { [`POST /api/assessments/${id(1)}/link-copies`]: [problem(400, 'upstream_rejected', 'Token not found')] });
    renderScreen();
    await selectFirst(user);
    await user.click(screen.getByRole('button', { name: 'Copy Assessment Link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(within(dialog).getByText('Token not found')).toBeTruthy();
  });

  /** The first assessment as View Details answers it (`extra`: what the test is about). */
  const detailsOf = (extra: Record<string, unknown> = {}) => ({
    ...row(1),
    otherData: 'Head of engineering',
    coach: { id: id(800), name: 'Amara', surname: 'Botha' },
    updatedAt: '2025-09-04T08:02:45Z',
    ...extra,
  });

  /** Opens View Details on the first assessment, the BFF answering with `details`: the dialog and the calls seen. */
  async function viewDetails(details: ReturnType<typeof detailsOf>, session = SESSION, { fromMore = false } = {}) {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS, { 'POST /api/assessments/details': [json({ items: [details] })] });
    renderScreen('/assessments', { session });
    await selectFirst(user);
    if (fromMore) {
      // A phone keeps the frequent actions at the head of the More menu (its code arrives after the first paint).
      await waitFor(() => expect(screen.getByRole('button', { name: /^More/ }).hasAttribute('disabled')).toBe(false));
      await user.click(screen.getByRole('button', { name: /^More/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'View Details' }));
    } else await user.click(screen.getByRole('button', { name: 'View Details' }));
    return { dialog: await screen.findByRole('dialog', { name: 'Details' }), seen };
  }

  it('View Details lists every field of the selection; an impersonator also sees the token', async () => {
    const impersonator = { ...SESSION, roles: { ...SESSION.roles, impersonator: true } };
    const { dialog, seen } = await viewDetails(detailsOf({ userToken: 'H4T8P2W6' }), impersonator);
    expect(await within(dialog).findByText('Head of engineering')).toBeTruthy();
    // One assessment: a list of fields, the token's among them.
    expect(within(dialog).getByText('Token (developer test)').tagName).toBe('DT');
    expect(within(dialog).getByText('H4T8P2W6')).toBeTruthy();
    expect(seen.find((call) => call.path === '/api/assessments/details')?.body).toEqual({ ids: [id(1)] });
  });

  it('View Details has no token column for a coach', async () => {
    const { dialog } = await viewDetails(detailsOf({ otherData: '' }));
    await within(dialog).findByText('client1@example.com');
    expect(within(dialog).queryByText('Token (developer test)')).toBeNull();
  });

  it('View Details lists the fields of each assessment at phone width', async () => {
    setViewportWidth(375);
    const { dialog } = await viewDetails(detailsOf(), SESSION, { fromMore: true });
    const other = await within(dialog).findByText('Other data');
    expect(other.tagName).toBe('DT');
    expect(other.nextElementSibling?.textContent).toBe('Head of engineering');
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it("Download Details saves the mailing details file ('Downloading...') and shows a failure under Failed", async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS, {
      'POST /api/assessments/mailing-details': [
        new Response('PK-bytes', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="mailing-details.xlsx"',
          },
        }),
        problem(400, 'download_failed', 'Mailing details are not available'),
      ],
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:mailing');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen();
    await selectFirst(user);
    const more = async () => {
      await user.click(await screen.findByRole('button', { name: 'More' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Download Details' }));
    };
    await more();
    expect(await screen.findByText('Downloading...')).toBeTruthy();
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    expect(seen.find((call) => call.path === '/api/assessments/mailing-details')?.body).toEqual({ ids: [id(1)] });

    await more();
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(within(dialog).getByText('Mailing details are not available')).toBeTruthy();
  });

  it("opens Add Assessment for New Client once when the dashboard's Add New Client re-routes here (add=1)", async () => {
    fakeBff(ROWS, { 'GET /api/assessments/projects': [json({ projects: [] })] });
    const { url } = renderScreen('/assessments?add=1');
    // The dialog's module loads on first use: the first such import of the file's run, slow on a loaded machine.
    await screen.findByRole('dialog', { name: 'Add Assessment for New Client' }, { timeout: 15_000 });
    await waitFor(() => expect(url()).not.toContain('add=1'));
  });

  it("History says 'no sent records found' with the note about 17 March 2022, and lists what was sent", async () => {
    const user = userEvent.setup();
    fakeBff(ROWS, {
      [`GET /api/assessments/${id(1)}/history`]: [
        json({ kind: 'invite', items: [], loggingSince: '2022-03-17' }),
        json({
          kind: 'report',
          items: [
            {
              createdAt: '2025-09-05T09:12:44Z',
              sentViaServer: true,
              isReminder: false,
              destinationEmail: 'client1@example.com',
              reports: ['basic'],
            },
          ],
          loggingSince: '2022-03-17',
        }),
      ],
    });
    renderScreen();
    await selectFirst(user);
    await user.click(await screen.findByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: /History/ });
    expect(await within(dialog).findByText('no sent records found')).toBeTruthy();
    expect(within(dialog).getByText('Invites may have been sent before 17 March 2022, when logging began.')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Reports' }));
    expect(await within(dialog).findByText('Enneagram Report')).toBeTruthy();
    expect(within(dialog).getByText('client1@example.com')).toBeTruthy();
  });
});

describe('Export (the More menu)', () => {
  it('More → Export as Excel asks exportAssessments for the view, filter, search, sort and the desktop columns shown', async () => {
    const user = userEvent.setup();
    const seen = fakeBff(ROWS, {
      'GET /api/assessments/export': [
        new Response('PK-bytes', {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="assessments-2026-11-29.xlsx"',
          },
        }),
      ],
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderScreen('/assessments?filter=notInvitedYet&q=client&sort=info&order=asc');
    await screen.findByText('20 of 60 records');
    await user.click(await screen.findByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export as Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const query = seen.find((call) => call.path === '/api/assessments/export')?.query;
    expect(Object.fromEntries([...(query ?? [])].filter(([key]) => key !== 'columns'))).toEqual({
      view: 'own',
      filter: 'notInvitedYet',
      q: 'client',
      sort: 'info',
      order: 'asc',
      format: 'xlsx',
    });
    expect(query?.getAll('columns')).toEqual([
      'info',
      'company',
      'project',
      'ennea',
      'score',
      'assessmentType',
      'language',
      'createdAt',
      'registeredAt',
      'completedAt',
      'fromCoach',
    ]);
  });
});
