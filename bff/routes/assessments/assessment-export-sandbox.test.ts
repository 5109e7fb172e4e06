// exportAssessments against the stateful sandbox (the demo coach's 300 assessments): the file of the table's view,
// filter, search and sort with the visible columns' labels, as CSV and as a workbook read back with exceljs; the
// same rows listAssessments pages through for the same query; dates as the table shows them; an assistant's export.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import { SEED_ASSISTANT } from '../../../sandbox/seed/accounts.ts';
import { parseCsv } from '../../downloads/csv-test-support.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type AssessmentList = Bff['schemas']['AssessmentList'];

let env: SandboxBff;
let session: string;

const get = (url: string, cookie = session) => injectChecked(env.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: cookie } });
const list = async (query: string, cookie = session): Promise<AssessmentList> =>
  (await get(`/api/assessments?${query}&pageSize=500`, cookie)).json();

async function workbookRows(bytes: Buffer): Promise<ExcelJS.CellValue[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as its own Buffer; at run time it reads a Node Buffer.
  await workbook.xlsx.load(bytes as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

beforeAll(async () => {
  env = await startSandboxBff();
  session = await env.signIn();
});
afterAll(() => env?.close());

const QUERY = 'filter=completeSendReport&q=a&sort=completedAt&order=asc';
const columns = (...ids: string[]) => ids.map((id) => `columns=${id}`).join('&');
const COLUMNS = columns('info', 'company', 'completedAt', 'language');

describe('GET /api/assessments/export (exportAssessments)', () => {
  it('writes the filtered, searched and sorted view as CSV: the visible labels, every kept row, the table’s dates', async () => {
    const page = await list(QUERY);
    expect(page.filteredTotal).toBeGreaterThan(1);
    const response = await get(`/api/assessments/export?${QUERY}&${COLUMNS}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="assessments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['Info', 'Company', 'Completed', 'Lang']);
    expect(rows).toHaveLength(page.filteredTotal);
    rows.forEach((row, index) => {
      const item = page.items[index];
      if (!item) throw new Error('fewer rows listed than exported');
      expect(row[0]).toContain(`${item.clientName} ${item.clientSurname}`);
      expect(row[0]).toContain(item.clientEmail);
      expect(row[1]).toBe(item.company ?? '');
      // The table's date (web tableDate): the UTC day of the instant.
      expect(row[2]).toBe(item.completedAt?.slice(0, 10));
      expect(row[2]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row[3]?.toLowerCase()).toBe(item.language);
    });
  });

  it.each([
    ['the report studio’s table', 'report=imf'],
    ['a number of the dashboard’s pipeline panel', 'stage=nudgeInvited&days=365&olderThan=7'],
    ['a report and a slice together, filtered', 'report=basic&stage=added&days=365&filter=showAll'],
  ])('writes the rows of %s, as listAssessments lists them', async (_name, narrowing) => {
    const page = await list(`${narrowing}&sort=createdAt&order=desc`);
    const all = await list('sort=createdAt&order=desc');
    expect(page.filteredTotal).toBeGreaterThan(0);
    expect(page.filteredTotal).toBeLessThan(all.filteredTotal);
    const response = await get(`/api/assessments/export?${narrowing}&sort=createdAt&order=desc&${columns('info')}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    const [, ...rows] = parseCsv(response.body);
    expect(rows.map((row) => row[0])).toEqual(page.items.map((item) => expect.stringContaining(item.clientEmail)));
    expect(rows).toHaveLength(page.filteredTotal);
  });

  it('writes the same view as a workbook: bold labels, one row per kept assessment, dates shown YYYY-MM-DD', async () => {
    const page = await list(QUERY);
    const response = await get(`/api/assessments/export?${QUERY}&${COLUMNS}&format=xlsx`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="assessments-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Info', 'Company', 'Completed', 'Lang']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    const rows = await workbookRows(response.rawPayload);
    expect(rows).toHaveLength(page.filteredTotal + 1);
    const first = page.items[0];
    const date = sheet.getCell('C2');
    expect(date.numFmt).toBe('yyyy-mm-dd');
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(first?.completedAt?.slice(0, 10));
  });

  it('follows the view and the columns asked for, in their order (SCO Given: To Coach)', async () => {
    const page = await list('view=given');
    const response = await get(`/api/assessments/export?view=given&${columns('toCoach', 'createdAt', 'assessmentType')}&format=csv`);
    expect(response.headers['content-disposition']).toMatch(/filename="sco-given-/);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['To Coach', 'Created', 'Assessment']);
    expect(rows).toHaveLength(page.filteredTotal);
    expect(rows.map((row) => row[1])).toEqual(page.items.map((item) => item.createdAt.slice(0, 10)));
    expect(rows[0]?.[0]).toBe(page.items[0]?.toCoaches.map((coach) => `${coach.name} ${coach.surname}`).join(', '));
  });

  it('exports what the assistant’s table shows: the coach’s assessments', async () => {
    const assistant = await env.signIn(SEED_ASSISTANT.email);
    const page = await list('q=mokoena', assistant);
    const response = await get('/api/assessments/export?q=mokoena&columns=info&columns=createdAt&format=csv', assistant);
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['Info', 'Created']);
    expect(rows).toHaveLength(page.filteredTotal);
  });

  it('writes the desktop columns as CSV when the call names neither', async () => {
    const response = await get('/api/assessments/export');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header] = parseCsv(response.body);
    expect(header).toEqual([
      'Info',
      'Company',
      'Project',
      'Ennea Results',
      'Maturity Results',
      'Assessment',
      'Lang',
      'Created',
      'Registered',
      'Completed',
      'From Coach',
    ]);
  });

  it('refuses a column the table does not have, a column twice and another format (validation_failed)', async () => {
    for (const query of ['columns=info&columns=salary&format=csv', 'columns=info&columns=info', 'format=pdf']) {
      const response = await get(`/api/assessments/export?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});
