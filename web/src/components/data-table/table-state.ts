// The shared table's state as the URL carries it (spec coach-shell §2.2; design: table state in the
// URL so reload, Back and a shared link keep it). Pure functions, tested without a browser.
import { BFF_MAX_LENGTH } from '../../../../generated/bff-limits.ts';

export const PAGE_SIZES = [10, 50, 100, 200, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;
/** The longest search every list operation takes (the contract's `q`): the search box takes no more. */
export const SEARCH_MAX_LENGTH: number = BFF_MAX_LENGTH.SearchText;
export type SortOrder = 'asc' | 'desc';

export interface TableState<Sort extends string = string, Filter extends string = string> {
  /** A filter of the dropdown; undefined = none chosen ('Select a filter'). */
  filter: Filter | undefined;
  q: string;
  sort: Sort;
  order: SortOrder;
  page: number;
  pageSize: PageSize;
  /** The screen's own narrowing parameters present in the URL (`TableStateConfig.scope`), as they are. */
  scope?: Readonly<Record<string, string>>;
}

export interface TableStateConfig<Sort extends string, Filter extends string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultOrder?: SortOrder;
  filters?: readonly Filter[];
  /** The filter that means "no filter" (e.g. showAll): chosen, it leaves the URL. */
  noFilter?: Filter;
  /**
   * Parameters of the list operation that narrow the table beside the filter and the search, carried in the URL (the
   * dashboard pipeline panel's slice: `stage`, `days`…): handed to the list and its select-all as they are, kept
   * while the filter, search, sort and page change, counted as filtering, and cleared by `{ scope: {} }`.
   */
  scope?: readonly string[];
}

export const isPageSize = (value: unknown): value is PageSize => PAGE_SIZES.includes(value as PageSize);

const oneOf = <T extends string>(values: readonly T[] | undefined, value: string | null): T | undefined =>
  value !== null && values?.includes(value as T) ? (value as T) : undefined;

/** Reads the state from the query string; anything missing or unknown takes its default. */
export function readTableState<Sort extends string, Filter extends string>(
  params: URLSearchParams,
  config: TableStateConfig<Sort, Filter>,
  rememberedPageSize: PageSize = DEFAULT_PAGE_SIZE,
): TableState<Sort, Filter> {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const filter = oneOf(config.filters, params.get('filter'));
  return {
    filter: filter === config.noFilter ? undefined : filter,
    q: params.get('q')?.slice(0, SEARCH_MAX_LENGTH) ?? '',
    sort: oneOf(config.sorts, params.get('sort')) ?? config.defaultSort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? config.defaultOrder ?? 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(pageSize) ? pageSize : rememberedPageSize,
    ...(config.scope
      ? { scope: Object.fromEntries(config.scope.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : []))) }
      : {}),
  };
}

/** What the list operation is asked for: the table's state. */
export interface ListQuery<S extends string, F extends string> {
  q: string | undefined;
  page: number;
  pageSize: PageSize;
  sort: S;
  order: SortOrder;
  /** The filter chosen; when none, the table's `noFilter` (e.g. showAll) or undefined. */
  filter: F | undefined;
}

/** The list operation's query of a table state. */
export function listQueryOf<S extends string, F extends string>(state: TableState<S, F>, config: TableStateConfig<S, F>): ListQuery<S, F> {
  return {
    q: state.q || undefined,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
    filter: state.filter ?? config.noFilter,
  };
}

/** The query string of a state: defaults are left out so that plain links stay plain. */
/** The parameters the table writes. */
const TABLE_KEYS: ReadonlySet<string> = new Set(['filter', 'q', 'sort', 'order', 'page', 'pageSize']);

export function writeTableState<Sort extends string, Filter extends string>(
  state: TableState<Sort, Filter>,
  config: TableStateConfig<Sort, Filter>,
  /** The address's other parameters (a screen's own, e.g. the team Add To Team preselects), kept as they are. */
  others: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const scopeKeys = new Set(config.scope);
  const params = new URLSearchParams([...others].filter(([key]) => !TABLE_KEYS.has(key) && !scopeKeys.has(key)));
  for (const [key, value] of Object.entries(state.scope ?? {})) if (scopeKeys.has(key) && value) params.set(key, value);
  if (state.filter !== undefined && state.filter !== config.noFilter) params.set('filter', state.filter);
  if (state.q.trim()) params.set('q', state.q);
  if (state.sort !== config.defaultSort) params.set('sort', state.sort);
  if (state.order !== (config.defaultOrder ?? 'desc')) params.set('order', state.order);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  return params;
}

/**
 * The next state after a change: a new filter, search, sort or page size starts again at page 1
 * (the old page may not exist any more).
 */
export function nextTableState<Sort extends string, Filter extends string>(
  state: TableState<Sort, Filter>,
  change: Partial<TableState<Sort, Filter>>,
): TableState<Sort, Filter> {
  const next = { ...state, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

/** Whether the filter or the search narrows the table (the 'Filtered' indicator). */
export const isFiltered = (state: Pick<TableState, 'filter' | 'q' | 'scope'>): boolean =>
  state.filter !== undefined || state.q.trim() !== '' || Object.keys(state.scope ?? {}).length > 0;

export const pageCount = (records: number, pageSize: number): number => Math.max(1, Math.ceil(records / pageSize));

/**
 * The page buttons: the first, the last and the current with its neighbours; 'gap' where pages are
 * skipped (1 … 4 5 6 … 12).
 */
export function pageButtons(current: number, pages: number): Array<number | 'gap'> {
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const buttons: Array<number | 'gap'> = [];
  for (const page of sorted) {
    const last = buttons.at(-1);
    if (typeof last === 'number' && page - last === 2) buttons.push(last + 1);
    else if (typeof last === 'number' && page - last > 2) buttons.push('gap');
    buttons.push(page);
  }
  return buttons;
}

/** Dates in tables are cut to 10 characters, YYYY-MM-DD (spec coach-shell §2.2). */
export const tableDate = (iso: string | undefined): string => (iso ? iso.slice(0, 10) : '');
