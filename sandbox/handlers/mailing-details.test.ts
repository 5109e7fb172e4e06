import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('download details (spec assessments-and-clients §2.3, §7)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  it('answers a real spreadsheet with one row per selected assessment and its link', async () => {
    const selected = ownAssessments(sandbox.store, demo).slice(0, 3);
    const response = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: `/api/v2/coaches/${demo}/downloadMailingDetails`,
      headers: { cookie },
      payload: { assessmentUUIDs: selected.map((a) => a.uuid) },
    });
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Mailing Details.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(4);
    const client = sandbox.store.clients.get(selected[0]?.clientUUID ?? '');
    expect(sheet?.getRow(2).getCell(3).text).toBe(client?.email);
    expect(sheet?.getRow(2).getCell(8).text).toContain(`userToken=${selected[0]?.userToken}`);
  });
});
