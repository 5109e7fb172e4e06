// The list tables' exports against the stateful sandbox (the demo coach's clients, teams, pairs, mini-assessments and
// balance history; the assessments' own in assessment-export-sandbox.test.ts): for each, the searched and sorted view
// with the visible columns' labels, one row per record the list keeps for the same query and in its order, a date as
// the table shows it, the workbook holding as many rows, and a parameter the contract refuses answered as
// problem+json.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { injectChecked } from '../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../test-support/sandbox-bff.ts';
import { parseCsv } from './csv-test-support.ts';

let env: SandboxBff;
let session: string;
const get = (url: string) => injectChecked(env.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });

beforeAll(async () => {
  env = await startSandboxBff();
  session = await env.signIn();
});
afterAll(() => env?.close());

type Item = Record<string, unknown>;
const text = (value: unknown) => String(value ?? '');
const day = (value: unknown) => text(value).slice(0, 10);

interface ExportCase {
  /** The list operation's path; its export is `${list}/export`. */
  list: string;
  /** The file's name before its date. */
  name: string;
  /** The search and sort (the same for the list and the export). */
  query: string;
  columns: readonly string[];
  labels: readonly string[];
  /** The cells the table shows for a listed item, in `columns`' order. */
  cells: (item: Item) => string[];
  /** The workbook's header with the table's desktop columns (no `columns` asked). */
  desktop: readonly string[];
}

const CASES: readonly ExportCase[] = [
  {
    list: '/api/clients',
    name: 'clients',
    query: 'q=a&sort=surname&order=asc',
    columns: ['surname', 'assessmentCount', 'createdAt'],
    labels: ['Client', 'Assessments', 'Created'],
    cells: (client) => [`${client.name} ${client.surname} · ${client.email}`, text(client.assessmentCount), day(client.createdAt)],
    desktop: ['Client', 'Company', 'Assessments', 'Latest assessment', 'Created'],
  },
  {
    list: '/api/teams',
    name: 'teams',
    query: 'q=team&sort=name&order=asc',
    columns: ['name', 'memberCount', 'createdAt'],
    labels: ['Name', 'Number of Members', 'Created'],
    cells: (team) => [text(team.name), text(team.memberCount), day(team.createdAt)],
    desktop: ['Name', 'Description', 'Project', 'Number of Members', 'Created', 'Report Requested', 'Due Date', 'Report'],
  },
  {
    list: '/api/pairs',
    name: 'pairs',
    query: 'sort=coupleType&order=asc',
    columns: ['info', 'reportSent', 'updatedAt'],
    labels: ['Info', 'Sent', 'Updated'],
    cells: (pair) => [text(pair.info), pair.reportSent ? 'Yes' : 'No', day(pair.updatedAt)],
    desktop: ['Info', 'Type', 'Report', 'Sent', 'Company', 'Project', 'Enneagram Results', 'Maturity Results', 'Updated'],
  },
  {
    list: '/api/mini-assessments',
    name: 'mini-assessments',
    query: 'q=e&sort=name&order=asc',
    columns: ['name', 'trifix', 'createdAt'],
    labels: ['Info', 'Trifix', 'Started'],
    cells: (mini) => [`${mini.name} ${mini.surname} · ${mini.email}`, text(mini.trifix), day(mini.createdAt)],
    desktop: ['Info', 'Language', 'Ennea', 'Trifix', 'Report', 'Started', 'Completed'],
  },
  {
    list: '/api/credits/transactions',
    name: 'transactions',
    query: 'sort=credits&order=asc',
    columns: ['datetime', 'description', 'credits'],
    labels: ['Date time', 'Description', 'Credits'],
    // The table's Date time: the day and the minute.
    cells: (entry) => [text(entry.datetime).slice(0, 16).replace('T', ' '), text(entry.description), text(entry.credits)],
    desktop: ['Date time', 'Description', 'Credits', 'Balance'],
  },
];

describe.each(CASES)('GET $list/export', ({ list, name, query, columns, labels, cells, desktop }) => {
  it('writes the searched, sorted view with the columns asked for, as CSV and as a workbook', async () => {
    const listed = (await get(`${list}?${query}&pageSize=500`)).json() as { items: Item[]; filteredTotal: number };
    expect(listed.filteredTotal).toBeGreaterThan(1);
    const asked = columns.map((id) => `columns=${id}`).join('&');
    const csv = await get(`${list}/export?${query}&${asked}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(new RegExp(`filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(labels);
    expect(rows).toHaveLength(listed.filteredTotal);
    expect(rows).toEqual(listed.items.map(cells));

    const xlsx = await get(`${list}/export?${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(new RegExp(`filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`));
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input as its own Buffer; at run time it reads a Node Buffer.
    await workbook.xlsx.load(xlsx.rawPayload as never);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, ...desktop]);
    expect(sheet?.actualRowCount).toBe(listed.filteredTotal + 1);
  });

  it.each(['columns=nope', 'format=pdf', 'sort=nope'])('answers %s with problem+json validation_failed', async (bad) => {
    const response = await get(`${list}/export?${bad}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});
