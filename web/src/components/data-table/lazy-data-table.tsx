import { Suspense } from 'react';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';
import { TableSkeleton } from '../ui/skeleton.tsx';
import type { DataTableProps } from './data-table.tsx';

type AnyTableProps = DataTableProps<{ id: string }, string, string>;

// The table's grid (keyboard navigation, selection, the sortable headers) is the largest part of a table screen: it
// loads beside the list's first request, not before the screen's first paint (the coach routes' budget).
const Table = lazyWithPreload<AnyTableProps>(async () => ({ default: (await import('./data-table.tsx')).DataTable }));

/** Fetches the table's code ahead of a table screen (e.g. once the coach area is up). */
export const preloadDataTable = Table.preload;

/**
 * `DataTable` as the screens use it: the same props, its code loaded with the screen's first request. Until it
 * is there the table's place shows its shape in skeletons, as the table itself does until the first answer.
 */
export function DataTable<R extends { id: string }, S extends string, F extends string>(props: DataTableProps<R, S, F>) {
  return (
    <Suspense fallback={<TableSkeleton className="data-table" />}>
      {/* The lazy component cannot keep DataTable's type parameters; the props are the screen's, checked above. */}
      <Table {...(props as unknown as AnyTableProps)} />
    </Suspense>
  );
}
