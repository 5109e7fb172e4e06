// The shared table's props: the columns a screen declares, its filter options, the empty table's next step.
import type { ReactNode } from 'react';
import type { SelectionStore } from './selection-store.ts';
import type { TableAction } from './table-actions.ts';
import type { TableState } from './table-state.ts';

export interface DataColumn<R> {
  /** The column's id; for a sortable column, the sort key the BFF knows. */
  id: string;
  label: string;
  sortable?: boolean;
  /** The cell that names the row for screen readers (one per table). */
  isRowHeader?: boolean;
  /** Short values that must not wrap (codes, a type's name). */
  nowrap?: boolean;
  /**
   * Dates and numbers: one line in figures of one width, right-aligned under a right-aligned header, the column as
   * narrow as its values (a longer header wraps between its words).
   */
  numeric?: boolean;
  /**
   * A cell of plain text kept to one line: cut with an ellipsis where the table has no more room for it, the whole text
   * in its title (hover), shown whole while the cell has the focus, and in the cell (copied, read by a screen reader).
   */
  truncate?: (row: R) => string;
  /** The cell: it depends on the row alone (a row renders again when it or the set of columns changes, not otherwise). */
  render: (row: R) => ReactNode;
}

export interface FilterOption<F extends string> {
  id: F;
  label: string;
}

export interface DataTableProps<R extends { id: string }, S extends string, F extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<R>[];
  /** The page of rows, or undefined until the first answer. */
  rows: readonly R[] | undefined;
  /** The rows shown are the previous answer's while the next one loads. */
  isStale?: boolean;
  error: unknown;
  /** Asks for the list again (the Retry of a failed load). */
  onRetry?: () => void;
  /** Every record of the view, and those matching filter and search; undefined until known. */
  total: number | undefined;
  filteredTotal: number | undefined;
  state: TableState<S, F>;
  onChange: (change: Partial<TableState<S, F>>) => void;
  filterOptions?: readonly FilterOption<F>[];
  /** Without it the table has no checkboxes (a view with no toolbar). */
  selection?: SelectionStore;
  /** Every record matching the filter and search, across all pages (the select-all checkbox). */
  loadAllIds?: () => Promise<readonly string[]>;
  actions?: readonly TableAction[];
  isNarrow: boolean;
  /** What an empty table says when neither a search nor a filter narrows it ('No teams yet. Add a team to start.'). */
  emptyText: string;
  /** The next step an empty table offers when neither a search nor a filter narrows it (the screen's add action). */
  emptyAction?: EmptyAction;
  /** The records in a sentence, plural ('teams'): 'No teams match “xyz”.' */
  noun?: string;
  /**
   * The table's name for the Columns menu ('assessments'): at desktop width the coach may hide any column but the one
   * naming the row, remembered in this browser under that name. Without it every column is shown.
   */
  columnChoice?: string;
  /**
   * The page Enter on a row opens when its row header holds no link (a team's page); undefined for a row that opens
   * nothing. Without it Enter follows the row header's link, where there is one (the client's page).
   */
  rowHref?: (row: R) => string | undefined;
  /** Export as CSV and as Excel in the toolbar's More menu (the screen's list has an export operation). */
  exportTable?: TableExport | undefined;
}

/** A file an export writes (the contract's ExportFormat). */
export type ExportFormat = 'csv' | 'xlsx';

/** The table's Export (its More menu): the view as a file, with the columns shown. */
export interface TableExport {
  /** Starts the download of the current view with these columns (their ids, in the order shown). */
  start: (format: ExportFormat, columns: readonly string[]) => void;
  /** The format being downloaded: its menu item says so and waits. */
  running?: ExportFormat | undefined;
}

/** The button of an empty table: the screen's add action ('Add Team'). */
export interface EmptyAction {
  label: string;
  onAction: () => void;
}
