// A table screen's Export (the shared table, spec assessments-and-clients §2.2; coach-shell §2.2): the rows its view,
// filter, search and sort keep, with the columns the coach sees, headed by the table's labels, as CSV or a workbook,
// written row by row while it is sent (memory independent of the rows' number: docs/decisions/029).
import { Readable } from 'node:stream';
import { fileAnswer, type HttpAnswer } from '../operation.ts';
import { contentDisposition } from './content-disposition.ts';
import { csvChunks } from './csv-writer.ts';
import { type ExportColumn, type ExportFormat, type ExportSheet, exportSheet } from './export-sheet.ts';
import { XLSX } from './spreadsheet.ts';
import { xlsxStream } from './xlsx-writer.ts';

/** `{name}-YYYY-MM-DD.csv|xlsx`: the day it was exported (UTC). */
export const exportFileName = (name: string, format: ExportFormat, now: number): string =>
  `${name}-${new Date(now).toISOString().slice(0, 10)}.${format}`;

/** The file, streamed: nothing is written before the reader asks for it. */
export function exportAnswer(sheet: ExportSheet, format: ExportFormat, fileName: string): HttpAnswer<Readable> {
  if (format === 'csv')
    return fileAnswer(Readable.from(csvChunks(sheet), { objectMode: false }), 'text/csv; charset=utf-8', contentDisposition(fileName));
  return fileAnswer(xlsxStream(sheet), XLSX, contentDisposition(fileName));
}

/** One table's export: its columns by the contract's column ids, the desktop columns (the default) and the file's name. */
export interface TableExport<E, K extends string> {
  catalogue: Readonly<Record<K, ExportColumn<E>>>;
  desktop: readonly K[];
  name: string;
}

/** The file of `entries` (the list's, for the export's query) with the query's columns, as CSV or a workbook. */
export function tableExportAnswer<E, K extends string>(
  entries: readonly E[],
  { catalogue, desktop, name }: TableExport<E, K>,
  { columns = desktop, format = 'csv' }: { columns?: readonly K[] | undefined; format?: ExportFormat | undefined },
  now: number,
): HttpAnswer<Readable> {
  return exportAnswer(exportSheet(entries, catalogue, columns), format, exportFileName(name, format, now));
}
