import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../test/render.tsx';
import { type DataColumn, DataTable } from './data-table.tsx';
import type { TableState } from './table-state.ts';

type Row = { id: string; name: string; email: string; city: string };
const ROWS: Row[] = [
  { id: 'a', name: 'Ann', email: 'ann@example.com', city: 'Cape Town' },
  { id: 'b', name: 'Ben', email: 'ben@example.com', city: 'Durban' },
];
const column = (id: keyof Row, label: string): DataColumn<Row> => ({ id, label, render: (row) => row[id] });
// The desktop and the phone column sets of a screen differ in number and order.
const DESKTOP = [{ ...column('name', 'Name'), isRowHeader: true }, column('email', 'E-mail'), column('city', 'City')];
const PHONE = [{ ...column('city', 'City'), isRowHeader: true }, column('name', 'Name')];
const STATE: TableState<string, string> = { sort: 'name', order: 'asc', page: 1, pageSize: 50, q: '', filter: undefined };

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

function table(columns: readonly DataColumn<Row>[], isNarrow: boolean) {
  return (
    <DataTable
      label="People"
      columns={columns}
      rows={ROWS}
      error={null}
      total={2}
      filteredTotal={2}
      state={STATE}
      onChange={() => {}}
      selection={{ selected: new Set(['a']), set: () => {}, clear: () => {} }}
      isNarrow={isNarrow}
      emptyText="None"
    />
  );
}

describe('DataTable', () => {
  it('shows the other column set when the layout changes while it is mounted (desktop to phone and back)', () => {
    const { rerender } = render(table(DESKTOP, false));
    expect(headers()).toEqual(['–', 'Name', 'E-mail', 'City']);
    rerender(table(PHONE, true));
    expect(headers()).toEqual(['–', 'City', 'Name']);
    expect(screen.getByRole('rowheader', { name: 'Durban' })).toBeTruthy();
    rerender(table(DESKTOP, false));
    expect(screen.getAllByRole('gridcell', { name: 'ben@example.com' })).toHaveLength(1);
  });
});
