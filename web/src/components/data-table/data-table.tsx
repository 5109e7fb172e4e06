import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Cell, Column, Row, type Selection, type SortDescriptor, Table, TableBody, TableHeader } from 'react-aria-components';
import { ProblemAlert } from '../problem-alert.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import './data-table.css';
import type { TableAction } from './table-actions.ts';
import { TablePagination } from './table-pagination.tsx';
import { isFiltered, PAGE_SIZES, type PageSize, type TableState } from './table-state.ts';
import { TableToolbar } from './table-toolbar.tsx';
import type { TableSelection } from './use-table-state.ts';

export interface DataColumn<R> {
  /** The column's id; for a sortable column, the sort key the BFF knows. */
  id: string;
  label: string;
  sortable?: boolean;
  /** The cell that names the row for screen readers (one per table). */
  isRowHeader?: boolean;
  /** Short values that must not wrap (dates, codes). */
  nowrap?: boolean;
  render: (row: R) => ReactNode;
}

export interface FilterOption<F extends string> {
  id: F;
  label: string;
}

export interface DataTableProps<R extends { id: string }, S extends string, F extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<R>[];
  /** The page of rows, or undefined while the first answer is awaited. */
  rows: readonly R[] | undefined;
  /** The rows shown are the previous page's while the next one loads. */
  isStale?: boolean;
  error: unknown;
  /** Every record of the view, and those matching filter and search. */
  total: number;
  filteredTotal: number;
  state: TableState<S, F>;
  onChange: (change: Partial<TableState<S, F>>) => void;
  filterOptions?: readonly FilterOption<F>[];
  /** Without it the table has no checkboxes (a view with no toolbar). */
  selection?: TableSelection;
  /** Every record matching the filter and search, across all pages (the select-all checkbox). */
  loadAllIds?: () => Promise<readonly string[]>;
  actions?: readonly TableAction[];
  isNarrow: boolean;
  emptyText: string;
}

const SEARCH_DELAY_MS = 300;

/**
 * The shared table (spec coach-shell §2.2, assessments-and-clients §2.2): search, the filter
 * dropdown, the 'Filtered n of m records' indicator with its clear button, 'n selected' with
 * 'Uncheck All', a select-all checkbox over every filtered record, sortable headers, pagination and
 * Items per page; the toolbar's buttons follow the selection count. react-aria's Table gives the
 * grid keyboard navigation (arrows, Space selects) and aria-sort.
 */
export function DataTable<R extends { id: string }, S extends string, F extends string>(props: DataTableProps<R, S, F>) {
  const { label, columns, rows, error, total, filteredTotal, state, onChange, selection, actions = [], isNarrow } = props;
  const [selectAllError, setSelectAllError] = useState<unknown>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const filtered = isFiltered(state);

  // A new filter or search shows other records: the selection of the old ones goes.
  const clear = selection?.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the filter or the search changes.
  useEffect(() => clear?.(), [state.filter, state.q, clear]);
  const selectedCount = selection?.selected.size ?? 0;

  const onSelectionChange = (keys: Selection) => {
    if (!selection) return;
    if (keys !== 'all' || !props.loadAllIds) {
      selection.set(keys === 'all' ? new Set((rows ?? []).map((row) => row.id)) : new Set([...keys].map(String)));
      return;
    }
    // spec §2.2: the select-all checkbox selects every filtered record, not only this page.
    selection.set(new Set([...selection.selected, ...(rows ?? []).map((row) => row.id)]));
    setSelectingAll(true);
    setSelectAllError(null);
    props
      .loadAllIds()
      .then((ids) => selection.set(new Set(ids)))
      .catch((failure: unknown) => setSelectAllError(failure))
      .finally(() => setSelectingAll(false));
  };

  const sortDescriptor: SortDescriptor = { column: state.sort, direction: state.order === 'asc' ? 'ascending' : 'descending' };
  const onSortChange = ({ column, direction }: SortDescriptor) =>
    onChange({ sort: String(column) as S, order: direction === 'ascending' ? 'asc' : 'desc' });

  return (
    <div className="data-table">
      {actions.length > 0 ? <TableToolbar actions={actions} selectedCount={selectedCount} isNarrow={isNarrow} /> : null}
      <div className="data-table__controls">
        <SearchBox value={state.q} onSearch={(q) => onChange({ q })} />
        {props.filterOptions ? (
          <div className="data-table__filter">
            <NativeSelect
              label={<span className="visually-hidden">Filter</span>}
              options={[{ id: '', label: 'Select a filter' }, ...props.filterOptions]}
              value={state.filter ?? ''}
              onChange={(id) => onChange({ filter: (id || undefined) as F | undefined })}
            />
          </div>
        ) : null}
        <p className="data-table__count" role="status">
          {filtered ? (
            <>
              <span className="data-table__filtered">Filtered</span> {filteredTotal} of {total} records
            </>
          ) : (
            <>{total} records</>
          )}
        </p>
        {filtered ? (
          <Button
            variant="quiet"
            className="data-table__clear"
            aria-label="Clear filter and search"
            onPress={() => onChange({ filter: undefined, q: '' })}
          >
            <span aria-hidden="true">×</span>
          </Button>
        ) : null}
        {selection && selectedCount > 0 ? (
          <p className="data-table__selected">
            <span role="status">{selectingAll ? 'Selecting all...' : `${selectedCount} selected`}</span>
            <Button variant="quiet" onPress={selection.clear}>
              Uncheck All
            </Button>
          </p>
        ) : null}
      </div>
      <ProblemAlert error={selectAllError ?? error} />
      <div className="data-table__scroll">
        <Table
          aria-label={label}
          aria-busy={props.isStale || undefined}
          className="data-table__table"
          selectionMode={selection ? 'multiple' : 'none'}
          selectedKeys={selection?.selected ?? []}
          onSelectionChange={onSelectionChange}
          sortDescriptor={sortDescriptor}
          onSortChange={onSortChange}
        >
          <TableHeader className="data-table__header">
            {selection ? (
              <Column className="data-table__column data-table__column--select">
                <Checkbox slot="selection" aria-label="Select all records" />
              </Column>
            ) : null}
            {columns.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                isRowHeader={column.isRowHeader}
                allowsSorting={column.sortable}
                className="data-table__column"
              >
                {({ allowsSorting, sortDirection }) => (
                  <span className="data-table__column-label">
                    {column.label}
                    {allowsSorting ? (
                      <span aria-hidden="true" className="data-table__sort">
                        {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
                      </span>
                    ) : null}
                  </span>
                )}
              </Column>
            ))}
          </TableHeader>
          <TableBody
            className="data-table__body"
            items={rows ?? []}
            // The rows' cells follow the column set (desktop and phone differ): a new set renders them anew.
            dependencies={[columns.map((column) => column.id).join(' '), selection !== undefined]}
            renderEmptyState={() => <p className="data-table__empty">{rows === undefined ? 'Loading...' : props.emptyText}</p>}
          >
            {(row) => (
              <Row id={row.id} className="data-table__row" columns={selection ? [{ id: '' }, ...columns] : columns}>
                {(column) =>
                  column.id === '' ? (
                    <Cell className="data-table__cell data-table__cell--select">
                      <Checkbox slot="selection" />
                    </Cell>
                  ) : (
                    <Cell className={(column as DataColumn<R>).nowrap ? 'data-table__cell data-table__cell--nowrap' : 'data-table__cell'}>
                      {(column as DataColumn<R>).render(row)}
                    </Cell>
                  )
                }
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <div className="data-table__footer">
        <div className="data-table__page-size">
          <NativeSelect
            label="Items per page"
            options={PAGE_SIZES.map((size) => ({ id: String(size), label: String(size) }))}
            value={String(state.pageSize)}
            onChange={(id) => onChange({ pageSize: Number(id) as PageSize })}
          />
        </div>
        <TablePagination page={state.page} pageSize={state.pageSize} records={filteredTotal} onPage={(page) => onChange({ page })} />
      </div>
    </div>
  );
}

/** The search box: the URL follows the typing after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  useEffect(() => {
    // The URL changed by itself (clear, Back): show what it says.
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      latestOnSearch.current(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const id = useId();
  // A plain search input: the platform gives Esc-to-clear and the keyboard; no form validation needed.
  return (
    <div className="field data-table__search">
      <label className="visually-hidden" htmlFor={id}>
        Search
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        placeholder="Search"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
