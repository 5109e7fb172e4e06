import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useNarrowLayout } from '../../lib/use-narrow-layout.ts';
import type { DataTableProps } from './data-table.tsx';
import { SelectionOutsideFilter, useSelectionScope } from './selection-outside-filter.tsx';
import type { ActionMessage, ActionProps, ActionRegistry } from './table-actions.ts';
import { isFiltered, type ListQuery, listQueryOf, type TableState, type TableStateConfig } from './table-state.ts';
import { type ExportList, useTableExport } from './use-table-export.tsx';
import { useTableSelection, useTableState } from './use-table-state.ts';

// The alert loads when first shown (the coach routes' 150 KB budget); so does each action (the screen's registry).
const MessageDialog = lazy(async () => ({ default: (await import('../ui/message-dialog.tsx')).MessageDialog }));

/** One page of a list operation's answer. */
export interface ListPage {
  items: readonly object[];
  total: number;
  filteredTotal: number;
  page: number;
  pageSize: number;
}

type ItemOf<D extends ListPage> = D['items'][number];
/** A row of the table: the list's item with its id. */
export type RowOf<D extends ListPage> = ItemOf<D> & { id: string };

export interface ListScreenConfig<S extends string, F extends string, D extends ListPage, P extends object, X extends object> {
  table: TableStateConfig<S, F>;
  /** The list's query hook (e.g. `useTeams`), called once with the table's state and `params`; `refetch` is Retry's. */
  useList: (query: ListQuery<S, F> & P) => { data: D | undefined; error: unknown; isPlaceholderData: boolean; refetch?: () => unknown };
  /** The list operation's own parameters, besides the table's (e.g. the view). */
  params?: P;
  /** The row's id, for a list whose items carry none (`position`: the item's place in the whole list). */
  rowId?: (item: ItemOf<D>, position: number) => string;
  /**
   * Every id matching the search, filter and scope, across pages: the select-all checkbox, where the list has an ids
   * operation.
   */
  loadAllIds?: (
    query: Pick<ListQuery<S, F>, 'q' | 'filter'> & { scope: NonNullable<TableState['scope']> },
    queryClient: QueryClient,
  ) => Promise<readonly string[]>;
  /** The toolbar: rows can be selected when the screen has one. */
  actions?: ActionRegistry<RowOf<D>, X>;
  /** What the screen gives each action besides the selection (e.g. the view, the session). */
  extras?: X;
  /** The action the dashboard's re-route flag `?add=1` opens (once; the flag then leaves the address). */
  addAction?: string;
  /** The empty table's button opening `addAction` ('Add New Client'; the action's own label without it). */
  addLabel?: string;
  /** The records in a sentence, plural ('assessments'): the note of a selection the filter does not all show. */
  noun?: string;
  /** The list's export operation: Export as CSV and as Excel in the toolbar's More menu (the file named `exportName`). */
  exportList?: ExportList<S, F, P>;
  /** The exported file's name without its extension, when the BFF's answer names none. */
  exportName?: string;
}

export interface ListScreen<S extends string, F extends string, D extends ListPage> {
  /** `<DataTable {...screen.table} label columns emptyText />`: rows, state, selection, toolbar. */
  table: Omit<DataTableProps<RowOf<D>, S, F>, 'label' | 'columns' | 'emptyText' | 'filterOptions'>;
  /** The list's whole answer (a screen's own fields, e.g. hasReceived). */
  data: D | undefined;
  isNarrow: boolean;
  /** The running action and the alert it ended with: render once, after the table. */
  dialogs: ReactNode;
  /** Shows an alert of the screen's own (e.g. a failed download in a cell). */
  say: (message: ActionMessage) => void;
  /**
   * The note of a selection holding records the filter and search do not show, with "Select only these" and "Keep"
   * (`selection-outside-filter.tsx`); null otherwise. Render it above the table.
   */
  selectionNote: ReactNode;
}

type Running<R> = { id: string; ids: string[]; rows: R[]; outside?: number };

/**
 * The wiring of a table screen (web/README.md "Add a coach screen"): the table's state in the URL, the narrow
 * layout, the list query, the selection across pages with the rows seen on any page, select-all, the toolbar of the
 * screen's action registry, the running action and the alert it ends with.
 */
export function useListScreen<S extends string, F extends string, D extends ListPage, P extends object = object, X extends object = object>(
  config: ListScreenConfig<S, F, D, P, X>,
): ListScreen<S, F, D> {
  type R = RowOf<D>;
  const { actions: registry, extras = {} as X, loadAllIds, rowId } = config;
  const [state, update] = useTableState(config.table);
  const isNarrow = useNarrowLayout();
  const selection = useTableSelection();
  const queryClient = useQueryClient();
  const query = listQueryOf(state, config.table);
  const { q, filter } = query;
  const narrowed = state.scope ?? {};
  // The scope's parameters go to the list as they are (the contract reads them from the query string).
  const { data, error, isPlaceholderData, refetch } = config.useList({ ...(config.params as P), ...narrowed, ...query });
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowId is the screen's pure function; the rows follow the answer.
  const rows = useMemo(
    () =>
      rowId && data
        ? data.items.map((item, index) => ({ ...item, id: rowId(item, (data.page - 1) * data.pageSize + index) }))
        : (data?.items as readonly R[] | undefined),
    [data],
  );

  // The rows seen on any page, so that a selection made across pages still knows its rows.
  const seen = useRef(new Map<string, R>());
  for (const row of rows ?? []) seen.current.set(row.id, row);

  // A selection made before a filter or search may hold records the table no longer shows (the select-all's ids of
  // the filter and search shown, asked once a selection and a filter are both there).
  const filterKey = JSON.stringify([config.params ?? null, q ?? '', filter ?? null, narrowed]);
  const scope = useSelectionScope(
    selection,
    registry && loadAllIds && isFiltered(state) ? () => loadAllIds({ q, filter, scope: narrowed }, queryClient) : undefined,
    filterKey,
  );

  const [running, setRunning] = useState<Running<R> | null>(null);
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const { page: _page, pageSize: _pageSize, ...view } = query;
  const exportTable = useTableExport(
    config.exportList,
    // The view as the list reads it: the screen's parameters, its scope (a pipeline slice) and the table's query.
    { ...(config.params as P), ...narrowed, ...view },
    data?.filteredTotal,
    setMessage,
    config.exportName ?? 'export',
  );
  // Each action starts with the selection as it is when its button is pressed.
  const start = (id: string) => {
    const ids = [...selection.selected];
    setRunning({ id, ids, rows: ids.flatMap((one) => seen.current.get(one) ?? []), outside: scope.outside });
  };

  const [params, setParams] = useSearchParams();
  const addAction = params.get('add') === '1' ? config.addAction : undefined;
  useEffect(() => {
    if (!addAction) return;
    setRunning({ id: addAction, ids: [], rows: [] });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('add');
        return next;
      },
      { replace: true },
    );
  }, [addAction, setParams]);

  // A link to one record (the find-anything palette's: the table searched for it, `?select=<id>`) selects it, once;
  // the flag then leaves the address, so that Back and a reload keep the search, not a selection made since.
  const selectId = registry ? params.get('select') : null;
  useEffect(() => {
    if (!selectId) return;
    selection.set([selectId]);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('select');
        return next;
      },
      { replace: true },
    );
  }, [selectId, selection, setParams]);

  // An empty table offers the screen's add action as its next step, as the dashboard's re-route does.
  const addId = config.addAction;
  const add = addId ? registry?.[addId] : undefined;
  const emptyAction =
    add && addId && (!add.isShown || add.isShown(extras))
      ? { label: config.addLabel ?? add.label, onAction: () => setRunning({ id: addId, ids: [], rows: [] }) }
      : undefined;

  const Action = running ? registry?.[running.id]?.component : undefined;
  const actionProps = (now: Running<R>): ActionProps<R> & X => ({
    ...extras,
    ids: now.ids,
    rows: now.rows,
    clearSelection: selection.clear,
    select: (chosen) => selection.set(chosen),
    outsideFilter: Math.min(now.outside ?? 0, now.ids.length),
    finish: (ended) => {
      setRunning(null);
      if (ended) setMessage(ended);
    },
  });

  return {
    table: {
      rows,
      isStale: isPlaceholderData,
      error,
      onRetry: refetch && (() => void refetch()),
      total: data?.total,
      filteredTotal: data?.filteredTotal,
      state,
      onChange: update,
      isNarrow,
      emptyAction,
      exportTable,
      selection: registry ? selection : undefined,
      loadAllIds: loadAllIds && (() => loadAllIds({ q, filter, scope: narrowed }, queryClient)),
      actions: Object.entries(registry ?? {}).flatMap(([id, { component, isShown, ...entry }]) =>
        isShown && !isShown(extras) ? [] : [{ id, ...entry, onAction: () => start(id), preload: component.preload }],
      ),
    },
    data,
    isNarrow,
    say: setMessage,
    selectionNote: registry ? <SelectionOutsideFilter scope={scope} filterKey={filterKey} noun={config.noun ?? 'records'} /> : null,
    dialogs: (
      <Suspense fallback={null}>
        {running && Action ? <Action {...actionProps(running)} /> : null}
        {message ? (
          <MessageDialog title={message.title} onClose={() => setMessage(null)}>
            {message.body}
          </MessageDialog>
        ) : null}
      </Suspense>
    ),
  };
}
