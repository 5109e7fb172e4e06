// A table's Export (its More menu; decision 029): the view the table shows (view, filter, search, sort) with the columns
// shown, downloaded as the portal downloads every file (lib/use-download.ts: the session's timer, the file name).

import { problemMessage } from '../../lib/problem.ts';
import type { FileAnswer } from '../../lib/use-download.ts';
import { useDownload } from '../../lib/use-download.ts';
import type { ExportFormat, TableExport } from './data-table-types.ts';
import type { ActionMessage } from './table-actions.ts';
import type { ListQuery } from './table-state.ts';

/** The most rows one export holds (the contract's exportAssessments: 400 `export_too_large` beyond it). */
export const EXPORT_ROW_LIMIT = 50_000;

/** The list's export operation: the table's query without its page, the format, the columns shown. */
export type ExportList<S extends string, F extends string, P> = (
  query: Omit<ListQuery<S, F>, 'page' | 'pageSize'> & P,
  format: ExportFormat,
  columns: readonly string[],
) => Promise<FileAnswer>;

const count = (records: number) => records.toLocaleString('en');

/** Said before an export of more rows than one may hold starts. */
export const tooManyRows = (records: number): ActionMessage => ({
  title: 'Please Note',
  body: (
    <p>
      This view holds {count(records)} rows; an export holds at most {count(EXPORT_ROW_LIMIT)}. Please narrow the table with a search or a
      filter.
    </p>
  ),
});

/**
 * The table's export, when the screen's list has one: an export of more rows than the limit is refused here, before
 * it starts; a failed one says why.
 */
export function useTableExport<S extends string, F extends string, P>(
  exportList: ExportList<S, F, P> | undefined,
  query: Omit<ListQuery<S, F>, 'page' | 'pageSize'> & P,
  filteredTotal: number | undefined,
  say: (message: ActionMessage) => void,
  name: string,
): TableExport | undefined {
  const download = useDownload(
    ({ format, columns }: { format: ExportFormat; columns: readonly string[] }) => {
      if (!exportList) throw new Error('This table has no export.');
      return exportList(query, format, columns);
    },
    ({ format }) => `${name}.${format}`,
  );
  if (!exportList) return undefined;
  return {
    running: download.isPending ? download.variables?.format : undefined,
    start: (format, columns) => {
      if (filteredTotal !== undefined && filteredTotal > EXPORT_ROW_LIMIT) {
        say(tooManyRows(filteredTotal));
        return;
      }
      download.mutate({ format, columns }, { onError: (failure) => say({ title: 'Failed', body: <p>{problemMessage(failure)}</p> }) });
    },
  };
}
