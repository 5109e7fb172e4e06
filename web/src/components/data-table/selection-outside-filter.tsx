import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from '../ui/button.tsx';
import type { SelectionStore } from './selection-store.ts';
import './selection-outside-filter.css';

export interface SelectionScope {
  /** How many selected records the filter and search do not show (0 when none, or not known yet). */
  outside: number;
  /** How many are selected. */
  selected: number;
  /** Narrows the selection to the records the filter and search show. */
  selectOnlyShown: () => void;
}

const count = (n: number) => n.toLocaleString('en');

/**
 * The selection against the filter: a selection made before a filter or search (a select-all of 2,265 "Not invited
 * yet", then a search for one client) still holds records the table no longer shows, and an action runs on all of
 * them. `loadShownIds` answers every id the filter and search show (the select-all's own call); `key` names that
 * filter and search. Nothing is asked while nothing is selected or the table is neither filtered nor searched.
 */
export function useSelectionScope(
  store: SelectionStore,
  loadShownIds: (() => Promise<readonly string[]>) | undefined,
  key: string,
): SelectionScope {
  const selected = useSyncExternalStore(store.subscribe, () => store.selected);
  const shown = useQuery({
    queryKey: ['selection-scope', key],
    queryFn: async () => new Set(await (loadShownIds as () => Promise<readonly string[]>)()),
    enabled: loadShownIds !== undefined && selected.size > 0,
  });
  const shownIds = loadShownIds ? shown.data : undefined;
  const outside = useMemo(() => {
    if (!shownIds || selected.size === 0) return 0;
    let n = 0;
    for (const id of selected) if (!shownIds.has(id)) n++;
    return n;
  }, [selected, shownIds]);
  return {
    outside,
    selected: selected.size,
    selectOnlyShown: () => {
      if (shownIds) store.set([...store.selected].filter((id) => shownIds.has(id)));
    },
  };
}

/**
 * Says that the selection holds records outside the filter, with "Select only these" (the records shown) and "Keep"
 * (the whole selection, as it is; the note then stays away until the filter or search changes).
 */
export function SelectionOutsideFilter({ scope, filterKey, noun }: { scope: SelectionScope; filterKey: string; noun: string }) {
  const [kept, setKept] = useState<string | null>(null);
  if (scope.outside === 0 || kept === filterKey) return null;
  return (
    <div className="selection-outside" role="status">
      <p className="selection-outside__text">
        {`${count(scope.outside)} of the ${count(scope.selected)} selected ${noun} ${scope.outside === 1 ? 'is' : 'are'} not shown by this filter. An action runs on all ${count(scope.selected)}.`}
      </p>
      <div className="selection-outside__actions">
        <Button variant="secondary" onPress={scope.selectOnlyShown}>
          Select only these
        </Button>
        <Button variant="quiet" onPress={() => setKept(filterKey)}>
          Keep
        </Button>
      </div>
    </div>
  );
}
