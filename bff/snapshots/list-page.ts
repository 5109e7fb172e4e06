// One page of a list screen (spec assessments-and-clients §2.2 "the shared table"; coach-shell §2.2): the query's
// search, accents and case folded, its sort and its page, answered the same way by every list operation, with
// `total` counting the whole list and `filteredTotal` what the search (and a filter) keeps.
import { fold, type Order, pageOf, type Table } from './table.ts';

/** The contract's list query: every list operation takes these (a list may add its own, e.g. a filter). */
export interface ListQuery<C extends string, S extends number> {
  q?: string | undefined;
  sort?: C | undefined;
  order?: Order | undefined;
  page?: number | undefined;
  pageSize?: S | undefined;
}

export interface ListPage<R, S extends number> {
  items: R[];
  total: number;
  filteredTotal: number;
  page: number;
  pageSize: S;
}

/** The contract's defaults beside `sort`: the first page of 50, descending. */
const FIRST_PAGE = 1;
const PAGE_SIZE = 50;

export interface ListOptions<E, C extends string, R> {
  /** The contract's default sort column (the list's default order, with `desc`). */
  sort: C;
  /**
   * What a search is matched against: the entry's shown columns, folded (`fold`); or, for a list that answers its
   * own queries (the assessments: a filter and a search index), the entries kept for a folded text, in the order asked.
   */
  search: { text: (entry: E) => string } | { matching: (text: string, sort: C, order: Order) => readonly E[] };
  /** The contract's row of an entry (by default the entry is the row). */
  row?: ((entry: E) => R) | undefined;
}

/** Every entry the query's search (and filter) keeps, in its order: what the pages of `listPage` hold, and an export. */
export function listEntries<E, C extends string>(
  table: Table<E, C>,
  { q = '', sort, order = 'desc' }: Pick<ListQuery<C, number>, 'q' | 'sort' | 'order'>,
  { sort: defaultSort, search }: Pick<ListOptions<E, C, unknown>, 'sort' | 'search'>,
): readonly E[] {
  const text = fold(q.trim());
  const column = sort ?? defaultSort;
  return 'matching' in search
    ? search.matching(text, column, order)
    : table.query(column, order, text, () => (text === '' ? null : (entry) => search.text(entry).includes(text)));
}

export function listPage<E, C extends string, S extends number, R = E>(
  table: Table<E, C>,
  query: ListQuery<C, S>,
  options: ListOptions<E, C, R>,
): ListPage<R, S> {
  const { page = FIRST_PAGE, pageSize = PAGE_SIZE as S } = query;
  const { row } = options;
  const kept = listEntries(table, query, options);
  const shown = pageOf(kept, page, pageSize);
  return {
    items: row ? shown.map(row) : (shown as unknown as R[]),
    total: table.entries.length,
    filteredTotal: kept.length,
    page,
    pageSize,
  };
}
