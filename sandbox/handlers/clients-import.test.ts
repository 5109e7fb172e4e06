import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsTemplate } from '../files/bulk-upload.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import { clientAssessments, ownAssessments } from '../state/store.ts';
import { balanceOf } from '../state/views.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function multipart(fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('spreadsheet', new Blob([new Uint8Array(file)], { type: XLSX }), 'clients.xlsx');
  const request = new Request('http://sandbox.test', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

describe('import results and bulk upload (spec assessments-and-clients §3.6, §3.7, §4.11, §5)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());

  const post = (url: string, payload: object) => injectLegacy(sandbox.app, { method: 'POST', url, headers: { cookie }, payload });
  const results = { enneaRankingCSV: '8,3,7,1,2,4,5,6,9', assessmentLanguage: 'english', scoreSP: 60, scoreSO: 30, scoreSX: 10 };

  it('imports results for a new client as a completed, scored Enneagram assessment', async () => {
    const response = await post(`/api/v3/coaches/${demo}/newClientImportResults`, {
      name: 'Zuzana',
      surname: 'Kovacova',
      email: 'zuzana@example.test',
      project: 'Bratislava',
      ...results,
    });
    expect(response.json()).toEqual({ guest: { userName: 'Zuzana', userSurname: 'Kovacova' } });
    const client = [...sandbox.store.clients.values()].find((entry) => entry.email === 'zuzana@example.test');
    const [imported] = clientAssessments(sandbox.store, client?.uuid ?? '');
    expect(imported).toMatchObject({
      assessmentType: 'ennea',
      tokenType: 'importResults',
      userEnnea: 8,
      orderedTriType: '837',
      userTriType: '378',
      userInstinct: 'SP',
      userCoach: 'Bratislava',
    });
    expect(imported?.guestCompletedAt).not.toBeNull();
  });

  it('refuses tied instinct scores', async () => {
    const response = await post(`/api/v3/coaches/${demo}/newClientImportResults`, {
      name: 'Tie',
      surname: 'Scores',
      email: 'tie@example.test',
      ...results,
      scoreSO: 60,
    });
    expect(response.json()).toEqual({ error: { info: 'The instinct scores must be different from each other; there cannot be a tie.' } });
  });

  it('imports results to an existing client', async () => {
    const client = [...sandbox.store.clients.values()].find((entry) => entry.email === 'zuzana@example.test');
    const response = await post(`/api/v3/importResults/${client?.uuid}`, { ...results, enneaRankingCSV: '4,1,5,2,3,6,7,8,9' });
    expect(response.json()).toEqual({ guest: { userName: 'Zuzana', userSurname: 'Kovacova' } });
    expect(clientAssessments(sandbox.store, client?.uuid ?? '')).toHaveLength(2);
  });

  it('asks to confirm existing clients, then adds every good row and lists the broken ones', async () => {
    const existing = sandbox.store.clients.get(ownAssessments(sandbox.store, demo)[0]?.clientUUID ?? '');
    const file = await clientsTemplate([
      { name: 'Thabo', surname: 'Dlamini', email: 'thabo@example.test', company: 'Karoo Logistics' },
      { name: existing?.name, surname: existing?.surname, email: existing?.email.toUpperCase(), company: '' },
      { name: 'Broken', surname: 'Email', email: 'not-an-email', company: '' },
    ]);
    const fields = { tokenType: 'paid', assessmentLanguage: 'english', assessmentType: 'EIT', project: 'Graduate Programme' };
    const first = await multipart(fields, file);
    const url = `/api/v3/coaches/${demo}/bulkAddClientsTokens/upload`;
    const ask = await injectLegacy(sandbox.app, {
      method: 'POST',
      url,
      headers: { cookie, 'content-type': first.contentType },
      payload: first.payload,
    });
    expect(ask.json()).toMatchObject({ pleaseConfirm: true, duplicatedGuests: [{ email: existing?.email }] });
    expect([...sandbox.store.clients.values()].some((entry) => entry.email === 'thabo@example.test')).toBe(false);

    const before = balanceOf(sandbox.store, demo);
    const existingCount = clientAssessments(sandbox.store, existing?.uuid ?? '').length;
    const confirmed = await multipart({ ...fields, duplicatesConfirmedOK: 'true' }, file);
    const done = await injectLegacy(sandbox.app, {
      method: 'POST',
      url,
      headers: { cookie, 'content-type': confirmed.contentType },
      payload: confirmed.payload,
    });
    expect(done.json()).toMatchObject({
      pleaseConfirm: false,
      brokenClients: [{ name: 'Broken', email: 'not-an-email (invalid email)' }],
      message: '2 assessment(s) added.',
    });
    expect(clientAssessments(sandbox.store, existing?.uuid ?? '')).toHaveLength(existingCount + 1);
    expect(balanceOf(sandbox.store, demo)).toBe(before - 4);
  });

  it('refuses a file that is not a spreadsheet', async () => {
    const body = await multipart({ tokenType: 'paid', assessmentLanguage: 'english', assessmentType: 'ennea' }, Buffer.from('plain text'));
    const response = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: `/api/v3/coaches/${demo}/bulkAddClientsTokens/upload`,
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.json()).toEqual({ error: { info: 'The uploaded file is not a readable Excel spreadsheet.' } });
  });
});
