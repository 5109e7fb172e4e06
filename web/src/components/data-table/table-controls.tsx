// The row above the table: search, the filter dropdown, the record count ('Filtered n of m records') with its clear
// button, 'n selected' with Uncheck All, and the Columns menu.
import { lazy, type RefObject, Suspense } from 'react';
import { Button } from '../ui/button.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import type { DataColumn, FilterOption } from './data-table-types.ts';
import { SearchBox } from './search-box.tsx';
import { type SelectionStore, useSelectedCount } from './selection-store.ts';
import { isFiltered, type TableState } from './table-state.ts';

// The Columns menu's code arrives after the table's first paint, as the toolbar's dropdowns do.
const ColumnMenu = lazy(() => import('../ui/column-menu.tsx'));

export interface TableControlsProps<R, S extends string, F extends string> {
  state: TableState<S, F>;
  /** The state of the rows on screen (the counts are theirs). */
  shown: TableState<S, F>;
  onChange: (change: Partial<TableState<S, F>>) => void;
  filterOptions: readonly FilterOption<F>[] | undefined;
  /** The counts of the rows on screen, or undefined while a new search or filter is in flight. */
  counts: { total: number; filteredTotal: number } | undefined;
  selection: SelectionStore | undefined;
  selectingAll: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  onSearchArrowDown: () => void;
  /** The columns the coach may hide (none: no Columns menu). */
  choosable: readonly DataColumn<R>[];
  hidden: ReadonlySet<string>;
  onHiddenChange: (hidden: ReadonlySet<string>) => void;
}

export function TableControls<R, S extends string, F extends string>(props: TableControlsProps<R, S, F>) {
  const { state, shown, onChange, counts, selection } = props;
  return (
    <div className="data-table__controls">
      <SearchBox value={state.q} onSearch={(q) => onChange({ q })} inputRef={props.searchRef} onArrowDown={props.onSearchArrowDown} />
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
        {!counts ? null : isFiltered(shown) ? (
          <>
            <span className="data-table__filtered">Filtered</span> {counts.filteredTotal} of {counts.total} records
          </>
        ) : (
          <>{counts.total} records</>
        )}
      </p>
      {isFiltered(state) ? (
        <Button
          variant="quiet"
          className="data-table__clear"
          aria-label="Clear filter and search"
          onPress={() => onChange({ filter: undefined, q: '', scope: {} } as Partial<TableState<S, F>>)}
        >
          <span aria-hidden="true">×</span>
        </Button>
      ) : null}
      {selection ? <SelectionStatus store={selection} selectingAll={props.selectingAll} /> : null}
      {props.choosable.length > 0 ? (
        <div className="data-table__columns">
          <Suspense
            fallback={
              <Button variant="secondary" className="menu-button" isDisabled>
                Columns<span aria-hidden="true">▾</span>
              </Button>
            }
          >
            <ColumnMenu columns={props.choosable} hidden={props.hidden} onHiddenChange={props.onHiddenChange} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
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
