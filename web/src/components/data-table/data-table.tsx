import { lazy, Suspense, useCallback, useId, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { ProblemAlert } from '../problem-alert.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import './data-table.css';
import type { DataTableProps } from './data-table-types.ts';
import { exportActions } from './export-actions.ts';
import { useGridKeyboard } from './grid-keyboard.ts';
import { NO_SELECTION } from './selection-store.ts';
import { DataRow, SkeletonRows, StateRow } from './table-body.tsx';
import { TableControls } from './table-controls.tsx';
import { TableEmptyState } from './table-empty-state.tsx';
import { ColumnHeader, SelectAllCheckbox } from './table-header.tsx';
import { TablePagination } from './table-pagination.tsx';
import { PAGE_SIZES, type PageSize, type TableState } from './table-state.ts';
import { SelectionToolbar } from './table-toolbar.tsx';
import { useHiddenColumns } from './use-hidden-columns.ts';
import { usePacedRows } from './use-paced-rows.ts';
import { useRowSelection } from './use-row-selection.ts';
import { useTableShortcuts } from './use-table-shortcuts.ts';

// The screens' column files and tests name the table's types from here.
export type { DataColumn, DataTableProps, EmptyAction, FilterOption } from './data-table-types.ts';

// The shortcuts dialog's code arrives when `?` first asks for it.
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog.tsx'));

/**
 * The shared table (spec coach-shell §2.2, assessments-and-clients §2.2): search, the filter dropdown, the 'Filtered n
 * of m records' indicator with its clear button, 'n selected' with 'Uncheck All', a select-all checkbox over every
 * filtered record, Shift-click ranges of rows, sortable headers, pagination and Items per page; the toolbar's buttons
 * follow the selection count. A grid (one Tab stop, arrows between cells, Space selects, Enter opens the row:
 * `grid-keyboard.ts`; `/` to the search, `?` for the shortcuts) of plain table rows,
 * each rendered again only when its record or the columns change: a tick re-renders its row and the count, nothing
 * else (`selection-store.ts`). Until the first answer it shows skeleton rows and no counts; a failed load says why
 * with Retry; the counts, the page shown and the empty text follow the rows on screen, not the request in flight.
 */
export function DataTable<R extends { id: string }, S extends string, F extends string>(props: DataTableProps<R, S, F>) {
  const { label, rows, error, total, filteredTotal, state, onChange, selection, isNarrow } = props;
  // A phone has its own short set of columns; the coach's choice is the desktop's.
  const choosable = props.columnChoice && !isNarrow ? props.columns.filter((column) => !column.isRowHeader) : [];
  const [hidden, setHidden] = useHiddenColumns(props.columnChoice);
  const columns = choosable.length > 0 ? props.columns.filter((column) => !hidden.has(column.id)) : props.columns;
  const baseId = useId();
  const isLoading = rows === undefined && !error;

  // The state of the rows on screen: the requested one once its answer is in.
  const shownRef = useRef<TableState<S, F>>(state);
  if (rows !== undefined && !props.isStale) shownRef.current = state;
  const shown = shownRef.current;
  // A new search or filter in flight: the old counts are not this one's.
  const countsKnown =
    rows !== undefined &&
    total !== undefined &&
    filteredTotal !== undefined &&
    shown.q === state.q &&
    shown.filter === state.filter &&
    JSON.stringify(shown.scope ?? {}) === JSON.stringify(state.scope ?? {});

  const { onTick, onSelectAll, selectingAll, selectAllError } = useRowSelection({
    rows,
    selection,
    loadAllIds: props.loadAllIds,
    filterKey: `${state.filter ?? ''}\u0000${state.q}`,
  });

  const sortBy = (column: string) =>
    onChange(column === state.sort ? { order: state.order === 'asc' ? 'desc' : 'asc' } : { sort: column as S, order: 'asc' });

  // A new page, sort, size, search or filter opens at its first row with the header in view, its first rows first.
  const scrollRef = useRef<HTMLDivElement>(null);
  const shownKey = [shown.page, shown.pageSize, shown.sort, shown.order, shown.q, shown.filter].join('\u0000');
  const { shownCount, isComplete } = usePacedRows(rows?.length, shownKey, scrollRef);
  const isBusy = isLoading || (props.isStale ?? false) || !isComplete;

  const columnsKey = columns.map((column) => column.id).join(' ');
  // The screen's actions, then Export in More with the columns shown: made again only when one of these changes, not on
  // every render of the table (its rows are shown a few at a time), as the toolbar renders again with them.
  const exportRef = useRef(props.exportTable);
  exportRef.current = props.exportTable;
  const exportable = props.exportTable !== undefined;
  const exporting = props.exportTable?.running;
  const screenActions = props.actions;
  const actions = useMemo(
    () => [
      ...(screenActions ?? []),
      ...exportActions(
        exportable ? { running: exporting, start: (format, ids) => exportRef.current?.start(format, ids) } : undefined,
        columnsKey.split(' ').map((id) => ({ id })),
      ),
    ],
    [screenActions, exportable, exporting, columnsKey],
  );
  const [, navigate] = useLocation();
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const rowHref = props.rowHref;
  const openRow = useCallback(
    (bodyRow: number) => {
      const row = rowsRef.current?.[bodyRow];
      const href = row && rowHref?.(row);
      if (href) navigate(href);
    },
    [rowHref, navigate],
  );
  const keyboard = useGridKeyboard(openRow);
  const tableRef = useRef<HTMLTableElement>(null);
  const { searchRef, showShortcuts, closeShortcuts } = useTableShortcuts();
  const width = columns.length + (selection ? 1 : 0);

  return (
    <div className="data-table">
      {actions.length > 0 ? <SelectionToolbar actions={actions} store={selection ?? NO_SELECTION} isNarrow={isNarrow} /> : null}
      <TableControls
        state={state}
        shown={shown}
        onChange={onChange}
        filterOptions={props.filterOptions}
        counts={countsKnown ? { total, filteredTotal } : undefined}
        selection={selection}
        selectingAll={selectingAll}
        searchRef={searchRef}
        onSearchArrowDown={() => keyboard.focusRow(tableRef.current, 0)}
        choosable={choosable}
        hidden={hidden}
        onHiddenChange={setHidden}
      />
      <ProblemAlert error={selectAllError} />
      {error && rows !== undefined ? <ProblemAlert error={error} onRetry={props.onRetry} /> : null}
      <div className="data-table__scroll" ref={scrollRef}>
        <table
          ref={tableRef}
          // A grid (its cells' roles follow: gridcell, rowheader): react-aria's Table's semantics at a table's cost.
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a table.
          role="grid"
          aria-label={label}
          aria-busy={isBusy || undefined}
          aria-multiselectable={selection ? true : undefined}
          // The grid's Tab stop: focus goes on to its last cell focused (grid-keyboard.ts).
          tabIndex={0}
          className={selection ? 'data-table__table data-table__table--selectable' : 'data-table__table'}
          onKeyDown={keyboard.onKeyDown}
          onFocus={keyboard.onFocus}
          onPointerDown={keyboard.onPointerDown}
        >
          <thead className="data-table__header">
            <tr>
              {selection ? (
                <th className="data-table__column data-table__column--select" tabIndex={-1}>
                  <SelectAllCheckbox store={selection} rows={rows} onSelectAll={onSelectAll} />
                </th>
              ) : null}
              {columns.map((column, index) => (
                <ColumnHeader
                  key={column.id}
                  column={column}
                  isKey={index === 0 && column.isRowHeader === true}
                  direction={column.id === state.sort ? state.order : undefined}
                  onSort={() => sortBy(column.id)}
                />
              ))}
            </tr>
          </thead>
          {isLoading ? (
            <SkeletonRows columns={width} />
          ) : (
            // A new page's body replaces the old one whole: one node leaves the document, not 500 rows one by one.
            <tbody key={shownKey} className="data-table__body" data-stale={props.isStale || undefined}>
              {rows === undefined ? (
                <StateRow width={width}>
                  <ProblemAlert error={error} onRetry={props.onRetry} />
                </StateRow>
              ) : rows.length === 0 ? (
                <StateRow width={width}>
                  <TableEmptyState
                    shown={shown}
                    noun={props.noun ?? 'records'}
                    emptyText={props.emptyText}
                    action={props.emptyAction}
                    onChange={onChange}
                  />
                </StateRow>
              ) : (
                rows
                  .slice(0, shownCount)
                  .map((row) => (
                    <DataRow
                      key={row.id}
                      row={row}
                      columns={columns}
                      columnsKey={columnsKey}
                      store={selection ?? NO_SELECTION}
                      selectable={selection !== undefined}
                      onTick={onTick}
                      baseId={baseId}
                    />
                  ))
              )}
            </tbody>
          )}
        </table>
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
        <TablePagination
          page={shown.page}
          requested={state.page}
          pageSize={shown.pageSize}
          records={countsKnown ? filteredTotal : undefined}
          isBusy={isBusy}
          onPage={(page) => onChange({ page })}
        />
      </div>
      {showShortcuts ? (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={closeShortcuts} />
        </Suspense>
      ) : null}
    </div>
  );
}
