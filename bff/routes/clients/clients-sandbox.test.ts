// listClients and getClient against the stateful sandbox: the coach's own clients (received assessments'
// clients are not theirs) searched, sorted and paged; one client with every assessment and its report links.
// Every answer checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

type Row = Legacy['schemas']['Assessment'];
type ClientList = Bff['schemas']['ClientList'];

let env: SandboxBff;
let session: string;
let own: Row[];
let received: Row[];

const get = (url: string) => injectChecked(env.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });

beforeAll(async () => {
  env = await startSandboxBff({ assessments: 120 });
  session = await env.signIn();
  const read = async (mode: string): Promise<Row[]> =>
    (
      await env.sandbox.inject({ url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/tokensX${mode}`, headers: { cookie: env.legacyCookie } })
    ).json();
  own = await read('');
  received = await read('?mode=received');
});
afterAll(() => env?.close());

describe('GET /api/clients (listClients)', () => {
  it("lists each of the coach's own clients once with their assessment count, newest first", async () => {
    const { items, total, filteredTotal } = (await get('/api/clients?pageSize=500')).json() as ClientList;
    const clients = new Set(own.map((row) => row.clientUUID));
    expect(total).toBe(clients.size);
    expect(filteredTotal).toBe(clients.size);
    expect(items.map((item) => item.id).sort()).toEqual([...clients].sort());
    for (const row of received) expect(items.map((item) => item.id)).not.toContain(row.clientUUID);
    const counted = items.find((item) => item.assessmentCount > 1) as Bff['schemas']['ClientRow'];
    expect(counted.assessmentCount).toBe(own.filter((row) => row.clientUUID === counted.id).length);
    const created = items.map((item) => item.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('searches, sorts on the surname and pages', async () => {
    const surname = own[0]?.clientSurname ?? '';
    const found = (await get(`/api/clients?q=${encodeURIComponent(surname.toLowerCase())}&pageSize=500`)).json() as ClientList;
    expect(found.filteredTotal).toBeGreaterThan(0);
    expect(
      found.items.every((item) => item.surname === surname || item.name === surname || item.email.includes(surname.toLowerCase())),
    ).toBe(true);
    const sorted = (await get('/api/clients?sort=surname&order=asc&pageSize=500')).json() as ClientList;
    const keys = sorted.items.map((item) => item.surname.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
    expect([...keys].sort()).toEqual(keys);
    const page = (await get('/api/clients?sort=surname&order=asc&pageSize=10&page=2')).json() as ClientList;
    expect(page.items.map((item) => item.id)).toEqual(sorted.items.slice(10, 20).map((item) => item.id));
  });
});

describe('GET /api/clients/{id} (getClient)', () => {
  it('answers the client with every assessment newest first and its report links', async () => {
    const row = own.find((r) => r.assessmentType === 'full' && r.marked === 1 && r.guestCompletedAt !== null) as Row;
    const response = await get(`/api/clients/${row.clientUUID}`);
    expect(response.statusCode).toBe(200);
    const client = response.json() as Bff['schemas']['ClientDetails'];
    expect(client).toMatchObject({ id: row.clientUUID, name: row.clientName, surname: row.clientSurname, email: row.clientEmail });
    expect(client.assessments.map((a) => a.id)).toContain(row.uuid);
    const assessment = client.assessments.find((a) => a.id === row.uuid) as Bff['schemas']['ClientAssessment'];
    const pdf = assessment.reportLinks.filter((link) => link.format === 'pdf').map((link) => link.report);
    expect(pdf).toEqual(assessment.availableReports.pdf);
    const basic = assessment.reportLinks.find((link) => link.report === 'basic' && link.format === 'pdf');
    expect(basic?.url).toBe(`/api/assessments/${row.uuid}/reports/basic?format=pdf&language=${basic?.language}`);
    expect(assessment.reportLinks.find((link) => link.format === 'html' && link.report === 'imf')?.url).toBe(
      `/coachportal/reports/m/${row.uuid}?language=english`,
    );
    // The PDF link is one the BFF serves.
    const download = await get(basic?.url ?? '');
    expect(download.statusCode).toBe(200);
  });

  it('answers 404 for a client whose assessments were received from another coach, and for an unknown client', async () => {
    const fromPeer = received[0] as Row;
    expect((await get(`/api/clients/${fromPeer.clientUUID}`)).json().code).toBe('not_found');
    expect((await get('/api/clients/c1e00000-0000-4000-8000-00000000dead')).statusCode).toBe(404);
  });
});
