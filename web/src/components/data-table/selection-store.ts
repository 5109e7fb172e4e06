import { useSyncExternalStore } from 'react';

/**
 * The records a table has selected, on any page, outside React's state: a tick re-renders the row it ticks and
 * what shows the count, not the table (each row reads whether it is selected with `useIsSelected`).
 */
export interface SelectionStore {
  /** The selected records' ids, on any page (a new set after every change). */
  readonly selected: ReadonlySet<string>;
  subscribe: (listener: () => void) => () => void;
  set: (ids: Iterable<string>) => void;
  /** Selects (or unselects) these records, leaving the others as they are: a row, or a range of rows. */
  change: (ids: readonly string[], selected: boolean) => void;
  clear: () => void;
}

export function createSelectionStore(): SelectionStore {
  let selected: ReadonlySet<string> = new Set();
  const listeners = new Set<() => void>();
  const publish = (next: ReadonlySet<string>) => {
    selected = next;
    for (const listener of listeners) listener();
  };
  return {
    get selected() {
      return selected;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (ids) => publish(new Set(ids)),
    change: (ids, select) => {
      const next = new Set(selected);
      for (const id of ids) {
        if (select) next.add(id);
        else next.delete(id);
      }
      publish(next);
    },
    clear: () => {
      if (selected.size > 0) publish(new Set());
    },
  };
}

/** A store that never selects anything: the rows of a table without checkboxes. */
export const NO_SELECTION: SelectionStore = createSelectionStore();

/** Whether one record is selected: the component re-renders when that changes, and only then. */
export const useIsSelected = (store: SelectionStore, id: string): boolean =>
  useSyncExternalStore(store.subscribe, () => store.selected.has(id));

/** How many records are selected. */
export const useSelectedCount = (store: SelectionStore): number => useSyncExternalStore(store.subscribe, () => store.selected.size);
