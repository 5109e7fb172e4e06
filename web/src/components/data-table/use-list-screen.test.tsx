import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { render } from '../../test/render.tsx';
import { type DataColumn, DataTable } from './data-table.tsx';
import type { ActionProps, ActionRegistry } from './table-actions.ts';
import type { ListQuery, TableStateConfig } from './table-state.ts';
import { useListScreen } from './use-list-screen.tsx';

type Sort = 'name' | 'createdAt';
type Filter = 'showAll' | 'open';
type Item = { name: string };
type Extras = { tag: string };

const CONFIG: TableStateConfig<Sort, Filter> = {
  sorts: ['name', 'createdAt'],
  defaultSort: 'createdAt',
  filters: ['showAll', 'open'],
  noFilter: 'showAll',
};
const ITEMS: Item[] = Array.from({ length: 12 }, (_, index) => ({ name: `Row ${index + 1}` }));
const COLUMNS: DataColumn<Item & { id: string }>[] = [{ id: 'name', label: 'Name', isRowHeader: true, render: (row) => row.name }];

let asked: (ListQuery<Sort, Filter> & { view: string })[] = [];

/** A list of twelve items without ids, paged as the query asks. */
function useFakeList(query: ListQuery<Sort, Filter> & { view: string }) {
  asked.push(query);
  const start = (query.page - 1) * query.pageSize;
  const data = {
    items: ITEMS.slice(start, start + query.pageSize),
    total: 12,
    filteredTotal: 12,
    page: query.page,
    pageSize: query.pageSize,
  };
  return { data, error: null, isPlaceholderData: false };
}

/** Ends with an alert naming what it was given. */
function ShowSelection({ ids, rows, tag, finish }: ActionProps<Item & { id: string }> & Extras) {
  const said = `${tag}: ${ids.join(' ')} | ${rows.map((row) => row.name).join(', ')}`;
  return (
    <button type="button" onClick={() => finish({ title: 'Success', body: <p>{said}</p> })}>
      End
    </button>
  );
}

const ACTIONS: ActionRegistry<Item & { id: string }, Extras> = {
  show: { label: 'Show', group: 'frequent', min: 1, component: ShowSelection },
  other: { label: 'Elsewhere only', group: 'frequent', min: 0, component: ShowSelection, isShown: ({ tag }) => tag === 'elsewhere' },
  add: { label: 'Add', group: 'frequent', min: 0, component: ShowSelection },
};

function Screen() {
  const list = useListScreen({
    table: CONFIG,
    useList: useFakeList,
    params: { view: 'own' },
    rowId: (item, position) => `id-${position}-${item.name.length}`,
    actions: ACTIONS,
    extras: { tag: 'kit' },
    addAction: 'add',
  });
  return (
    <>
      <DataTable {...list.table} label="Things" columns={COLUMNS} emptyText="None" />
      {list.dialogs}
    </>
  );
}

/** A list with nothing in it yet. */
function useEmptyList(query: ListQuery<Sort, Filter> & { view: string }) {
  asked.push(query);
  return {
    data: { items: [] as Item[], total: 0, filteredTotal: 0, page: 1, pageSize: query.pageSize },
    error: null,
    isPlaceholderData: false,
  };
}

function EmptyScreen() {
  const list = useListScreen({
    table: CONFIG,
    useList: useEmptyList,
    params: { view: 'own' },
    actions: ACTIONS,
    extras: { tag: 'kit' },
    addAction: 'add',
    addLabel: 'Add Thing',
  });
  return (
    <>
      <DataTable {...list.table} label="Things" columns={COLUMNS} emptyText="Nothing yet." />
      {list.dialogs}
    </>
  );
}

const UNANSWERED = {
  type: '/problems/upstream_error',
  title: 'Failed',
  status: 502,
  code: 'upstream_error',
  detail: 'The service did not answer. Please try again.',
};

/** A list whose first answer fails; asked again (Retry), it answers. */
function useListFailingOnce(query: ListQuery<Sort, Filter> & { view: string }) {
  const [failed, setFailed] = useState(true);
  const answer = useFakeList(query);
  return failed ? { data: undefined, error: UNANSWERED, isPlaceholderData: false, refetch: () => setFailed(false) } : answer;
}

function FailingScreen() {
  const list = useListScreen({ table: CONFIG, useList: useListFailingOnce, params: { view: 'own' }, rowId: (item) => item.name });
  return <DataTable {...list.table} label="Things" columns={COLUMNS} emptyText="None" />;
}

function renderScreen(path: string, Shown = Screen) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Shown />
    </Router>,
  );
  return { url: () => memory.history?.at(-1) ?? '' };
}

const tick = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const row = (await screen.findByRole('rowheader', { name })).closest('[role="row"]') as HTMLElement;
  await user.click(within(row).getByRole('checkbox'));
};

beforeEach(() => {
  asked = [];
});

describe('useListScreen, the table-screen kit', () => {
  it("asks the list hook for the table's state from the address, with the screen's parameters and noFilter when none is chosen", async () => {
    renderScreen('/things?q=Row&sort=name&order=asc&page=2&pageSize=10');
    await screen.findByRole('rowheader', { name: 'Row 11' });
    expect(asked.at(-1)).toEqual({ view: 'own', q: 'Row', page: 2, pageSize: 10, sort: 'name', order: 'asc', filter: 'showAll' });
  });

  it('gives an action the ids selected on every page and the rows seen on any page, and shows the alert it ends with', async () => {
    const user = userEvent.setup();
    renderScreen('/things?pageSize=10');
    await tick(user, 'Row 2');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await tick(user, 'Row 11');
    expect(screen.queryByRole('button', { name: 'Elsewhere only' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await user.click(await screen.findByRole('button', { name: 'End' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Success' });
    // The ids come from rowId: the item's place in the whole list.
    expect(within(alert).getByText('kit: id-1-5 id-10-6 | Row 2, Row 11')).toBeTruthy();
  });

  it("says why the list failed with Retry, and Retry asks the list's query again", async () => {
    const user = userEvent.setup();
    renderScreen('/things?pageSize=10', FailingScreen);
    expect((await screen.findByRole('alert')).textContent).toBe('The service did not answer. Please try again.');
    expect(screen.queryByText('Loading...')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: 'Row 1' })).toBeTruthy();
    expect(screen.getByText('12 records')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the action the dashboard re-route flag names, once, and drops the flag from the address', async () => {
    const { url } = renderScreen('/things?add=1&pageSize=10');
    expect(await screen.findByRole('button', { name: 'End' })).toBeTruthy();
    await waitFor(() => expect(url()).toBe('/things?pageSize=10'));
  });

  it('selects the record a link names (`select`), once, and drops the flag from the address', async () => {
    const user = userEvent.setup();
    const { url } = renderScreen('/things?q=Row&select=id-2-5&pageSize=10');
    const row = (await screen.findByRole('rowheader', { name: 'Row 3' })).closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect((within(row).getByRole('checkbox') as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(url()).toBe('/things?q=Row&pageSize=10'));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await user.click(await screen.findByRole('button', { name: 'End' }));
    expect(within(await screen.findByRole('alertdialog', { name: 'Success' })).getByText('kit: id-2-5 | Row 3')).toBeTruthy();
  });

  it('offers the add action as the next step of an empty table, and opens it with nothing selected', async () => {
    const user = userEvent.setup();
    renderScreen('/things', EmptyScreen);
    expect(await screen.findByText('Nothing yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Thing' }));
    await user.click(await screen.findByRole('button', { name: 'End' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(within(alert).getByText('kit: |')).toBeTruthy();
  });

  it('offers only the way back when a search empties the table', async () => {
    renderScreen('/things?q=zz', EmptyScreen);
    expect(await screen.findByRole('button', { name: 'Clear search' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Thing' })).toBeNull();
  });
});
