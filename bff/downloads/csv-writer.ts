// CSV as RFC 4180 writes it, for a spreadsheet to open (decision 029): UTF-8 with a byte-order mark (Excel reads the
// file as UTF-8 only with it: accents), CRLF line ends, a field quoted when it holds a comma, a quote or a line end,
// and a text starting with `=`, `+`, `-`, `@` (or a tab or carriage return) prefixed with `'`, so that no spreadsheet
// runs it as a formula (OWASP "CSV injection").
import type { ExportCell, ExportSheet } from './export-sheet.ts';
import { tableDate, tableDateTime } from './export-sheet.ts';

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** Rows are handed on in chunks of about this many characters: one write per chunk, not per row. */
const CHUNK = 16 * 1024;

/** One field: guarded against formulas, quoted when it must be. */
export function csvField(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvCell(cell: ExportCell): string {
  if (typeof cell === 'string') return csvField(cell);
  // A number is written as it is: a negative one is no formula.
  if ('number' in cell) return String(cell.number);
  return cell.time ? tableDateTime(cell.date) : tableDate(cell.date);
}

const csvLine = (cells: readonly ExportCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The file's text, in chunks, the header line first. */
export function* csvChunks({ labels, rows }: ExportSheet): Generator<string> {
  let chunk = BOM + csvLine(labels);
  for (const row of rows) {
    chunk += csvLine(row);
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}
