// A table screen's Export (the shared table, spec assessments-and-clients §2.2; coach-shell §2.2): the rows its view,
// filter, search and sort keep, with the columns the coach sees, headed by the table's labels, as CSV or a workbook,
// written row by row while it is sent (memory independent of the rows' number: docs/decisions/029).
import { Readable } from 'node:stream';
import { fileAnswer, type HttpAnswer } from '../operation.ts';
import { contentDisposition } from './content-disposition.ts';
import { csvChunks } from './csv-writer.ts';
import type { ExportFormat, ExportSheet } from './export-sheet.ts';
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
