import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { KEYBOARD_SHORTCUTS } from '../../lib/labels/keyboard-shortcuts.ts';
import { render } from '../../test/render.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { type DataColumn, DataTable, type DataTableProps } from './data-table.tsx';
import { createSelectionStore } from './selection-store.ts';
import type { TableState } from './table-state.ts';

// The tables' keyboard: `/` to the search, ArrowDown from it to the rows, the arrows between rows, Space selects,
// Enter opens the row, `?` shows the shortcuts.

type Row = { id: string; name: string; city: string };
const ROWS: Row[] = ['Ann', 'Ben', 'Cas'].map((name) => ({ id: name.toLowerCase(), name, city: 'Durban' }));
const STATE: TableState<string, string> = { sort: 'name', order: 'asc', page: 1, pageSize: 50, q: '', filter: undefined };
const city: DataColumn<Row> = { id: 'city', label: 'City', render: (row) => row.city };
const plainName: DataColumn<Row> = { id: 'name', label: 'Name', isRowHeader: true, render: (row) => row.name };

/** A row header with a link, as the assessments' client name: its click is recorded, not followed (jsdom). */
function linkedName(opened: (id: string) => void): DataColumn<Row> {
  return {
    ...plainName,
    render: (row) => (
      <a
        href={`/clighent/${row.id}`}
        onClick={(event) => {
          event.preventDefault();
          opened(row.id);
        }}
      >
        {row.name}
      </a>
    ),
  };
}

type Props = DataTableProps<Row, string, string>;
const PROPS: Props = {
  label: 'People',
  columns: [plainName, city],
  rows: ROWS,
  error: null,
  total: 3,
  filteredTotal: 3,
  state: STATE,
  onChange: () => {},
  isNarrow: false,
  emptyText: 'No people yet.',
};

function renderTable(props: Partial<Props> = {}, around?: (table: ReactElement) => ReactElement) {
  const memory = memoryLocation({ path: '/people', record: true });
  const table = <DataTable {...PROPS} {...props} />;
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {around ? around(table) : table}
    </Router>,
  );
  return { path: () => memory.history?.at(-1) ?? '' };
}

const search = () => screen.getByRole('searchbox', { name: 'Search' });
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement;
/** The row that holds the focus. */
const focusedRow = () => document.activeElement?.closest('[role="row"]');

describe('the table keyboard', () => {
  it('focuses the search box with `/` from anywhere but a text field or a dialog', async () => {
    const user = userEvent.setup();
    renderTable({}, (table) => (
      <>
        <label>
          Note <input type="text" />
        </label>
        {table}
      </>
    ));
    await user.keyboard('/');
    expect(document.activeElement).toBe(search());
    expect((search() as HTMLInputElement).value).toBe('');

    // Typed into another field, `/` is the field's.
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('/');

    // From the grid (a row's cell), it goes to the search.
    await user.click(within(rowOf('Ben')).getByRole('gridcell', { name: 'Durban' }));
    await user.keyboard('/');
    expect(document.activeElement).toBe(search());
  });

  it('leaves `/` and `?` to an open dialog', async () => {
    const user = userEvent.setup();
    renderTable({}, (table) => (
      <>
        {table}
        <Dialog title="Something else" isOpen onOpenChange={() => {}}>
          <button type="button">Inside</button>
        </Dialog>
      </>
    ));
    screen.getByRole('button', { name: 'Inside' }).focus();
    await user.keyboard('/?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Inside' }));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });

  it('goes from the search box to the first row with ArrowDown, then between rows with the arrows', async () => {
    const user = userEvent.setup();
    renderTable({ selection: createSelectionStore() });
    await user.keyboard('/');
    await user.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe(rowOf('Ann'));
    // The focus on the row's checkbox, in the first column.
    expect(document.activeElement).toBe(within(rowOf('Ann')).getByRole('checkbox'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedRow()).toBe(rowOf('Cas'));
    await user.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe(rowOf('Cas'));
    await user.keyboard('{ArrowUp}');
    expect(focusedRow()).toBe(rowOf('Ben'));
  });

  it('selects the focused row with Space, on its checkbox or on another of its cells', async () => {
    const user = userEvent.setup();
    const store = createSelectionStore();
    renderTable({ selection: store });
    await user.keyboard('/{ArrowDown}{ArrowDown}');
    await user.keyboard(' ');
    expect([...store.selected]).toEqual(['ben']);
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(rowOf('Ben').getAttribute('aria-selected')).toBe('true');
    // On the row's City cell, Space ticks the row too; again, it unticks it.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(within(rowOf('Ben')).getByRole('gridcell', { name: 'Durban' }));
    await user.keyboard(' ');
    expect(store.selected.size).toBe(0);
    await user.keyboard(' ');
    expect([...store.selected]).toEqual(['ben']);
  });

  it("opens the row with Enter as its row header's link does, from any of its cells", async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    renderTable({ columns: [linkedName(opened), city], selection: createSelectionStore() });
    await user.keyboard('/{ArrowDown}{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledExactlyOnceWith('ben');
    // Not selected by the way.
    expect(rowOf('Ben').getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(opened).toHaveBeenLastCalledWith('ben');
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it("opens the table's page of a row whose header holds no link, and nothing for a row that opens nothing", async () => {
    const user = userEvent.setup();
    const { path } = renderTable({ rowHref: (row) => (row.id === 'cas' ? undefined : `/team?id=${row.id}`) });
    within(rowOf('Cas')).getByRole('rowheader').focus();
    await user.keyboard('{Enter}');
    expect(path()).toBe('/people');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(path()).toBe('/team?id=ben');
  });

  it('does nothing with Enter on a table whose rows open nothing', async () => {
    const user = userEvent.setup();
    const { path } = renderTable();
    within(rowOf('Ann')).getByRole('rowheader').focus();
    await user.keyboard('{Enter}');
    expect(path()).toBe('/people');
    expect(document.activeElement).toBe(within(rowOf('Ann')).getByRole('rowheader'));
  });

  it('shows the shortcuts with `?`, Ctrl/Cmd+K among them, and gives the focus back when closed', async () => {
    const user = userEvent.setup();
    renderTable({ selection: createSelectionStore() });
    await user.keyboard('/{ArrowDown}');
    const checkbox = within(rowOf('Ann')).getByRole('checkbox');
    expect(document.activeElement).toBe(checkbox);
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(KEYBOARD_SHORTCUTS.map((shortcut) => shortcut.keys.join(' or ')));
    expect(terms).toContain('Ctrl+K or ⌘K');
    expect(within(dialog).getByText(/^Find anything/)).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(checkbox);

    // Typed into the search, `?` is text.
    await user.keyboard('/?');
    expect((search() as HTMLInputElement).value).toBe('?');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves `/` with Ctrl, Alt or Cmd to the browser', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.keyboard('{Control>}/{/Control}{Alt>}/{/Alt}{Meta>}/{/Meta}');
    expect(document.activeElement).not.toBe(search());
  });
});
