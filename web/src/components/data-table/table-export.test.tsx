import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { STORAGE_KEYS, writeJson } from '../../lib/local-storage.ts';
import { render } from '../../test/render.tsx';
import { type DataColumn, DataTable } from './data-table.tsx';
import type { ExportFormat } from './data-table-types.ts';
import type { ListQuery, TableStateConfig } from './table-state.ts';
import { useListScreen } from './use-list-screen.tsx';
import { EXPORT_ROW_LIMIT, type ExportList } from './use-table-export.tsx';

type Sort = 'name' | 'createdAt';
type Filter = 'showAll' | 'open';
type Row = { id: string; name: string; city: string; createdAt: string };

const CONFIG: TableStateConfig<Sort, Filter> = {
  sorts: ['name', 'createdAt'],
  defaultSort: 'createdAt',
  filters: ['showAll', 'open'],
  noFilter: 'showAll',
};
const COLUMNS: DataColumn<Row>[] = [
  { id: 'name', label: 'Name', isRowHeader: true, render: (row) => row.name },
  { id: 'city', label: 'City', render: (row) => row.city },
  { id: 'createdAt', label: 'Created', render: (row) => row.createdAt.slice(0, 10) },
];
const ROWS: Row[] = [{ id: 'r1', name: 'Thandi Mokoena', city: 'Durban', createdAt: '2025-09-02T08:15:00Z' }];

let filteredTotal = 1;
const useList = (query: ListQuery<Sort, Filter> & { view: string }) => ({
  data: { items: ROWS, total: filteredTotal, filteredTotal, page: query.page, pageSize: query.pageSize },
  error: null,
  isPlaceholderData: false,
});

type Asked = { query: object; format: ExportFormat; columns: readonly string[] };

function renderScreen(path: string, exportList: ExportList<Sort, Filter, { view: string }>) {
  function Screen() {
    const list = useListScreen({ table: CONFIG, useList, params: { view: 'own' }, exportList, exportName: 'things' });
    return (
      <>
        <DataTable {...list.table} label="Things" columns={COLUMNS} emptyText="None" columnChoice="things" />
        {list.dialogs}
      </>
    );
  }
  const memory = memoryLocation({ path });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Screen />
    </Router>,
  );
}

const file = (name: string) =>
  new Response('\uFEFFName,Created\r\n', {
    headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${name}"` },
  });

async function openMore(user: ReturnType<typeof userEvent.setup>) {
  const more = () => screen.getByRole('button', { name: 'More' });
  await waitFor(() => expect(more().hasAttribute('disabled')).toBe(false));
  await user.click(more());
  return screen.findByRole('menu');
}

let saved: string[];
beforeEach(() => {
  filteredTotal = 1;
  localStorage.clear();
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("a table's Export (More menu)", () => {
  it('exports the view shown (search, filter, sort, no page) with the visible columns in their order, as CSV or Excel', async () => {
    const user = userEvent.setup();
    writeJson(STORAGE_KEYS.hiddenColumns('things'), ['city']);
    const asked: Asked[] = [];
    renderScreen('/things?q=moko&filter=open&sort=name&order=asc&page=2&pageSize=10', async (query, format, columns) => {
      asked.push({ query, format, columns });
      return { data: new Blob(['x']), response: file(`things-2026-11-29.${format}`) };
    });
    const menu = await openMore(user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Export as CSV', 'Export as Excel']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Export as CSV' }));
    await waitFor(() => expect(saved).toEqual(['things-2026-11-29.csv']));
    expect(asked).toEqual([
      { query: { view: 'own', q: 'moko', filter: 'open', sort: 'name', order: 'asc' }, format: 'csv', columns: ['name', 'createdAt'] },
    ]);

    await user.click(within(await openMore(user)).getByRole('menuitem', { name: 'Export as Excel' }));
    await waitFor(() => expect(saved).toEqual(['things-2026-11-29.csv', 'things-2026-11-29.xlsx']));
    expect(asked[1]?.format).toBe('xlsx');
  });

  it('keeps both items waiting while an export runs', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    renderScreen(
      '/things',
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ data: new Blob(['x']), response: file('things.csv') });
        }),
    );
    await user.click(within(await openMore(user)).getByRole('menuitem', { name: 'Export as CSV' }));
    const menu = await openMore(user);
    expect(within(menu).getByRole('menuitem', { name: 'Export as CSV (exporting…)' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Export as Excel' }).getAttribute('aria-disabled')).toBe('true');
    finish();
    await waitFor(() => expect(saved).toEqual(['things.csv']));
    await user.keyboard('{Escape}');
    expect(
      within(await openMore(user))
        .getByRole('menuitem', { name: 'Export as CSV' })
        .getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('says before starting that a view of more than 50,000 rows is too large to export', async () => {
    const user = userEvent.setup();
    filteredTotal = EXPORT_ROW_LIMIT + 1;
    const exportList = vi.fn<ExportList<Sort, Filter, { view: string }>>();
    renderScreen('/things', exportList);
    await user.click(within(await openMore(user)).getByRole('menuitem', { name: 'Export as Excel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Please Note' });
    expect(dialog.textContent).toContain('This view holds 50,001 rows; an export holds at most 50,000.');
    expect(exportList).not.toHaveBeenCalled();
  });

  it("shows a refused export's reason under Failed", async () => {
    const user = userEvent.setup();
    const refusal = {
      type: '/problems/export_too_large',
      title: 'Failed',
      status: 400,
      code: 'export_too_large',
      detail: 'The export holds at most 50,000 rows.',
    };
    renderScreen('/things', async () => ({ error: refusal, response: new Response(null, { status: 400 }) }));
    await user.click(within(await openMore(user)).getByRole('menuitem', { name: 'Export as CSV' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(within(dialog).getByText('The export holds at most 50,000 rows.')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
