import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/local-storage.ts';
import { createSelectionStore, type SelectionStore } from './selection-store.ts';
import {
  DEFAULT_PAGE_SIZE,
  isPageSize,
  type ListQuery,
  listQueryOf,
  nextTableState,
  readTableState,
  type TableState,
  type TableStateConfig,
  writeTableState,
} from './table-state.ts';

export type TableStateChange<Sort extends string, Filter extends string> = Partial<TableState<Sort, Filter>>;

/**
 * The table's state in the URL's query string (wouter's search params): reload, Back and a shared
 * link keep it. Typing in the search box replaces the history entry instead of adding one per key;
 * the page size chosen is also remembered in local storage for the next visit.
 */
const rememberedPageSize = () => readJson(STORAGE_KEYS.pageSize, isPageSize) ?? DEFAULT_PAGE_SIZE;

/**
 * The query a table screen opened without parameters asks first (its defaults, the page size remembered): what a
 * screen's prefetch must ask for to be the query the screen finds in the cache.
 */
export function openingQuery<S extends string, F extends string>(config: TableStateConfig<S, F>): ListQuery<S, F> {
  return listQueryOf(readTableState(new URLSearchParams(), config, rememberedPageSize()), config);
}

export function useTableState<Sort extends string, Filter extends string>(config: TableStateConfig<Sort, Filter>) {
  const [params, setParams] = useSearchParams();
  const remembered = rememberedPageSize();
  // biome-ignore lint/correctness/useExhaustiveDependencies: config is a module constant of the screen.
  const state = useMemo(() => readTableState(params, config, remembered), [params, remembered]);

  const update = useCallback(
    (change: TableStateChange<Sort, Filter>) => {
      if (change.pageSize !== undefined) writeJson(STORAGE_KEYS.pageSize, change.pageSize);
      const next = nextTableState(state, change);
      const onlySearch = Object.keys(change).every((key) => key === 'q');
      setParams((current) => writeTableState(next, config, current), { replace: onlySearch });
    },
    [state, config, setParams],
  );

  return [state, update] as const;
}

// The selection lives beside the state: every table screen loads this module with the table, so a screen that
// selects rows needs no chunk of its own for it (the coach routes' 150 KB budget).
export type TableSelection = SelectionStore;

/** The records a table has selected; kept while paging and sorting so that a selection can span pages. */
export function useTableSelection(): TableSelection {
  const [store] = useState(createSelectionStore);
  return store;
}
