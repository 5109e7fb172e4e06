// The table mechanics the list screens share (spec assessments-and-clients §2.2 "the shared table"): rows
// shaped once, each column's sort key computed once, sorted orders and the last queries' results kept with
// the copy, so a later page, sort, filter or search of the same copy costs what the page costs.

import { setImmediate as nextTurn } from 'node:timers/promises';

export type SortKey = string | number | null;
export type Order = 'asc' | 'desc';

/** Accents and case do not matter when searching or sorting ('kovacs' finds and sorts with 'Kovács'). */
export const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const MAX_QUERIES = 16;
/** Entries worked on between two turns of the event loop (≈ 1–3 ms of shaping or folding). */
export const CHUNK = 500;

/** Work that yields every CHUNK entries (a generator), run to its end at once. */
export function runNow<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** The same work with a turn of the event loop at each of its yields. */
export async function runInTurns<T>(work: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/**
 * `each` over `items`, CHUNK at a time with a turn of the event loop in between, so a copy of tens of thousands of
 * records is shaped or indexed while other requests are served (docs/benchmarks.md "Heavy coach").
 */
export async function inChunks<T>(items: readonly T[], each: (item: T, index: number) => void): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + CHUNK);
    for (let index = start; index < end; index++) each(items[index] as T, index);
  }
}

export class Table<E, C extends string> {
  /** In the default order. */
  readonly entries: readonly E[];
  readonly #keyOf: (entry: E, column: C) => SortKey;
  readonly #keys = new Map<C, SortKey[]>();
  readonly #keying = new Map<C, Promise<void>>();
  readonly #sorted = new Map<string, readonly E[]>();
  readonly #queries = new Map<string, readonly E[]>();

  /** `entries` are already in the order of `defaultSort` (ties included): that order is not sorted again. */
  constructor(entries: readonly E[], keyOf: (entry: E, column: C) => SortKey, defaultSort?: { column: C; order: Order }) {
    this.entries = entries;
    this.#keyOf = keyOf;
    if (defaultSort) this.#sorted.set(`${defaultSort.column}:${defaultSort.order}`, entries);
  }

  /** Computes a column's sort keys a chunk at a time (inChunks), once; `sorted` then only sorts. */
  keyed(column: C): Promise<void> {
    if (this.#keys.has(column)) return Promise.resolve();
    let keying = this.#keying.get(column);
    if (!keying) {
      const keys: SortKey[] = new Array(this.entries.length);
      keying = inChunks(this.entries, (entry, index) => {
        keys[index] = this.#keyOf(entry, column);
      }).then(() => {
        this.#keys.set(column, keys);
        this.#keying.delete(column);
      });
      this.#keying.set(column, keying);
    }
    return keying;
  }

  /**
   * The entries sorted on one column: rows without a value last in either direction, ties in the default order.
   */
  sorted(column: C, order: Order): readonly E[] {
    const memo = `${column}:${order}`;
    const known = this.#sorted.get(memo);
    if (known) return known;
    let keys = this.#keys.get(column);
    if (!keys) {
      keys = this.entries.map((entry) => this.#keyOf(entry, column));
      this.#keys.set(column, keys);
    }
    const sign = order === 'asc' ? 1 : -1;
    const values = keys;
    const indexes = this.entries.map((_, index) => index);
    indexes.sort((a, b) => {
      const x = values[a] ?? null;
      const y = values[b] ?? null;
      if (x === y) return a - b;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : x > y ? 1 : 0) * sign || a - b;
    });
    const sorted = indexes.map((index) => this.entries[index] as E);
    this.#sorted.set(memo, sorted);
    return sorted;
  }

  /**
   * The sorted entries a query keeps, remembered under `key` (the query's filter and search); `matcher`
   * makes its predicate (null: every entry) only when the query is not remembered.
   */
  query(column: C, order: Order, key: string, matcher: () => ((entry: E) => boolean) | null): readonly E[] {
    const sorted = this.sorted(column, order);
    const memo = `${column}:${order}:${key}`;
    const known = this.#queries.get(memo);
    if (known) {
      this.#queries.delete(memo);
      this.#queries.set(memo, known);
      return known;
    }
    const matches = matcher();
    if (!matches) return sorted;
    const result = sorted.filter(matches);
    this.#queries.set(memo, result);
    if (this.#queries.size > MAX_QUERIES) this.#queries.delete(this.#queries.keys().next().value as string);
    return result;
  }
}

/**
 * The record whose text holds position `at` of a joined search text, `starts` being each record's first position
 * (and, last, the end): a binary search.
 */
export function recordAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** One page (from 1) of a list. */
export function pageOf<E>(list: readonly E[], page: number, pageSize: number): E[] {
  return list.slice((page - 1) * pageSize, page * pageSize);
}
