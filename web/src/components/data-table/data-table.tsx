import {
  lazy,
  memo,
  type ReactNode,
  type RefObject,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation } from 'wouter';
import { ProblemAlert } from '../problem-alert.tsx';
import { Button } from '../ui/button.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import './data-table.css';
import { useGridKeyboard } from './grid-keyboard.ts';
import { NO_SELECTION, type SelectionStore, useIsSelected, useSelectedCount } from './selection-store.ts';
import type { TableAction } from './table-actions.ts';
import { TablePagination } from './table-pagination.tsx';
import { isFiltered, PAGE_SIZES, type PageSize, SEARCH_MAX_LENGTH, type TableState } from './table-state.ts';
import { TableToolbar } from './table-toolbar.tsx';
import { useHiddenColumns } from './use-hidden-columns.ts';

// The Columns menu's code arrives after the table's first paint, as the toolbar's dropdowns do.
const ColumnMenu = lazy(() => import('../ui/column-menu.tsx'));
// The shortcuts dialog's code arrives when `?` first asks for it.
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog.tsx'));

export interface DataColumn<R> {
  /** The column's id; for a sortable column, the sort key the BFF knows. */
  id: string;
  label: string;
  sortable?: boolean;
  /** The cell that names the row for screen readers (one per table). */
  isRowHeader?: boolean;
  /** Short values that must not wrap (dates, codes). */
  nowrap?: boolean;
  /**
   * A cell of plain text kept to one line: cut with an ellipsis past the column's width, the whole text in its title
   * (hover) and in the cell (copied, read by a screen reader). For secondary columns that should give way first.
   */
  truncate?: (row: R) => string;
  /** The cell: it depends on the row alone (a row renders again when it or the set of columns changes, not otherwise). */
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
  /** The page of rows, or undefined until the first answer. */
  rows: readonly R[] | undefined;
  /** The rows shown are the previous answer's while the next one loads. */
  isStale?: boolean;
  error: unknown;
  /** Asks for the list again (the Retry of a failed load). */
  onRetry?: () => void;
  /** Every record of the view, and those matching filter and search; undefined until known. */
  total: number | undefined;
  filteredTotal: number | undefined;
  state: TableState<S, F>;
  onChange: (change: Partial<TableState<S, F>>) => void;
  filterOptions?: readonly FilterOption<F>[];
  /** Without it the table has no checkboxes (a view with no toolbar). */
  selection?: SelectionStore;
  /** Every record matching the filter and search, across all pages (the select-all checkbox). */
  loadAllIds?: () => Promise<readonly string[]>;
  actions?: readonly TableAction[];
  isNarrow: boolean;
  /** What an empty table says when neither a search nor a filter narrows it ('No teams yet. Add a team to start.'). */
  emptyText: string;
  /** The next step an empty table offers when neither a search nor a filter narrows it (the screen's add action). */
  emptyAction?: EmptyAction;
  /** The records in a sentence, plural ('teams'): 'No teams match “xyz”.' */
  noun?: string;
  /**
   * The table's name for the Columns menu ('assessments'): at desktop width the coach may hide any column but the one
   * naming the row, remembered in this browser under that name. Without it every column is shown.
   */
  columnChoice?: string;
  /**
   * The page Enter on a row opens when its row header holds no link (a team's page); undefined for a row that opens
   * nothing. Without it Enter follows the row header's link, where there is one (the client's page).
   */
  rowHref?: (row: R) => string | undefined;
}

const SEARCH_DELAY_MS = 300;
/** The skeleton rows shown until the first answer. */
const SKELETON_ROWS = 8;
// Keys of the skeleton's rows and cells (no table has more columns).
const SKELETON_KEYS = Array.from({ length: 20 }, (_, index) => `skeleton-${index}`);
/**
 * The rows of a new page painted first, more than the table's window shows; the rest of a long page (up to 500) are
 * rendered once those are on screen, in a transition that a click or a key interrupts.
 */
const FIRST_ROWS = 50;

/** The query of the rows shown: the state the last answer was asked with. */
type Shown<S extends string, F extends string> = TableState<S, F>;

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
  const { label, rows, error, total, filteredTotal, state, onChange, selection, actions = [], isNarrow } = props;
  // A phone has its own short set of columns; the coach's choice is the desktop's.
  const choosable = props.columnChoice && !isNarrow ? props.columns.filter((column) => !column.isRowHeader) : [];
  const [hidden, setHidden] = useHiddenColumns(props.columnChoice);
  const columns = choosable.length > 0 ? props.columns.filter((column) => !hidden.has(column.id)) : props.columns;
  const [selectAllError, setSelectAllError] = useState<unknown>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const baseId = useId();
  const isLoading = rows === undefined && !error;

  // The state of the rows on screen: the requested one once its answer is in.
  const shownRef = useRef<Shown<S, F>>(state);
  if (rows !== undefined && !props.isStale) shownRef.current = state;
  const shown = shownRef.current;
  // A new search or filter in flight: the old counts are not this one's.
  const countsKnown =
    rows !== undefined && total !== undefined && filteredTotal !== undefined && shown.q === state.q && shown.filter === state.filter;

  // A new filter or search shows other records: the selection of the old ones goes.
  const clear = selection?.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the filter or the search changes.
  useEffect(() => clear?.(), [state.filter, state.q, clear]);

  // The rows in their order and the last row ticked, for a Shift-click's range (read when a box is ticked).
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const anchor = useRef<string | undefined>(undefined);
  const onTick = useCallback(
    (id: string, selected: boolean, extend: boolean) => {
      if (!selection) return;
      const ids = (rowsRef.current ?? []).map((row) => row.id);
      const from = anchor.current === undefined ? -1 : ids.indexOf(anchor.current);
      const to = ids.indexOf(id);
      anchor.current = id;
      if (extend && from >= 0 && to >= 0) selection.change(ids.slice(Math.min(from, to), Math.max(from, to) + 1), selected);
      else selection.change([id], selected);
    },
    [selection],
  );

  const onSelectAll = (select: boolean) => {
    if (!selection) return;
    const pageIds = (rows ?? []).map((row) => row.id);
    if (!select) {
      selection.clear();
      return;
    }
    selection.change(pageIds, true);
    if (!props.loadAllIds) return;
    // spec §2.2: the select-all checkbox selects every filtered record, not only this page.
    setSelectingAll(true);
    setSelectAllError(null);
    props
      .loadAllIds()
      .then((ids) => selection.set(ids))
      .catch((failure: unknown) => setSelectAllError(failure))
      .finally(() => setSelectingAll(false));
  };

  const sortBy = (column: string) =>
    onChange(column === state.sort ? { order: state.order === 'asc' ? 'desc' : 'asc' } : { sort: column as S, order: 'asc' });

  // A new page, sort, size, search or filter opens at its first row with the header in view.
  const scrollRef = useRef<HTMLDivElement>(null);
  const shownKey = [shown.page, shown.pageSize, shown.sort, shown.order, shown.q, shown.filter].join('\u0000');
  const lastShownKey = useRef(shownKey);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || shownKey === lastShownKey.current) return;
    lastShownKey.current = shownKey;
    scroller.scrollTop = 0;
    if (scroller.getBoundingClientRect().top < Number.parseFloat(getComputedStyle(scroller).scrollMarginTop || '0')) {
      scroller.scrollIntoView({ block: 'start' });
    }
  }, [shownKey]);

  // A new page shows its first rows, then the rest; the same page asked again (after an action) shows them all.
  const [complete, setComplete] = useState({ key: shownKey, all: false });
  if (complete.key !== shownKey) setComplete({ key: shownKey, all: false });
  const shownCount = rows === undefined ? 0 : complete.key === shownKey && complete.all ? rows.length : Math.min(rows.length, FIRST_ROWS);
  const isComplete = rows === undefined || shownCount === rows.length;
  useEffect(() => {
    if (isComplete) return;
    // After the first rows' frame is painted (an animation frame runs before it, a timer after it).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setComplete({ key: shownKey, all: true })));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isComplete, shownKey]);
  const isBusy = isLoading || (props.isStale ?? false) || !isComplete;

  const columnsKey = columns.map((column) => column.id).join(' ');
  const [, navigate] = useLocation();
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
  const searchRef = useRef<HTMLInputElement>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // One table answers (the first, where a screen has two); a key typed into a field, a dialog or a menu is theirs.
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || takesKeys(event.target)) return;
      if (event.key === '/') searchRef.current?.focus();
      else if (event.key === '?') setShowShortcuts(true);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  const width = columns.length + (selection ? 1 : 0);

  return (
    <div className="data-table">
      {actions.length > 0 ? <SelectionToolbar actions={actions} store={selection ?? NO_SELECTION} isNarrow={isNarrow} /> : null}
      <div className="data-table__controls">
        <SearchBox
          value={state.q}
          onSearch={(q) => onChange({ q })}
          inputRef={searchRef}
          onArrowDown={() => keyboard.focusRow(tableRef.current, 0)}
        />
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
          {!countsKnown ? null : isFiltered(shown) ? (
            <>
              <span className="data-table__filtered">Filtered</span> {filteredTotal} of {total} records
            </>
          ) : (
            <>{total} records</>
          )}
        </p>
        {isFiltered(state) ? (
          <Button
            variant="quiet"
            className="data-table__clear"
            aria-label="Clear filter and search"
            onPress={() => onChange({ filter: undefined, q: '' })}
          >
            <span aria-hidden="true">×</span>
          </Button>
        ) : null}
        {selection ? <SelectionStatus store={selection} selectingAll={selectingAll} /> : null}
        {choosable.length > 0 ? (
          <div className="data-table__columns">
            <Suspense
              fallback={
                <Button variant="secondary" className="menu-button" isDisabled>
                  Columns<span aria-hidden="true">▾</span>
                </Button>
              }
            >
              <ColumnMenu columns={choosable} hidden={hidden} onHiddenChange={setHidden} />
            </Suspense>
          </div>
        ) : null}
      </div>
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
                  <EmptyState
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
          <ShortcutsDialog onClose={() => setShowShortcuts(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Keys that the focused element takes for itself: a text field's, a dialog's, a menu's or a list's. */
function takesKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.matches('textarea, select')) return true;
  if (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)) return true;
  return target.closest('[role="dialog"], [role="alertdialog"], dialog, [role="menu"], [role="listbox"]') !== null;
}

/** The toolbar, enabled by the selection count: it renders again on a tick, the table does not. */
function SelectionToolbar({ actions, store, isNarrow }: { actions: readonly TableAction[]; store: SelectionStore; isNarrow: boolean }) {
  return <TableToolbar actions={actions} selectedCount={useSelectedCount(store)} isNarrow={isNarrow} />;
}

/** 'n selected' with Uncheck All, while any record is selected. */
function SelectionStatus({ store, selectingAll }: { store: SelectionStore; selectingAll: boolean }) {
  const count = useSelectedCount(store);
  if (count === 0) return null;
  return (
    <p className="data-table__selected">
      <span role="status">{selectingAll ? 'Selecting all...' : `${count} selected`}</span>
      <Button variant="quiet" onPress={store.clear}>
        Uncheck All
      </Button>
    </p>
  );
}

type PageSelection = 'all' | 'some' | 'none';

/** Ticked when every row of the page is selected, a dash while some records are. */
function SelectAllCheckbox({
  store,
  rows,
  onSelectAll,
}: {
  store: SelectionStore;
  rows: readonly { id: string }[] | undefined;
  onSelectAll: (select: boolean) => void;
}) {
  const state = useSyncExternalStore(store.subscribe, (): PageSelection => {
    const { selected } = store;
    if (selected.size === 0) return 'none';
    return rows && rows.length > 0 && rows.every((row) => selected.has(row.id)) ? 'all' : 'some';
  });
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={input}
      type="checkbox"
      className="checkbox data-table__checkbox"
      aria-label="Select all records"
      checked={state === 'all'}
      disabled={!rows || rows.length === 0}
      onChange={() => onSelectAll(state !== 'all')}
    />
  );
}

function ColumnHeader<R>({
  column,
  isKey,
  direction,
  onSort,
}: {
  column: DataColumn<R>;
  /** The pinned key column's header: it stays over its cells when the table scrolls sideways. */
  isKey: boolean;
  direction: 'asc' | 'desc' | undefined;
  onSort: () => void;
}) {
  const key = isKey ? ' data-table__column--key' : '';
  if (!column.sortable) {
    return (
      <th className={`data-table__column${key}`} tabIndex={-1}>
        <span className="data-table__column-label">{column.label}</span>
      </th>
    );
  }
  const sort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    // The whole header sorts when clicked, as its button does from the keyboard (the button's click reaches it).
    <th aria-sort={sort} className={`data-table__column data-table__column--sortable${key}`} tabIndex={-1} onClick={onSort}>
      <button type="button" className="data-table__sort-button">
        {column.label}
        <span aria-hidden="true" className="data-table__sort">
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

interface DataRowProps<R extends { id: string }> {
  row: R;
  /** The columns as the screen gave them this time; a row renders again only when `columnsKey` (their ids) changes. */
  columns: readonly DataColumn<R>[];
  columnsKey: string;
  store: SelectionStore;
  selectable: boolean;
  onTick: (id: string, selected: boolean, extend: boolean) => void;
  baseId: string;
}

const sameRow = <R extends { id: string }>(a: DataRowProps<R>, b: DataRowProps<R>) =>
  a.row === b.row &&
  a.columnsKey === b.columnsKey &&
  a.store === b.store &&
  a.selectable === b.selectable &&
  a.onTick === b.onTick &&
  a.baseId === b.baseId;

/** A row: its checkbox follows the selection; its cells render once for the record and the columns. */
const DataRow = memo(function DataRow<R extends { id: string }>({
  row,
  columns,
  columnsKey,
  store,
  selectable,
  onTick,
  baseId,
}: DataRowProps<R>) {
  const selected = useIsSelected(store, row.id);
  const headerId = `${baseId}-${row.id}`;
  return (
    // The role written out, as react-aria wrote it: tests and tools find a cell's row by it.
    // biome-ignore lint/a11y/noRedundantRoles: see above.
    <tr role="row" className="data-table__row" aria-selected={selectable ? selected : undefined}>
      {selectable ? (
        <td
          className="data-table__cell data-table__cell--select"
          tabIndex={-1}
          // The role written out: not every tool derives a grid's cells from the table's role (testing-library).
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a table.
          role="gridcell"
        >
          <input
            id={`${headerId}-select`}
            type="checkbox"
            className="checkbox data-table__checkbox"
            aria-label="Select"
            aria-labelledby={`${headerId}-select ${headerId}`}
            checked={selected}
            // A checkbox's change comes from its click: Shift held extends from the last row ticked.
            onChange={(event) => onTick(row.id, event.currentTarget.checked, (event.nativeEvent as MouseEvent).shiftKey === true)}
          />
        </td>
      ) : null}
      <RowCells row={row} columns={columns} columnsKey={columnsKey} headerId={headerId} />
    </tr>
  );
}, sameRow) as <R extends { id: string }>(props: DataRowProps<R>) => ReactNode;

const sameCells = <R,>(a: { row: R; columnsKey: string }, b: { row: R; columnsKey: string }) =>
  a.row === b.row && a.columnsKey === b.columnsKey;

const RowCells = memo(function RowCells<R>({
  row,
  columns,
  headerId,
}: {
  row: R;
  columns: readonly DataColumn<R>[];
  columnsKey: string;
  headerId: string;
}) {
  return columns.map((column, index) => {
    const nowrap = column.nowrap || column.truncate ? ' data-table__cell--nowrap' : '';
    // Only a first column is pinned: a key column further along would stick over the columns before it.
    const key = index === 0 && column.isRowHeader ? ' data-table__cell--key' : '';
    const className = `data-table__cell${nowrap}${key}`;
    const content = cellContent(column, row);
    return column.isRowHeader ? (
      <th
        key={column.id}
        id={headerId}
        // Written out like the row's role (tests and tools find the row's name by it).
        // biome-ignore lint/a11y/noRedundantRoles: see above.
        role="rowheader"
        scope="row"
        className={className}
        tabIndex={-1}
      >
        {content}
      </th>
    ) : (
      <td
        key={column.id}
        className={className}
        tabIndex={-1}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid's cells (see the select cell).
        role="gridcell"
      >
        {content}
      </td>
    );
  });
}, sameCells) as <R>(props: { row: R; columns: readonly DataColumn<R>[]; columnsKey: string; headerId: string }) => ReactNode;

const cellContent = <R,>(column: DataColumn<R>, row: R): ReactNode =>
  column.truncate ? <Truncated text={column.truncate(row)} /> : column.render(row);

/** One line of a `truncate` column: the ellipsis past its width, the whole text on hover. */
function Truncated({ text }: { text: string }) {
  return text ? (
    <span className="data-table__truncated" title={text}>
      {text}
    </span>
  ) : null;
}

/** Grey bars in the table's shape until the first answer: no counts, no 'Loading...' in the middle of nowhere. */
function SkeletonRows({ columns }: { columns: number }) {
  const cells = SKELETON_KEYS.slice(0, columns);
  return (
    <tbody className="data-table__body" aria-hidden="true">
      {SKELETON_KEYS.slice(0, SKELETON_ROWS).map((row) => (
        <tr key={row} className="data-table__row data-table__row--skeleton">
          {cells.map((cell) => (
            <td key={cell} className="data-table__cell">
              <span className="data-table__skeleton" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/** One row across the table: the empty state, or a first load that failed. */
function StateRow({ width, children }: { width: number; children: ReactNode }) {
  return (
    <tr>
      <td
        colSpan={width}
        className="data-table__state"
        tabIndex={-1}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid's cells (see the select cell).
        role="gridcell"
      >
        {children}
      </td>
    </tr>
  );
}

/** The button of an empty table: the screen's add action ('Add Team'). */
export interface EmptyAction {
  label: string;
  onAction: () => void;
}

/**
 * An empty answer: nothing matches the search or the filter (with the way back), or there is nothing yet (with the
 * screen's next step, where it has one).
 */
function EmptyState<S extends string, F extends string>({
  shown,
  noun,
  emptyText,
  action,
  onChange,
}: {
  shown: Shown<S, F>;
  noun: string;
  emptyText: string;
  action?: EmptyAction;
  onChange: (change: Partial<TableState<S, F>>) => void;
}) {
  const q = shown.q.trim();
  if (!q && shown.filter === undefined) {
    if (!action) return <p className="data-table__empty">{emptyText}</p>;
    return (
      <div className="data-table__empty">
        <p>{emptyText}</p>
        <Button onPress={action.onAction}>{action.label}</Button>
      </div>
    );
  }
  return (
    <div className="data-table__empty">
      <p>{q ? `No ${noun} match “${q}”.` : `No ${noun} match this filter.`}</p>
      <Button variant="secondary" onPress={() => onChange(q ? { q: '' } : { filter: undefined })}>
        {q ? 'Clear search' : 'Clear filter'}
      </Button>
    </div>
  );
}

/** The search box: the URL follows the typing after a short pause; `/` focuses it, ArrowDown leaves it for the rows. */
function SearchBox({
  value,
  onSearch,
  inputRef,
  onArrowDown,
}: {
  value: string;
  onSearch: (q: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  onArrowDown: () => void;
}) {
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
  // A plain search input: the platform gives Esc-to-clear and the keyboard. It takes no more than the contract's
  // search text, so that no search is refused.
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
        maxLength={SEARCH_MAX_LENGTH}
        ref={inputRef}
        aria-keyshortcuts="/"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || event.altKey) return;
          event.preventDefault();
          onArrowDown();
        }}
      />
    </div>
  );
}
