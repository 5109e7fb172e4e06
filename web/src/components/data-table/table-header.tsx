// The table's header row: the select-all checkbox and the column headers (a sortable one is a button).
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { DataColumn } from './data-table-types.ts';
import type { SelectionStore } from './selection-store.ts';

type PageSelection = 'all' | 'some' | 'none';

/** Ticked when every row of the page is selected, a dash while some records are. */
export function SelectAllCheckbox({
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

export function ColumnHeader<R>({
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
  const key = `${isKey ? ' data-table__column--key' : ''}${column.numeric ? ' data-table__column--numeric' : ''}`;
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
        <span className="data-table__sort-label">{column.label}</span>
        {/* The arrow of an unsorted column shows while the header is pointed at (data-table.css), outside the label's width. */}
        <span aria-hidden="true" className="data-table__sort">
          {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
