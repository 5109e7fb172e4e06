import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

async function sheetRows(body: Buffer, sheet: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.getWorksheet(sheet)?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('mini-assessments list and spreadsheet, activity summary (spec coach-shell §2.3, §2.4)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const get = (url: string) => injectLegacy(sandbox.app, { method: 'GET', url, headers: { cookie } });

  it('lists the mini-assessments newest first, results null while unfinished', async () => {
    const list = (await get(`/api/v2/coaches/${demo}/miniAssessments`)).json();
    expect(list).toHaveLength(12);
    expect(list[0].createdAt >= list[1].createdAt).toBe(true);
    expect(
      list.some((r: { section2CompletedAt: string | null; ennea: number | null }) => r.section2CompletedAt === null && r.ennea === null),
    ).toBe(true);
    expect(list[0]).not.toHaveProperty('responses');
  });

  it('downloads the mini-assessments as a real workbook with one row per record', async () => {
    const response = await get(`/api/v2/coaches/${demo}/miniAssessmentsSpreadsheet`);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('Mini-Assessments 2025-11-20.xlsx');
    const rows = await sheetRows(response.rawPayload, 'Mini-Assessments');
    expect(rows[0]).toEqual(['Name', 'Surname', 'Email', 'Language', 'Ennea', 'Trifix', 'Started', 'Completed']);
    expect(rows).toHaveLength(13);
  });

  it('downloads the activity summary with own and received assessments', async () => {
    const response = await get(`/api/v2/coaches/${demo}/downloadActivitySummary`);
    const rows = await sheetRows(response.rawPayload, 'Assessments');
    expect(rows).toHaveLength(1 + ownAssessments(sandbox.store, demo).length + 6);
    const summary = await sheetRows(response.rawPayload, 'Summary');
    expect(summary).toContainEqual(['Received SCOs', 6]);
  });
});
