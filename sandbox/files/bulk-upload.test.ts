import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { clientsTemplate, findDuplicates, MISSING_COLUMNS, NOT_A_SPREADSHEET, parseBulkUpload } from './bulk-upload.ts';
import { unzip } from './read-back.ts';

async function workbookWith(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('clientsTemplate', () => {
  it('writes a real .xlsx with the four columns', async () => {
    const file = await clientsTemplate();
    expect(unzip(file).map((entry) => entry.name)).toContain('xl/workbook.xml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, 'name', 'surname', 'email', 'company']);
  });

  it('round-trips rows through the parser', async () => {
    const file = await clientsTemplate([
      { name: 'Zuzana', surname: 'Kováčová', email: 'zuzana@example.test', company: 'Karoo Logistics' },
      { name: 'Sipho', surname: 'Ndlovu', email: 'sipho@example.test' },
    ]);
    expect(await parseBulkUpload(file)).toEqual({
      ok: true,
      clients: [
        { row: 2, name: 'Zuzana', surname: 'Kováčová', email: 'zuzana@example.test', company: 'Karoo Logistics' },
        { row: 3, name: 'Sipho', surname: 'Ndlovu', email: 'sipho@example.test', company: '' },
      ],
      broken: [],
    });
  });
});

describe('parseBulkUpload (spec assessments-and-clients §4.11, §5)', () => {
  it('finds the header whatever its case and position', async () => {
    const file = await workbookWith([
      ['Clients for the Q4 programme'],
      [],
      ['E-mail', 'NAME', ' Surname ', 'Company'],
      ['ann@example.test', 'Ann', 'Lee', 'Acme'],
    ]);
    expect(await parseBulkUpload(file)).toMatchObject({
      ok: true,
      clients: [{ row: 4, name: 'Ann', surname: 'Lee', email: 'ann@example.test', company: 'Acme' }],
    });
  });

  it('reads hyperlinked e-mail cells by their text', async () => {
    const file = await workbookWith([
      ['name', 'surname', 'email'],
      ['Ann', 'Lee', { text: 'ann@example.test', hyperlink: 'mailto:ann@example.test' }],
    ]);
    expect(await parseBulkUpload(file)).toMatchObject({ ok: true, clients: [{ email: 'ann@example.test', company: '' }] });
  });

  it('lists broken rows: missing fields, invalid e-mails flagged, repeats', async () => {
    const file = await clientsTemplate([
      { name: 'Ann', surname: 'Lee', email: 'ann@example.test' },
      { name: 'Ben', email: 'ben@example.test', company: 'Acme' },
      { name: 'Cara', surname: 'Moyo', email: 'cara-at-example' },
      {},
      { name: 'Ann', surname: 'Lee', email: 'ANN@example.test' },
    ]);
    const result = await parseBulkUpload(file);
    expect(result).toEqual({
      ok: true,
      clients: [{ row: 2, name: 'Ann', surname: 'Lee', email: 'ann@example.test', company: '' }],
      broken: [
        { row: 3, reason: 'missingFields', client: { name: 'Ben', surname: '', email: 'ben@example.test', company: 'Acme' } },
        {
          row: 4,
          reason: 'invalidEmail',
          client: { name: 'Cara', surname: 'Moyo', email: 'cara-at-example (invalid email)', company: '' },
        },
        { row: 6, reason: 'repeatedInFile', client: { name: 'Ann', surname: 'Lee', email: 'ANN@example.test', company: '' } },
      ],
    });
  });

  it('refuses files that are not spreadsheets', async () => {
    expect(await parseBulkUpload(Buffer.from('name,surname,email\nAnn,Lee,a@b.c'))).toEqual({ ok: false, error: NOT_A_SPREADSHEET });
  });

  it('refuses a sheet without the needed columns', async () => {
    expect(
      await parseBulkUpload(
        await workbookWith([
          ['first', 'second'],
          ['a', 'b'],
        ]),
      ),
    ).toEqual({ ok: false, error: MISSING_COLUMNS });
  });
});

describe('findDuplicates', () => {
  it('lists uploaded clients who exist already, with their latest assessment', () => {
    const existing = [
      {
        name: 'Ann',
        surname: 'Lee',
        email: 'Ann@Example.test',
        lastAssessmentType: 'full' as const,
        lastAssessment: '2025-09-01 10:00:00',
      },
      { name: 'Dan', surname: 'Roe', email: 'dan@example.test', lastAssessmentType: null, lastAssessment: null },
    ];
    const uploaded = [
      { row: 2, name: 'Ann', surname: 'Lee', email: 'ann@example.test', company: '' },
      { row: 3, name: 'Eve', surname: 'Poe', email: 'eve@example.test', company: '' },
    ];
    expect(findDuplicates(uploaded, existing)).toEqual([
      { name: 'Ann', surname: 'Lee', email: 'Ann@Example.test', lastAssessmentType: 'full', lastAssessment: '2025-09-01 10:00:00' },
    ]);
  });
});
