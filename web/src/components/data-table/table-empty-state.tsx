import { Button } from '../ui/button.tsx';
import type { EmptyAction } from './data-table-types.ts';
import type { TableState } from './table-state.ts';

/**
 * An empty answer: nothing matches the search or the filter (with the way back), or there is nothing yet (with the
 * screen's next step, where it has one).
 */
export function TableEmptyState<S extends string, F extends string>({
  shown,
  noun,
  emptyText,
  action,
  onChange,
}: {
  shown: TableState<S, F>;
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
