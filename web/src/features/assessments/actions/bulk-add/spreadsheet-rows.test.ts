import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { countSpreadsheetClients } from './spreadsheet-rows.ts';

/** A workbook as Excel writes it (exceljs: shared strings, deflated parts), with the template's header row. */
async function workbook(rows: readonly (readonly string[])[]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clients');
  // A second sheet is never read: the upload takes the first.
  book.addWorksheet('Notes').addRow(['a note', 'on', 'three rows']);
  sheet.addRow(['name', 'surname', 'email', 'company']);
  for (const row of rows) sheet.addRow([...row]);
  return new Blob([await book.xlsx.writeBuffer()]);
}

describe('countSpreadsheetClients', () => {
  it('counts the rows after the header that hold anything, faulty ones too', async () => {
    const file = await workbook([
      ['Lerato', 'Dlamini', 'lerato@bulk.test', 'Bulk Co'],
      ['', 'Nel', 'nel@bulk.test', ''],
      ['', '', '', ''],
      ['Pieter', 'Nel', 'pieter@bulk', ''],
    ]);
    expect(await countSpreadsheetClients(file)).toBe(3);
  });

  it('reads fifty clients', async () => {
    const rows = Array.from({ length: 50 }, (_, n) => [`Name${n}`, `Surname${n}`, `c${n}@bulk.test`, '']);
    expect(await countSpreadsheetClients(await workbook(rows))).toBe(50);
  });

  it('reads nothing from a file that is not a workbook', async () => {
    expect(await countSpreadsheetClients(new Blob(['name,surname,email\nA,B,a@b.test\n']))).toBeUndefined();
    expect(await countSpreadsheetClients(new Blob([]))).toBeUndefined();
  });
});
