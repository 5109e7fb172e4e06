// The table's body: its rows (each rendered again only when its record or the columns change), the skeleton rows of
// a first load and the one row of an empty or failed answer.
import { memo, type ReactNode } from 'react';
import type { DataColumn } from './data-table-types.ts';
import { type SelectionStore, useIsSelected } from './selection-store.ts';
import { TruncatedText } from './truncated-text.tsx';

/** The skeleton rows shown until the first answer. */
const SKELETON_ROWS = 8;
// Keys of the skeleton's rows and cells (no table has more columns).
const SKELETON_KEYS = Array.from({ length: 20 }, (_, index) => `skeleton-${index}`);

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
export const DataRow = memo(function DataRow<R extends { id: string }>({
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
    const nowrap = column.numeric ? ' data-table__cell--numeric' : column.nowrap ? ' data-table__cell--nowrap' : '';
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
  column.truncate ? <TruncatedText text={column.truncate(row)} /> : column.render(row);

/** Grey bars in the table's shape until the first answer: no counts, no 'Loading...' in the middle of nowhere. */
export function SkeletonRows({ columns }: { columns: number }) {
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
export function StateRow({ width, children }: { width: number; children: ReactNode }) {
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
