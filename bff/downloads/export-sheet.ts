// The rows of a table screen's Export (decision 029): the entries the list kept, in its order, as the cells of the
// columns the coach sees, headed by the table's labels; at most 50,000 rows.
import { problem } from '../problem.ts';

/** The most rows one export holds; the web says so before it asks for more. */
export const EXPORT_ROW_LIMIT = 50_000;
export const EXPORT_TOO_LARGE = 'The export holds at most 50,000 rows. Please narrow the table with a search or a filter.';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * A cell: text; a number (the transaction history's signed credits: no formula guard, a number in a workbook); or a
 * moment the table shows as its date (`YYYY-MM-DD`, the UTC day of an ISO 8601 instant), with `time` as its date
 * and time (`YYYY-MM-DD HH:MM`, as written in the instant).
 */
export type ExportCell = string | { number: number } | { date: string | undefined; time?: true };

/** One column of a table as an export writes it: the table's header label and the cell the table shows. */
export interface ExportColumn<E> {
  label: string;
  cell: (entry: E) => ExportCell;
}

/** The rows of an export, each a list of cells in the columns' order. */
export interface ExportSheet {
  labels: readonly string[];
  rows: Iterable<readonly ExportCell[]>;
}

/** The table's own date: the UTC day of the instant (web: `tableDate`), blank without one. */
export const tableDate = (iso: string | undefined): string => (iso ? iso.slice(0, 10) : '');

/** A language as the tables name it ('hungarian' → 'Hungarian': every language of the contract is named so). */
export const languageName = (language: string): string => language.charAt(0).toUpperCase() + language.slice(1);

/** The table's date and time (web: the transaction history's Date time), blank without one. */
export const tableDateTime = (iso: string | undefined): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/** The sheet of `entries` in `columns` (ids of `catalogue`), or the refusal of more than 50,000 rows. */
export function exportSheet<E, K extends string>(
  entries: readonly E[],
  catalogue: Readonly<Record<K, ExportColumn<E>>>,
  columns: readonly K[],
): ExportSheet {
  if (entries.length > EXPORT_ROW_LIMIT) throw problem(400, 'export_too_large', EXPORT_TOO_LARGE);
  const chosen = columns.map((id) => catalogue[id]);
  return {
    labels: chosen.map((column) => column.label),
    rows: (function* rows() {
      for (const entry of entries) yield chosen.map((column) => column.cell(entry));
    })(),
  };
}
