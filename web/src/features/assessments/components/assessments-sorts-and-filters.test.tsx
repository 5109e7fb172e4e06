// Every sortable column header of the assessments table, at both widths and in the given view, and every pipeline
// filter, each asking the BFF for its own column, order or filter and keeping it in the address (spec
// assessments-and-clients §2.2, §4.1, §4.2). The BFF's order of every column is its own test
// (bff/routes/assessments/assessment-list-sandbox.test.ts); the browser suite clicks one header and one filter end to end.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SESSION, type SeenCall, serveLists } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';
import type { AssessmentRow, AssessmentView } from '../api/list-assessments.ts';
import { AssessmentsScreen } from './assessments-screen.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const ROW: AssessmentRow = {
  id: 'a55e55e0-0000-4000-8000-000000000001',
  clientId: 'c1e00000-0000-4000-8000-000000000001',
  clientName: 'Thandi',
  clientSurname: 'Mokoena',
  clientEmail: 'thandi@example.com',
  company: 'Karoo Logistics',
  project: 'Leadership Programme 2025',
  assessmentType: 'ennea',
  language: 'english',
  tokenType: 'paid',
  createdAt: '2025-09-01T08:15:00Z',
  inviteState: 'invited',
  markingState: 'notMarked',
  reportSent: false,
  reportsToAutoSend: [],
  wrapped: false,
  receivedFromAnotherCoach: false,
  toCoaches: [{ id: 'c0ac0000-0000-4000-8000-000000000900', name: 'Lukas', surname: 'Novak' }],
  availableReports: { pdf: [], html: [], awaitingMarking: [] },
  permissions: { canEdit: true, canDelete: true, canWrap: true, canAssignSco: true, canInvite: true },
};

/** A fake BFF that answers one row to any list query (the order is the BFF's, tested there); records each query. */
function fakeBff(): SeenCall[] {
  const page = (query: URLSearchParams) => ({
    items: [ROW],
    total: 1,
    filteredTotal: 1,
    page: Number(query.get('page') ?? 1),
    pageSize: 50,
    hasReceived: true,
    hasGiven: true,
  });
  return serveLists(fetchMock, { '/api/assessments': page, '/api/assessments/ids': () => ({ ids: [ROW.id] }) });
}

function renderScreen(view: AssessmentView = 'own') {
  const memory = memoryLocation({ path: '/assessments', record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AssessmentsScreen view={view} session={SESSION} />
    </Router>,
  );
  return () => new URLSearchParams((memory.history?.at(-1) ?? '').split('?')[1] ?? '');
}

const lastList = (seen: SeenCall[]) => seen.filter((call) => call.method === 'GET' && call.path === '/api/assessments').at(-1)?.query;
const headerName = (header: HTMLElement) => header.textContent?.replace(/[▲▼↕]/g, '').trim();

afterEach(() => {
  fetchMock.mockReset();
  setViewportWidth(1280);
});

describe('the assessments table asks the BFF for what the coach chose', () => {
  it.each([
    {
      layout: 'desktop',
      width: 1280,
      view: 'own',
      columns: {
        Info: 'info',
        Company: 'company',
        Project: 'project',
        'Ennea Results': 'ennea',
        'Maturity Results': 'score',
        Assessment: 'assessmentType',
        Lang: 'language',
        Created: 'createdAt',
        Registered: 'registeredAt',
        Completed: 'completedAt',
        'From Coach': 'fromCoach',
      },
    },
    { layout: 'phone', width: 375, view: 'own', columns: { Info: 'info', Ennea: 'ennea', Maturity: 'score', Completed: 'completedAt' } },
    { layout: 'desktop', width: 1280, view: 'given', columns: { 'To Coach': 'toCoach' } },
  ] as const)('sorts by each sortable header in both orders ($layout, $view view)', async ({ width, view, columns }) => {
    setViewportWidth(width);
    const user = userEvent.setup();
    const seen = fakeBff();
    const address = renderScreen(view);
    await screen.findByRole('rowheader', { name: /Thandi Mokoena/ });
    const sortable = () => screen.getAllByRole('columnheader').filter((header) => header.hasAttribute('aria-sort'));
    const names = sortable().map(headerName);
    // Each expected column is sortable (the given view's other columns are the own view's).
    for (const name of Object.keys(columns)) expect(names).toContain(name);
    if (view === 'own') expect(names).toEqual(Object.keys(columns));

    for (const [name, column] of Object.entries(columns)) {
      const orders = new Set<string>();
      for (let press = 0; press < 2; press++) {
        const before = address().toString();
        const header = sortable().find((candidate) => headerName(candidate) === name) as HTMLElement;
        await user.click(header);
        // The address says the new column and order (the default, newest first, is left out of it).
        const shown = () => ({ sort: address().get('sort') ?? 'createdAt', order: address().get('order') ?? 'desc' });
        await waitFor(() => {
          expect(address().toString()).not.toBe(before);
          expect(shown().sort).toBe(column);
        });
        const { order } = shown();
        // The BFF is asked for that column in that order.
        await waitFor(() => {
          const asked = lastList(seen);
          expect({ sort: asked?.get('sort') ?? 'createdAt', order: asked?.get('order') ?? 'desc' }).toEqual({ sort: column, order });
        });
        await waitFor(() =>
          expect(
            sortable()
              .find((candidate) => headerName(candidate) === name)
              ?.getAttribute('aria-sort'),
          ).toBe(order === 'asc' ? 'ascending' : 'descending'),
        );
        orders.add(order);
      }
      expect([...orders].sort(), name).toEqual(['asc', 'desc']);
    }
  });

  it('asks for each pipeline filter it offers and keeps it in the address', async () => {
    const user = userEvent.setup();
    const seen = fakeBff();
    const address = renderScreen();
    await screen.findByRole('rowheader', { name: /Thandi Mokoena/ });
    const filter = screen.getByRole('combobox', { name: 'Filter' }) as HTMLSelectElement;
    const values = [...filter.options].map((option) => option.value).filter((value) => value !== '');
    expect(values).toEqual([
      'notInvitedYet',
      'invitedNotStarted',
      'startedIncomplete',
      'completeInMarking',
      'completeSendReport',
      'showAll',
      'receivedScos',
      'wrapped',
      'unwrapped',
    ]);
    for (const value of values) {
      await user.selectOptions(filter, value);
      await waitFor(() => expect(address().get('filter')).toBe(value));
      await waitFor(() => expect(lastList(seen)?.get('filter')).toBe(value));
      expect(filter.value).toBe(value);
    }
  });
});
