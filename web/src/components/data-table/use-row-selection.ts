import { useCallback, useEffect, useRef, useState } from 'react';
import type { SelectionStore } from './selection-store.ts';

/**
 * The table's ticks: a row's box (Shift extends from the last row ticked), and the select-all box, which selects every
 * record of the filter and search across pages (spec coach-shell §2.2) when the screen can list their ids. A new filter
 * or search clears the selection.
 */
export function useRowSelection({
  rows,
  selection,
  loadAllIds,
  filterKey,
}: {
  rows: readonly { id: string }[] | undefined;
  selection: SelectionStore | undefined;
  loadAllIds: (() => Promise<readonly string[]>) | undefined;
  /** Changes with the filter and the search. */
  filterKey: string;
}) {
  const [selectAllError, setSelectAllError] = useState<unknown>(null);
  const [selectingAll, setSelectingAll] = useState(false);

  // A new filter or search shows other records: the selection of the old ones goes.
  const clear = selection?.clear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the filter or the search changes.
  useEffect(() => clear?.(), [filterKey, clear]);

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
    if (!loadAllIds) return;
    setSelectingAll(true);
    setSelectAllError(null);
    loadAllIds()
      .then((ids) => selection.set(ids))
      .catch((failure: unknown) => setSelectAllError(failure))
      .finally(() => setSelectingAll(false));
  };

  return { onTick, onSelectAll, selectingAll, selectAllError };
}
