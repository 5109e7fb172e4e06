import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { json } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import type { ClientRow } from '../api/list-clients.ts';
import { ClientsScreen } from './clients-screen.tsx';

const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const CLIENTS: ClientRow[] = [
  {
    id: 'c1e00000-0000-4000-8000-000000000001',
    name: 'Thandi',
    surname: 'Mokoena',
    email: 'thandi.mokoena@karoologistics.co.za',
    company: 'Karoo Logistics',
    createdAt: '2025-09-02T08:15:00Z',
    assessmentCount: 2,
    latestAssessment: {
      id: 'a55e55e0-0000-4000-8000-000000000001',
      assessmentType: 'full',
      createdAt: '2025-09-02T08:15:00Z',
      completedAt: '2025-09-03T10:41:37Z',
    },
  },
];

afterEach(() => {
  fetchMock.mockReset();
});

describe('the clients view (spec assessments-and-clients §2.1, the shared table)', () => {
  it('lists the clients with a link to their results page, and keeps search and sort in the URL', async () => {
    const user = userEvent.setup();
    const asked: URLSearchParams[] = [];
    fetchMock.mockImplementation(async (input) => {
      const url = new URL((input as Request).url);
      asked.push(url.searchParams);
      const q = url.searchParams.get('q') ?? '';
      const items = CLIENTS.filter((client) => client.surname.toLowerCase().includes(q.toLowerCase()));
      return json({ items, total: 1, filteredTotal: items.length, page: 1, pageSize: 50 });
    });
    const memory = memoryLocation({ path: '/clients', record: true });
    render(
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <ClientsScreen />
      </Router>,
    );
    const link = await screen.findByRole('link', { name: 'Thandi Mokoena' });
    expect(link.getAttribute('href')).toBe('/clighent/c1e00000-0000-4000-8000-000000000001');
    expect(screen.getByText('Combined, completed 2025-09-03')).toBeTruthy();
    expect(screen.getByText('1 records')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();

    await user.click(screen.getByRole('columnheader', { name: /Assessments/ }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/clients?sort=assessmentCount&order=asc'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zz');
    expect(await screen.findByText('0 of 1 records')).toBeTruthy();
    expect(asked.at(-1)?.get('q')).toBe('zz');
    expect(screen.getByText('No clients match “zz”.')).toBeTruthy();
  });
});
