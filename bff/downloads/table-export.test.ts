// The export's writers (decision 029): CSV fields quoted and guarded against formulas, the 50,000-row limit, and
// both files written as the reader takes them, never ahead of it: the rows taken from the list stay within a window
// however long the list (what keeps the memory of an export independent of its size).
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setImmediate as tick } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../problem.ts';
import { parseCsv } from './csv-test-support.ts';
import { csvField } from './csv-writer.ts';
import { EXPORT_ROW_LIMIT, type ExportColumn, exportSheet } from './export-sheet.ts';
import { exportAnswer } from './table-export.ts';
import { columnName, excelDay } from './xlsx-writer.ts';

interface Entry {
  name: string;
  at: string;
}
const COLUMNS: Record<'name' | 'at', ExportColumn<Entry>> = {
  name: { label: 'Name', cell: (entry) => entry.name },
  at: { label: 'Created', cell: (entry) => ({ date: entry.at }) },
};

/** `count` entries, counting how many the writer has taken so far. */
function counted(count: number) {
  const taken = { rows: 0 };
  const entries = new Proxy([] as Entry[], {
    get(target, key) {
      if (key === 'length') return count;
      if (key === Symbol.iterator)
        return function* rows() {
          for (let index = 0; index < count; index++) {
            taken.rows += 1;
            yield { name: `Client ${index} Kovács`, at: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString() };
          }
        };
      return Reflect.get(target, key);
    },
  });
  return { entries, taken };
}

const file = (entries: readonly Entry[], format: 'csv' | 'xlsx') =>
  exportAnswer(exportSheet(entries, COLUMNS, ['name', 'at']), format, `x.${format}`).body as Readable;

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['Kovács, Bence', '"Kovács, Bence"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ['+27 82 555 0101', "'+27 82 555 0101"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['', ''],
  ])('writes %j as %j', (text, field) => {
    expect(csvField(text)).toBe(field);
  });
});

describe('exportSheet', () => {
  it('takes 50,000 rows and refuses one more with export_too_large', () => {
    expect(() => exportSheet(counted(EXPORT_ROW_LIMIT).entries, COLUMNS, ['name'])).not.toThrow();
    const refusal = (() => {
      try {
        exportSheet(counted(EXPORT_ROW_LIMIT + 1).entries, COLUMNS, ['name']);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ProblemError);
    expect(refusal).toMatchObject({ statusCode: 400, code: 'export_too_large' });
    expect((refusal as ProblemError).detail).toMatch(/at most 50,000 rows/);
  });
});

describe('the files', () => {
  it('writes a CSV with a byte-order mark, the labels and the dates as the table shows them', async () => {
    const { entries } = counted(3);
    const rows = parseCsv((await buffer(file(entries, 'csv'))).toString('utf8'));
    expect(rows).toEqual([
      ['Name', 'Created'],
      ['Client 0 Kovács', '2025-01-01'],
      ['Client 1 Kovács', '2025-01-01'],
      ['Client 2 Kovács', '2025-01-01'],
    ]);
  });

  it('writes a workbook exceljs reads: text, dates as dates shown yyyy-mm-dd, a blank left blank', async () => {
    const sheet = exportSheet(
      [
        { name: '<b>&"x"\u0001', at: '2025-09-03T23:59:00Z' },
        { name: '', at: '' },
      ],
      COLUMNS,
      ['name', 'at'],
    );
    const bytes = await buffer(exportAnswer(sheet, 'xlsx', 'x.xlsx').body as Readable);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    const worksheet = workbook.worksheets[0];
    if (!worksheet) throw new Error('no worksheet');
    expect(worksheet.getCell('A2').value).toBe('<b>&"x"');
    expect((worksheet.getCell('B2').value as Date).toISOString()).toBe('2025-09-03T00:00:00.000Z');
    expect(worksheet.getCell('B2').numFmt).toBe('yyyy-mm-dd');
    expect(worksheet.getCell('A3').value).toBeNull();
    expect(worksheet.rowCount).toBe(3);
  });

  it('writes a number as a number (no formula guard) and a date with its time as the table shows it, in both files', async () => {
    const columns: Record<'at' | 'credits', ExportColumn<{ at: string; credits: number }>> = {
      at: { label: 'Date time', cell: (entry) => ({ date: entry.at, time: true }) },
      credits: { label: 'Credits', cell: (entry) => ({ number: entry.credits }) },
    };
    const sheet = () => exportSheet([{ at: '2025-09-03T14:05:59Z', credits: -2 }], columns, ['at', 'credits']);
    const csv = parseCsv((await buffer(exportAnswer(sheet(), 'csv', 'x.csv').body as Readable)).toString('utf8'));
    expect(csv).toEqual([
      ['Date time', 'Credits'],
      ['2025-09-03 14:05', '-2'],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buffer(exportAnswer(sheet(), 'xlsx', 'x.xlsx').body as Readable)) as never);
    const worksheet = workbook.worksheets[0];
    if (!worksheet) throw new Error('no worksheet');
    expect((worksheet.getCell('A2').value as Date).toISOString()).toBe('2025-09-03T14:05:00.000Z');
    expect(worksheet.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(worksheet.getCell('B2').value).toBe(-2);
  });

  it('names columns and days as Excel does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
    expect(excelDay('1970-01-01T10:00:00Z')).toBe(25_569);
    expect(excelDay('2025-09-03T10:00:00Z')).toBe(45_903);
  });

  it.each(['csv', 'xlsx'] as const)('writes a %s of 50,000 rows only as fast as it is read', async (format) => {
    const { entries, taken } = counted(EXPORT_ROW_LIMIT);
    const stream = file(entries, format);
    // The reader takes one chunk, then nothing: the writer fills its buffers and waits.
    await once(stream, 'readable');
    expect(stream.read()).not.toBeNull();
    for (let turn = 0; turn < 50; turn++) await tick();
    expect(taken.rows).toBeGreaterThan(0);
    expect(taken.rows).toBeLessThan(EXPORT_ROW_LIMIT / 10);
    // Read to the end: every row taken once.
    const bytes = await buffer(stream);
    expect(bytes.length).toBeGreaterThan(EXPORT_ROW_LIMIT * 5);
    expect(taken.rows).toBe(EXPORT_ROW_LIMIT);
  });
});
