// exportClients against the stateful sandbox (the demo coach's clients): the searched and sorted view with the
// visible columns' labels, one row per client listClients keeps for the same query, the dates as the table shows them.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import { parseCsv } from '../../downloads/csv-test-support.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

let env: SandboxBff;
let session: string;
const get = (url: string) => injectChecked(env.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });

beforeAll(async () => {
  env = await startSandboxBff();
  session = await env.signIn();
});
afterAll(() => env?.close());

const QUERY = 'q=a&sort=surname&order=asc';

describe('GET /api/clients/export (exportClients)', () => {
  it('writes the searched, sorted clients with the columns asked for, as CSV and as a workbook', async () => {
    const list: Bff['schemas']['ClientList'] = (await get(`/api/clients?${QUERY}&pageSize=500`)).json();
    expect(list.filteredTotal).toBeGreaterThan(1);
    const csv = await get(`/api/clients/export?${QUERY}&columns=surname&columns=assessmentCount&columns=createdAt`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="clients-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(['Client', 'Assessments', 'Created']);
    expect(rows).toEqual(
      list.items.map((client) => [
        `${client.name} ${client.surname} · ${client.email}`,
        String(client.assessmentCount),
        client.createdAt.slice(0, 10),
      ]),
    );

    const xlsx = await get(`/api/clients/export?${QUERY}&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Client', 'Company', 'Assessments', 'Latest assessment', 'Created']);
    expect(sheet?.actualRowCount).toBe(list.filteredTotal + 1);
  });
});
