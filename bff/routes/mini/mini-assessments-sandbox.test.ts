// listMiniAssessments and downloadMiniAssessmentsSpreadsheet against the stateful sandbox legacy API: the demo
// coach's mini-assessments shaped, searched, sorted and paged; the public link on the portal's origin; the
// report link only once section 2 is done; the workbook. Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5 }));
});
afterAll(() => bff?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  injectChecked(bff.server, { method: 'GET', url, headers, cookies: { [SESSION_COOKIE]: session } });
const demoUuid = () => [...bff.store.coaches.values()].find((coach) => coach.email === 'demo@coachportal.test')?.uuid;

interface Row {
  uniqueId: string;
  name: string;
  surname: string;
  createdAt: string;
  completedAt: string | null;
  ennea: number | null;
  reportUrl: string | null;
}

describe('listMiniAssessments', () => {
  it("answers the demo coach's records newest first, each report link only once completed", async () => {
    const response = await get('/api/mini-assessments?pageSize=500');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { items: Row[]; total: number; selfRegistrationUrl: string };
    const own = [...bff.store.miniAssessments.values()].filter((record) => record.coachUuid === demoUuid());
    expect(body.total).toBe(own.length);
    expect(body.total).toBeGreaterThan(2);
    const times = body.items.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const row of body.items) {
      expect(row.reportUrl).toBe(row.completedAt ? `/coachportal/reports/${row.uniqueId}` : null);
      if (!row.completedAt) expect(row.ennea).toBeNull();
    }
    expect(body.items.some((row) => row.completedAt)).toBe(true);
    expect(body.selfRegistrationUrl).toBe(`http://localhost:3000/coachportal/mini/${demoUuid()}`);
  });

  it('makes the public link on the origin the visitor uses when it is an allowed one', async () => {
    const body = (await get('/api/mini-assessments', { origin: 'http://127.0.0.1:3000' })).json();
    expect(body.selfRegistrationUrl).toBe(`http://127.0.0.1:3000/coachportal/mini/${demoUuid()}`);
    const foreign = (await get('/api/mini-assessments', { origin: 'https://evil.example' })).json();
    expect(foreign.selfRegistrationUrl.startsWith('http://localhost:3000/')).toBe(true);
  });

  it('searches, sorts by name and pages', async () => {
    const all = (await get('/api/mini-assessments?pageSize=500')).json() as { items: Row[] };
    const first = all.items[0] as Row;
    const found = (await get(`/api/mini-assessments?q=${encodeURIComponent(first.surname.toUpperCase())}`)).json() as {
      items: Row[];
      filteredTotal: number;
    };
    expect(found.items.map((row) => row.uniqueId)).toContain(first.uniqueId);
    expect(
      found.items.every((row) => row.surname === first.surname || JSON.stringify(row).toLowerCase().includes(first.surname.toLowerCase())),
    ).toBe(true);

    const byName = (await get('/api/mini-assessments?pageSize=500&sort=name&order=asc')).json() as { items: Row[] };
    const names = byName.items.map((row) => `${row.name} ${row.surname}`.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));

    const page = (await get('/api/mini-assessments?pageSize=10&page=1')).json();
    expect(page.items.length).toBeLessThanOrEqual(10);
    expect((await get('/api/mini-assessments?sort=email')).statusCode).toBe(400);
  });
});

describe('downloadMiniAssessmentsSpreadsheet', () => {
  it('streams the workbook under the day’s file name', async () => {
    const response = await get('/api/mini-assessments/spreadsheet');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mini-assessments-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });
});
