import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { render } from '../../test/render.tsx';
import { type DataColumn, DataTable, type DataTableProps } from './data-table.tsx';
import { createSelectionStore } from './selection-store.ts';
import type { TableState } from './table-state.ts';

type Row = { id: string; name: string; email: string; city: string };
const ROWS: Row[] = [
  { id: 'a', name: 'Ann', email: 'ann@example.com', city: 'Cape Town' },
  { id: 'b', name: 'Ben', email: 'ben@example.com', city: 'Durban' },
];
const MANY: Row[] = ['Ann', 'Ben', 'Cas', 'Dee', 'Eve', 'Fin'].map((name) => ({
  id: name.toLowerCase(),
  name,
  email: `${name.toLowerCase()}@example.com`,
  city: 'Durban',
}));
const column = (id: keyof Row, label: string): DataColumn<Row> => ({ id, label, render: (row) => row[id] });
// The desktop and the phone column sets of a screen differ in number and order.
const DESKTOP = [{ ...column('name', 'Name'), isRowHeader: true }, column('email', 'E-mail'), column('city', 'City')];
const PHONE = [{ ...column('city', 'City'), isRowHeader: true }, column('name', 'Name')];
const STATE: TableState<string, string> = { sort: 'name', order: 'asc', page: 1, pageSize: 50, q: '', filter: undefined };

const selected = (ids: string[]) => {
  const store = createSelectionStore();
  store.set(ids);
  return store;
};
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement;
const tickBox = (name: string) => within(rowOf(name)).getByRole('checkbox');

type Props = DataTableProps<Row, string, string>;
const PROPS: Props = {
  label: 'People',
  columns: DESKTOP,
  rows: ROWS,
  error: null,
  total: 2,
  filteredTotal: 2,
  state: STATE,
  onChange: () => {},
  isNarrow: false,
  emptyText: 'No people yet. Add a person to start.',
  noun: 'people',
};
const table = (props: Partial<Props> = {}) => <DataTable {...PROPS} {...props} />;

function tableOf(columns: readonly DataColumn<Row>[], isNarrow: boolean) {
  return table({ columns, isNarrow, selection: selected(['a']) });
}

describe('DataTable', () => {
  it('shows the other column set when the layout changes while it is mounted (desktop to phone and back)', () => {
    const { rerender } = render(tableOf(DESKTOP, false));
    expect(headers()).toEqual(['', 'Name', 'E-mail', 'City']);
    rerender(tableOf(PHONE, true));
    expect(headers()).toEqual(['', 'City', 'Name']);
    expect(screen.getByRole('rowheader', { name: 'Durban' })).toBeTruthy();
    rerender(tableOf(DESKTOP, false));
    expect(screen.getAllByRole('gridcell', { name: 'ben@example.com' })).toHaveLength(1);
  });

  it('lets the coach hide and show columns at desktop width, remembered for the next visit, never the row name', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    // The menu's code arrives after the table's: its button is disabled until then.
    const openColumns = async () => {
      const enabled = () => screen.getByRole('button', { name: 'Columns' });
      await waitFor(() => expect(enabled().hasAttribute('disabled')).toBe(false));
      await user.click(enabled());
    };
    const { unmount } = render(table({ columnChoice: 'people' }));
    await openColumns();
    const menu = await screen.findByRole('menu', { name: 'Columns' });
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['E-mail', 'City']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'E-mail' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'City']));
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'E-mail' }).getAttribute('aria-checked')).toBe('false');
    unmount();

    // The next visit keeps the choice; a phone shows its own columns, with no menu.
    const { rerender } = render(table({ columnChoice: 'people' }));
    expect(headers()).toEqual(['Name', 'City']);
    rerender(table({ columnChoice: 'people', columns: PHONE, isNarrow: true }));
    expect(headers()).toEqual(['City', 'Name']);
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    rerender(table({ columnChoice: 'people' }));
    await openColumns();
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'E-mail' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'E-mail', 'City']));
  });

  it('selects the rows from the last row ticked to a Shift-clicked one, and unticks a range the same way', async () => {
    const user = userEvent.setup();
    const store = createSelectionStore();
    render(table({ rows: MANY, total: 6, filteredTotal: 6, selection: store }));
    await user.click(tickBox('Ben'));
    await user.keyboard('{Shift>}');
    await user.click(tickBox('Eve'));
    await user.keyboard('{/Shift}');
    expect([...store.selected].sort()).toEqual(['ben', 'cas', 'dee', 'eve']);
    expect(screen.getByText('4 selected')).toBeTruthy();
    expect(rowOf('Dee').getAttribute('aria-selected')).toBe('true');
    expect(rowOf('Fin').getAttribute('aria-selected')).toBe('false');

    // Upwards from the last one ticked, unticking: the range follows the box clicked.
    await user.click(tickBox('Fin'));
    await user.keyboard('{Shift>}');
    await user.click(tickBox('Dee'));
    await user.keyboard('{/Shift}');
    expect([...store.selected].sort()).toEqual(['ben', 'cas']);
  });

  it('renders a tick again in its own row only: the other rows and their cells are not rendered again', async () => {
    const user = userEvent.setup();
    const nameCell = vi.fn((row: Row) => row.name);
    const counted = [{ ...column('name', 'Name'), isRowHeader: true, render: nameCell }, column('city', 'City')];
    render(table({ rows: MANY, columns: counted, selection: createSelectionStore() }));
    expect(nameCell).toHaveBeenCalledTimes(MANY.length);
    await user.click(tickBox('Cas'));
    await user.click(screen.getByRole('button', { name: 'Uncheck All' }));
    expect(nameCell).toHaveBeenCalledTimes(MANY.length);
  });

  it("paints a long page's first rows, then the rest; the same page answered again keeps them all", async () => {
    const state = { ...STATE, pageSize: 200 as const };
    const pageOf = (page: number) =>
      Array.from({ length: 120 }, (_, index) => ({ ...(ROWS[0] as Row), id: `p${page}-${index}`, name: `Row ${page}.${index}` }));
    const props = { state, total: 240, filteredTotal: 240 };
    const rowCount = () => screen.queryAllByRole('rowheader').length;
    const grid = () => screen.getByRole('grid', { name: 'People' });
    const { rerender } = render(table({ ...props, rows: pageOf(1) }));
    expect(rowCount()).toBe(50);
    expect(grid().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(rowCount()).toBe(120));
    expect(grid().getAttribute('aria-busy')).toBeNull();
    // The same page asked again (after an action): another answer, the same page.
    rerender(table({ ...props, rows: [...pageOf(1)] }));
    expect(rowCount()).toBe(120);
    // A short page, and back: the long one is painted first rows first again.
    rerender(table({ ...props, state: { ...state, page: 2 }, rows: pageOf(2).slice(0, 30) }));
    expect(rowCount()).toBe(30);
    rerender(table({ ...props, rows: pageOf(1) }));
    expect(rowCount()).toBe(50);
    await waitFor(() => expect(rowCount()).toBe(120));
  });

  it('shows skeleton rows and no counts until the first answer', () => {
    render(table({ rows: undefined, total: undefined, filteredTotal: undefined }));
    expect(screen.getByRole('grid', { name: 'People' }).getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('.data-table__row--skeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText(/records/)).toBeNull();
    expect(screen.queryByText(/0–0 of 0/)).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByText(PROPS.emptyText)).toBeNull();
  });

  it('says why a first load failed, with Retry, instead of loading for ever', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const error = {
      type: '/problems/upstream_error',
      title: 'Failed',
      status: 502,
      code: 'upstream_error',
      detail: 'The service did not answer. Please try again.',
    };
    render(table({ rows: undefined, total: undefined, filteredTotal: undefined, error, onRetry }));
    expect(screen.getByRole('alert').textContent).toBe('The service did not answer. Please try again.');
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('grid', { name: 'People' }).getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByText(/records/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("hides 'Filtered n of m' while a search is in flight, and shows the new search's counts with its rows", () => {
    const { rerender } = render(table());
    expect(screen.getByText('2 records')).toBeTruthy();
    // The search is asked for; the rows are still the previous answer's.
    rerender(table({ state: { ...STATE, q: 'ann' }, isStale: true }));
    expect(screen.queryByText(/records/)).toBeNull();
    expect(screen.queryByText('Filtered')).toBeNull();
    rerender(table({ state: { ...STATE, q: 'ann' }, rows: [ROWS[0] as Row], filteredTotal: 1 }));
    expect(document.querySelector('.data-table__count')?.textContent).toBe('Filtered 1 of 2 records');
  });

  it('marks the page of the rows on screen, busy while the next page loads, and moves the mark with the rows', () => {
    const state = { ...STATE, pageSize: 10 as const };
    const pageOf = (from: number) =>
      Array.from({ length: 10 }, (_, index) => ({ ...(ROWS[0] as Row), id: `r${from + index}`, name: `Row ${from + index}` }));
    const current = () => screen.getByRole('navigation', { name: 'Pages' }).querySelector('[aria-current="page"]')?.textContent;
    const { rerender } = render(table({ state, rows: pageOf(1), total: 30, filteredTotal: 30 }));
    expect(current()).toBe('1');
    rerender(table({ state: { ...state, page: 2 }, rows: pageOf(1), isStale: true, total: 30, filteredTotal: 30 }));
    expect(current()).toBe('1');
    expect(screen.getByText('1–10 of 30')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('grid', { name: 'People' }).getAttribute('aria-busy')).toBe('true');
    rerender(table({ state: { ...state, page: 2 }, rows: pageOf(11), total: 30, filteredTotal: 30 }));
    expect(current()).toBe('2');
    expect(screen.getByText('11–20 of 30')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pages' }).getAttribute('aria-busy')).toBeNull();
  });

  it('says that nothing matches the search, with Clear search, and what to do when there is nothing yet', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(table({ rows: [], filteredTotal: 0, state: { ...STATE, q: 'xyz' }, onChange }));
    expect(screen.getByText('No people match “xyz”.')).toBeTruthy();
    expect(screen.queryByText(PROPS.emptyText)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onChange).toHaveBeenCalledWith({ q: '' });

    rerender(table({ rows: [], filteredTotal: 0, state: { ...STATE, filter: 'open' }, onChange }));
    expect(screen.getByText('No people match this filter.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(onChange).toHaveBeenLastCalledWith({ filter: undefined });

    rerender(table({ rows: [], total: 0, filteredTotal: 0 }));
    expect(screen.getByText(PROPS.emptyText)).toBeTruthy();
    expect(screen.queryByText(/match/)).toBeNull();
  });

  it("takes a search as long as every list operation's `q` takes in the contract, and no longer", () => {
    render(table());
    const contract = parse(readFileSync('openapi/bff.yaml', 'utf8'));
    const resolve = (schema: { $ref?: string; maxLength?: number }) =>
      schema.$ref ? contract.components.schemas[schema.$ref.split('/').at(-1) as string] : schema;
    const limits = Object.values(
      contract.paths as Record<string, Record<string, { parameters?: { name: string; in: string; schema: object }[] }>>,
    )
      .flatMap((path) => Object.values(path))
      .flatMap((operation) => operation.parameters ?? [])
      .filter((parameter) => parameter.name === 'q' && parameter.in === 'query')
      .map((parameter) => resolve(parameter.schema).maxLength);
    expect(limits.length).toBeGreaterThanOrEqual(7);
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(new Set(limits)).toEqual(new Set([box.maxLength]));
  });
});
