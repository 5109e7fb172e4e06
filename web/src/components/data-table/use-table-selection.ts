import { useCallback, useMemo, useState } from 'react';

export interface TableSelection {
  /** The selected records' ids, on any page. */
  selected: ReadonlySet<string>;
  set: (ids: ReadonlySet<string>) => void;
  clear: () => void;
}

/** The records a table has selected; kept while paging and sorting so that a selection can span pages. */
export function useTableSelection(): TableSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const clear = useCallback(() => setSelected((current) => (current.size === 0 ? current : new Set())), []);
  return useMemo(() => ({ selected, set: setSelected, clear }), [selected, clear]);
}
