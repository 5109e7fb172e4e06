// Adding clients and assessments, importing results and the bulk upload against the stateful sandbox legacy
// API: what the legacy store holds afterwards, the dialogs' texts in the spec's order, the duplicate rules, the
// accreditation level, an impersonator's token type, an assistant acting for the coach, the list copies dropped
// after a change, and the spreadsheet checked while it streams. Every answer is checked against the contract.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { clientsTemplate } from '../../../sandbox/files/bulk-upload.ts';
import { SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { clientAssessments, ownAssessments } from '../../../sandbox/state/store.ts';
import { balanceOf } from '../../../sandbox/state/views.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type HugeUpload, hugeUpload } from '../../test-support/huge-upload.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { CLIENT_MESSAGES } from './client-actions-service.ts';
import { SPREADSHEET_MAX_BYTES, UPLOAD_MESSAGES, XLSX_TYPE } from './clients-upload.ts';

const DEMO = SEED_COACHES.demo.uuid;

let bff: SandboxBff;
let session: string;

beforeEach(async () => {
  await bff?.close();
  // The list copies live 30 s: a change must drop them at once.
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 60, env: { SNAPSHOT_TTL_MS: '30000' } }));
});
afterAll(async () => {
  await bff?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = session) =>
  injectChecked(bff.server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie }, ...(payload && { payload }) });

const signInAs = (email: string) => bff.signIn(email);
/** An administrator acting for the demo coach, through the admin tool's impersonation. */
const impersonate = () => bff.impersonate();

const clientByEmail = (email: string) =>
  [...bff.store.clients.values()].find((client) => client.email.toLowerCase() === email.toLowerCase());
/** A client of the demo coach's own. */
const ownClient = () => bff.store.clients.get(ownAssessments(bff.store, DEMO)[0]?.clientUUID ?? '');
const newClient = (fields: object = {}) => ({
  name: 'Sipho',
  surname: 'Dlamini',
  email: 'sipho.dlamini@umhlangafinance.co.za',
  company: 'Umhlanga Finance',
  assessment: { assessmentType: 'full', project: 'Leadership Programme 2025', reportsToAutoSend: ['basic', 'imf'], language: 'zulu' },
  ...fields,
});

describe('POST /api/clients (createClient)', () => {
  it('creates the client and its first assessment, charged to the coach, and drops the list copies', async () => {
    const listed = (await call('GET', '/api/clients')).json().total;
    const before = balanceOf(bff.store, DEMO);
    const response = await call('POST', '/api/clients', newClient());
    expect(response.statusCode).toBe(201);
    const { clientId, assessmentId } = response.json();
    expect(clientByEmail('sipho.dlamini@umhlangafinance.co.za')?.uuid).toBe(clientId);
    expect(bff.store.assessments.get(assessmentId)).toMatchObject({
      clientUUID: clientId,
      assessmentType: 'full',
      tokenType: 'paid',
      assessmentLanguage: 'zulu',
      userCoach: 'Leadership Programme 2025',
      reportsToAutoSend: 'basic,imf',
    });
    // spec §9: a Combined assessment costs 3 credits.
    expect(balanceOf(bff.store, DEMO)).toBe(before - 3);
    expect((await call('GET', '/api/clients')).json().total).toBe(listed + 1);
  });

  it("answers the dialog's texts in the spec's order, then refuses an existing client's e-mail in any case", async () => {
    const cases: [object, string, string][] = [
      [newClient({ name: '' }), 'client_details_required', CLIENT_MESSAGES.detailsRequired],
      [newClient({ surname: '   ', email: 'not-an-email' }), 'client_details_required', CLIENT_MESSAGES.detailsRequired],
      [newClient({ email: 'not-an-email' }), 'invalid_email', CLIENT_MESSAGES.invalidEmail],
      [newClient({ assessment: {} }), 'assessment_required', CLIENT_MESSAGES.assessmentRequiredNew],
      [newClient({ assessment: undefined }), 'assessment_required', CLIENT_MESSAGES.assessmentRequiredNew],
    ];
    for (const [body, code, detail] of cases) {
      const response = await call('POST', '/api/clients', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code, detail });
    }
    const existing = ownClient();
    const duplicate = await call('POST', '/api/clients', newClient({ email: existing?.email.toUpperCase() }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'client_exists', detail: CLIENT_MESSAGES.clientExists });
    expect(clientByEmail('sipho.dlamini@umhlangafinance.co.za')).toBeUndefined();
  });

  it('refuses Maturity and Full at level 0 (not yet accredited) as at level 1', async () => {
    const peer = [...bff.store.coaches.values()].find((coach) => coach.email === SEED_COACHES.peer.email);
    if (!peer) throw new Error('seed: no peer coach');
    const level = peer.accreditationLevel;
    peer.accreditationLevel = 0;
    try {
      const levelZero = await signInAs(SEED_COACHES.peer.email);
      for (const assessmentType of ['EIT', 'full'] as const) {
        const refused = await call(
          'POST',
          '/api/clients',
          newClient({ email: `${assessmentType}@level-zero.test`, assessment: { assessmentType } }),
          levelZero,
        );
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'assessment_type_not_allowed', detail: CLIENT_MESSAGES.typeNotAllowed });
      }
      const ennea = await call(
        'POST',
        '/api/clients',
        newClient({ email: 'ennea@level-zero.test', assessment: { assessmentType: 'ennea' } }),
        levelZero,
      );
      expect(ennea.statusCode).toBe(201);
    } finally {
      peer.accreditationLevel = level;
    }
  });

  it('refuses Maturity and Full at level 1, and a token type outside an impersonator session', async () => {
    const levelOne = await signInAs(SEED_COACHES.levelOne.email);
    const refused = await call('POST', '/api/clients', newClient(), levelOne);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'assessment_type_not_allowed', detail: CLIENT_MESSAGES.typeNotAllowed });
    const ennea = await call('POST', '/api/clients', newClient({ assessment: { assessmentType: 'ennea' } }), levelOne);
    expect(ennea.statusCode).toBe(201);

    const marketing = newClient({ email: 'marketing@example.test', assessment: { assessmentType: 'ennea', tokenType: 'marketing' } });
    expect((await call('POST', '/api/clients', marketing)).json().code).toBe('impersonator_only');
    const admin = await impersonate();
    const done = await call('POST', '/api/clients', marketing, admin);
    expect(done.statusCode).toBe(201);
    expect(bff.store.assessments.get(done.json().assessmentId)?.tokenType).toBe('marketing');
  });

  it("lets an assistant add a client for the coach (at the coach's cost)", async () => {
    const assistant = await signInAs(SEED_ASSISTANT.email);
    const before = balanceOf(bff.store, DEMO);
    const response = await call('POST', '/api/clients', newClient({ assessment: { assessmentType: 'ennea' } }), assistant);
    expect(response.statusCode).toBe(201);
    expect(balanceOf(bff.store, DEMO)).toBe(before - 1);
  });
});

describe('POST /api/clients/{clientId}/assessments (addClientAssessment)', () => {
  it("adds an assessment to the coach's own client, with the defaults", async () => {
    const client = ownClient();
    const count = clientAssessments(bff.store, client?.uuid ?? '').length;
    const response = await call('POST', `/api/clients/${client?.uuid}/assessments`, { assessmentType: 'EIT' });
    expect(response.statusCode).toBe(201);
    expect(response.json().clientId).toBe(client?.uuid);
    expect(clientAssessments(bff.store, client?.uuid ?? '')).toHaveLength(count + 1);
    expect(bff.store.assessments.get(response.json().assessmentId)).toMatchObject({
      assessmentType: 'EIT',
      tokenType: 'paid',
      assessmentLanguage: 'english',
      reportsToAutoSend: '-',
    });
  });

  it("answers 'Please select an assessment' without a type, and 404 for a client that is not the coach's", async () => {
    const client = ownClient();
    const missing = await call('POST', `/api/clients/${client?.uuid}/assessments`, {});
    expect(missing.json()).toMatchObject({ code: 'assessment_required', detail: CLIENT_MESSAGES.assessmentRequired });
    const peerClient = [...bff.store.clients.values()].find((entry) => entry.coachUuid === SEED_COACHES.peer.uuid);
    const foreign = await call('POST', `/api/clients/${peerClient?.uuid}/assessments`, { assessmentType: 'ennea' });
    expect(foreign.statusCode).toBe(404);
    expect(clientAssessments(bff.store, peerClient?.uuid ?? '').filter((a) => a.coachUUID === DEMO)).toHaveLength(0);
  });
});

describe('imports (importNewClientResults, importClientResults)', () => {
  const results = { enneaRanking: [3, 7, 8, 1, 2, 5, 9, 4, 6], instinctScores: { sp: 40, so: 60, sx: 80 } };

  it('imports results for a new client as a completed Enneagram assessment', async () => {
    const response = await call('POST', '/api/clients/result-imports', {
      name: 'Oliver',
      surname: 'Hughes',
      email: 'oliver.hughes@harbourfinch.co.uk',
      project: 'Harbour & Finch Senior Team',
      ...results,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ name: 'Oliver', surname: 'Hughes' });
    const [imported] = clientAssessments(bff.store, clientByEmail('oliver.hughes@harbourfinch.co.uk')?.uuid ?? '');
    expect(imported).toMatchObject({
      tokenType: 'importResults',
      enneaRankingCSV: '3,7,8,1,2,5,9,4,6',
      scoreSX: 80,
      userCoach: 'Harbour & Finch Senior Team',
    });
  });

  it('refuses tied instincts, missing details and a ranking that is not nine different styles', async () => {
    const details = { name: 'Tie', surname: 'Scores', email: 'tie@example.test' };
    const tie = await call('POST', '/api/clients/result-imports', { ...details, ...results, instinctScores: { sp: 40, so: 40, sx: 80 } });
    expect(tie.json()).toMatchObject({ code: 'instinct_tie', detail: CLIENT_MESSAGES.instinctTie });
    const missing = await call('POST', '/api/clients/result-imports', { ...details, email: '', ...results });
    expect(missing.json()).toMatchObject({ code: 'client_details_required' });
    const ranking = await call('POST', '/api/clients/result-imports', {
      ...details,
      ...results,
      enneaRanking: [1, 1, 2, 3, 4, 5, 6, 7, 8],
    });
    expect(ranking.json().code).toBe('validation_failed');
    expect(clientByEmail('tie@example.test')).toBeUndefined();
  });

  it("answers 404 for an import to a client that is not the coach's, without importing", async () => {
    const peerClient = [...bff.store.clients.values()].find((entry) => entry.coachUuid === SEED_COACHES.peer.uuid);
    const count = clientAssessments(bff.store, peerClient?.uuid ?? '').length;
    const response = await call('POST', `/api/clients/${peerClient?.uuid}/result-imports`, results);
    expect(response.statusCode).toBe(404);
    expect(clientAssessments(bff.store, peerClient?.uuid ?? '')).toHaveLength(count);
  });

  it("imports results to the coach's own client; a duplicate new client is the legacy import_failed", async () => {
    const client = ownClient();
    const count = clientAssessments(bff.store, client?.uuid ?? '').length;
    const response = await call('POST', `/api/clients/${client?.uuid}/result-imports`, results);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ name: client?.name, surname: client?.surname });
    expect(clientAssessments(bff.store, client?.uuid ?? '')).toHaveLength(count + 1);
    const duplicate = await call('POST', '/api/clients/result-imports', { name: 'A', surname: 'B', email: client?.email, ...results });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ code: 'import_failed', detail: CLIENT_MESSAGES.clientExists });
  });
});

describe('POST /api/clients/bulk-uploads (uploadClientsSpreadsheet)', () => {
  async function upload(fields: Record<string, string | string[]>, file?: { data: Buffer; filename?: string }, cookie = session) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
    if (file) form.append('spreadsheet', new Blob([new Uint8Array(file.data)], { type: XLSX_TYPE }), file.filename ?? 'clients.xlsx');
    const request = new Response(form);
    return injectChecked(bff.server, {
      method: 'POST',
      url: '/api/clients/bulk-uploads',
      headers: { ...CSRF, 'content-type': String(request.headers.get('content-type')) },
      cookies: { [SESSION_COOKIE]: cookie },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  it('asks to confirm existing clients first; Proceed adds every good row and lists the broken ones', async () => {
    const existing = ownClient();
    const data = await clientsTemplate([
      { name: 'Thabo', surname: 'Mokoena', email: 'thabo@example.test', company: 'Karoo Logistics' },
      { name: existing?.name, surname: existing?.surname, email: existing?.email.toUpperCase(), company: '' },
      { name: 'Broken', surname: 'Email', email: 'not-an-email', company: '' },
    ]);
    const fields = { assessmentType: 'ennea', project: 'Graduate Programme', reportsToAutoSend: ['clientSummary', 'basic'] };
    const first = await upload(fields, { data });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'needsConfirmation', duplicates: [{ email: existing?.email }] });
    expect(clientByEmail('thabo@example.test')).toBeUndefined();

    const confirmed = await upload({ ...fields, duplicatesConfirmed: 'true' }, { data });
    expect(confirmed.json()).toMatchObject({
      status: 'done',
      created: 2,
      brokenClients: [{ name: 'Broken', surname: 'Email', email: 'not-an-email', reason: '(invalid email)' }],
    });
    const [added] = clientAssessments(bff.store, clientByEmail('thabo@example.test')?.uuid ?? '');
    expect(added).toMatchObject({
      assessmentType: 'ennea',
      tokenType: 'paid',
      userCoach: 'Graduate Programme',
      reportsToAutoSend: 'clientSummary,basic',
    });
  });

  it('needs an assessment and a spreadsheet, an .xlsx workbook, at most 10 MB', async () => {
    const data = await clientsTemplate([{ name: 'A', surname: 'B', email: 'a@example.test', company: '' }]);
    for (const response of [await upload({ assessmentType: 'ennea' }), await upload({}, { data })]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'spreadsheet_required', detail: UPLOAD_MESSAGES.required });
    }
    for (const file of [
      { data, filename: 'clients.csv' },
      { data: Buffer.from('name,surname\nA,B'), filename: 'clients.xlsx' },
    ]) {
      const response = await upload({ assessmentType: 'ennea' }, file);
      expect(response.json()).toMatchObject({ code: 'spreadsheet_type_not_allowed', detail: UPLOAD_MESSAGES.typeNotAllowed });
    }
    const big = Buffer.concat([data, Buffer.alloc(SPREADSHEET_MAX_BYTES + 1 - data.length, 7)]);
    const tooLarge = await upload({ assessmentType: 'ennea' }, { data: big });
    expect(tooLarge.json()).toMatchObject({ code: 'spreadsheet_too_large', detail: UPLOAD_MESSAGES.tooLarge });
    const badType = await upload({ assessmentType: 'bio' }, { data });
    expect(badType.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'assessmentType' }] });
    const unknown = await upload({ assessmentType: 'ennea', other: 'x' }, { data });
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', errors: [{ field: 'other' }] });
    expect(clientByEmail('a@example.test')).toBeUndefined();
  });

  /** A 30 MB upload as a stream that counts what the BFF pulled from it. */
  const hugeSpreadsheet = (head: Buffer) =>
    hugeUpload({
      boundary: 'clients-upload-boundary',
      total: 30 * 1024 * 1024,
      fields: { assessmentType: 'ennea' },
      file: { name: 'spreadsheet', fileName: 'big.xlsx', type: XLSX_TYPE },
      head,
    });
  const sendHuge = (huge: HugeUpload, headers: Record<string, string> = {}) =>
    injectChecked(bff.server, {
      method: 'POST',
      url: '/api/clients/bulk-uploads',
      headers: { ...CSRF, 'content-type': huge.contentType, ...headers },
      cookies: { [SESSION_COOKIE]: session },
      payload: huge.stream,
    });

  it('refuses a spreadsheet as soon as it passes 10 MB or its first bytes are not a workbook, before the body is all read', async () => {
    const large = hugeSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const tooLarge = await sendHuge(large);
    expect(tooLarge.json().code).toBe('spreadsheet_too_large');
    expect(tooLarge.headers.connection).toBe('close');
    expect(large.pulled()).toBeLessThan(SPREADSHEET_MAX_BYTES + 1024 * 1024);
    const text = hugeSpreadsheet(Buffer.from('name,surname,email'));
    expect((await sendHuge(text)).json().code).toBe('spreadsheet_type_not_allowed');
    expect(text.pulled()).toBeLessThan(1024 * 1024);
    const declared = hugeSpreadsheet(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect((await sendHuge(declared, { 'content-length': String(declared.total) })).json().code).toBe('spreadsheet_too_large');
    expect(declared.pulled()).toBeLessThanOrEqual(64 * 1024 + 1024);
  });

  it('refuses Full at level 1 and a token type outside an impersonator session', async () => {
    const data = await clientsTemplate([{ name: 'A', surname: 'B', email: 'a@example.test', company: '' }]);
    const levelOne = await upload({ assessmentType: 'full' }, { data }, await signInAs(SEED_COACHES.levelOne.email));
    expect(levelOne.json()).toMatchObject({ code: 'assessment_type_not_allowed' });
    const token = await upload({ assessmentType: 'ennea', tokenType: 'marketing' }, { data });
    expect(token.json()).toMatchObject({ code: 'impersonator_only' });
    expect(clientByEmail('a@example.test')).toBeUndefined();
  });
});
