// Adding clients and assessments, the imports and the bulk upload against a legacy API that misbehaves: the exact
// legacy calls and bodies, a 403 (the session ends), 5xx, timeouts, legacy refusals with their texts, and answers
// the contract cannot carry.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { UNEXPECTED_MESSAGE } from '../../problem.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type FaultBff, forbidden, legacyError, slow, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { zipBytes } from '../../test-support/zip-bytes.ts';
import { XLSX_TYPE } from './clients-upload.ts';

const CLIENT_ID = 'c1e00000-0000-4000-8000-000000000009';
const NEW_CLIENT = `POST /api/v2/coaches/${LEGACY_COACH_ID}/clients`;
const NEW_TOKEN = `POST /api/v2/clients/${CLIENT_ID}/tokens`;
const CLIENT_TOKENS = `GET /api/v2/clients/${CLIENT_ID}/tokens`;
const IMPORT_NEW = `POST /api/v3/coaches/${LEGACY_COACH_ID}/newClientImportResults`;
const IMPORT = `POST /api/v3/importResults/${CLIENT_ID}`;
const BULK = `POST /api/v3/coaches/${LEGACY_COACH_ID}/bulkAddClientsTokens/upload`;

const ofClient = (n: number, fields = {}) => legacyAssessment(n, { clientUUID: CLIENT_ID, ...fields });

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

const call = (url: string, payload: object) =>
  injectChecked(bff.server, { method: 'POST', url, headers: CSRF, cookies: { [SESSION_COOKIE]: bff.session }, payload });
const bodyOf = (route: string, index = 0) => JSON.parse(bff.calls(route)[index]?.body ?? 'null');
const newClient = {
  name: ' Sipho ',
  surname: 'Dlamini',
  email: 'Sipho@Example.test',
  otherData: 'Referred',
  assessment: { assessmentType: 'EIT', project: 'Leadership', reportsToAutoSend: ['imf'] },
};

describe('createClient against a faulty legacy API', () => {
  it('checks duplicates on the own list, creates the client, then the assessment, and reads its id back', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, {
      status: 200,
      json: [legacyAssessment(1), legacyAssessment(2, { clientEmail: 'sipho@example.test', fromAnotherCoach: 1 })],
    });
    bff.upstream.answer(NEW_CLIENT, { status: 200, json: { uuid: CLIENT_ID } });
    bff.upstream.answer(NEW_TOKEN, { status: 200, json: {} });
    bff.upstream.answer(CLIENT_TOKENS, {
      status: 200,
      json: [ofClient(7, { assessmentType: 'EIT', tokenCreatedAt: '2025-10-02 10:00:00' })],
    });
    const response = await call('/api/clients', newClient);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ clientId: CLIENT_ID, assessmentId: legacyAssessmentId(7) });
    expect(response.headers.location).toBe(`/api/clients/${CLIENT_ID}`);
    expect(bodyOf(NEW_CLIENT)).toEqual({ name: 'Sipho', surname: 'Dlamini', email: 'Sipho@Example.test', otherData: 'Referred' });
    expect(bodyOf(NEW_TOKEN)).toEqual({
      assessmentType: 'EIT',
      tokenType: 'paid',
      userCoach: 'Leadership',
      reportsToAutoSend: 'imf',
      assessmentLanguage: 'english',
    });
  });

  it("refuses the coach's own client's e-mail before creating anything", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1, { clientEmail: 'sipho@example.test' })] });
    const response = await call('/api/clients', newClient);
    expect(response.statusCode).toBe(409);
    expect(bff.calls(NEW_CLIENT)).toHaveLength(0);
  });

  it("passes a legacy 400's error.info on; 5xx is 'There was an unexpected error'; a 403 ends the session; a slow list is 504", async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [] });
    bff.upstream.answer(
      NEW_CLIENT,
      legacyError('The e-mail domain does not exist.'),
      { status: 409, json: { error: { info: 'The client exists.' } } },
      { status: 400, json: {} },
      { status: 500, text: 'boom' },
      { status: 200, json: { uuid: CLIENT_ID } },
    );
    bff.upstream.answer(NEW_TOKEN, legacyError('Not enough credits.'));
    const rejected = await call('/api/clients', newClient);
    expect(rejected.json()).toMatchObject({ status: 400, code: 'upstream_rejected', detail: 'The e-mail domain does not exist.' });
    expect((await call('/api/clients', newClient)).json()).toMatchObject({
      status: 400,
      code: 'upstream_rejected',
      detail: 'The client exists.',
    });
    expect((await call('/api/clients', newClient)).json()).toMatchObject({
      status: 400,
      code: 'upstream_rejected',
      detail: UNEXPECTED_MESSAGE,
    });
    const broken = await call('/api/clients', newClient);
    expect(broken.json()).toMatchObject({ status: 502, code: 'upstream_error', detail: UNEXPECTED_MESSAGE });
    // Never retried: a client and an assessment cost credits.
    expect(bff.calls(NEW_CLIENT)).toHaveLength(4);
    const token = await call('/api/clients', newClient);
    expect(token.json()).toMatchObject({ code: 'upstream_rejected', detail: 'Not enough credits.' });

    bff.upstream.answer(TOKENS_PATH, slow);
    expect((await call('/api/clients', newClient)).json().code).toBe('upstream_timeout');
    bff.upstream.answer(TOKENS_PATH, forbidden);
    const ended = await call('/api/clients', newClient);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_ended');
  });
});

describe('addClientAssessment against a faulty legacy API', () => {
  it('checks the client is the coach own, creates the assessment and takes the id the legacy answer names', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(
      CLIENT_TOKENS,
      { status: 200, json: [ofClient(1)] },
      {
        status: 200,
        json: [ofClient(1), ofClient(2, { tokenCreatedAt: '2025-10-01 09:00:00' }), ofClient(3, { tokenCreatedAt: '2025-10-09 09:00:00' })],
      },
    );
    bff.upstream.answer(NEW_TOKEN, { status: 200, json: { uuid: legacyAssessmentId(2) } });
    const response = await call(`/api/clients/${CLIENT_ID}/assessments`, { assessmentType: 'ennea', language: 'slovak' });
    expect(response.json()).toEqual({ clientId: CLIENT_ID, assessmentId: legacyAssessmentId(2) });
    expect(bodyOf(NEW_TOKEN)).toMatchObject({ assessmentType: 'ennea', assessmentLanguage: 'slovak', reportsToAutoSend: '-' });
  });

  it('answers 404 for a client with only received assessments or one the legacy API refuses; 502 when the read-back fails', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(CLIENT_TOKENS, { status: 200, json: [ofClient(1, { fromAnotherCoach: 1 })] }, legacyError('Client not found.'));
    expect((await call(`/api/clients/${CLIENT_ID}/assessments`, { assessmentType: 'ennea' })).statusCode).toBe(404);
    expect((await call(`/api/clients/${CLIENT_ID}/assessments`, { assessmentType: 'ennea' })).statusCode).toBe(404);
    expect(bff.calls(NEW_TOKEN)).toHaveLength(0);
    bff.upstream.answer(CLIENT_TOKENS, { status: 200, json: [ofClient(1)] }, { status: 500, text: 'boom' });
    bff.upstream.answer(NEW_TOKEN, { status: 200, json: {} });
    expect((await call(`/api/clients/${CLIENT_ID}/assessments`, { assessmentType: 'ennea' })).statusCode).toBe(502);
  });
});

describe('imports against a faulty legacy API', () => {
  const results = { enneaRanking: [1, 2, 5, 9, 3, 6, 4, 7, 8], instinctScores: { sp: 80, so: 40, sx: 60 }, project: 'Leadership' };

  it('sends the ranking as enneaRankingCSV and the scores; names the client from guest', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(IMPORT_NEW, { status: 200, json: { guest: { userName: 'Oliver', userSurname: 'Hughes' } } });
    const response = await call('/api/clients/result-imports', {
      name: 'Oliver',
      surname: 'Hughes',
      email: 'oliver@example.test',
      ...results,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ name: 'Oliver', surname: 'Hughes' });
    expect(bodyOf(IMPORT_NEW)).toEqual({
      name: 'Oliver',
      surname: 'Hughes',
      email: 'oliver@example.test',
      project: 'Leadership',
      enneaRankingCSV: '1,2,5,9,3,6,4,7,8',
      assessmentLanguage: 'english',
      scoreSP: 80,
      scoreSO: 40,
      scoreSX: 60,
    });
  });

  it('shows the legacy error.info or error as import_failed; a 5xx is 502; an answer without the guest is 502', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(CLIENT_TOKENS, { status: 200, json: [ofClient(1)] });
    bff.upstream.answer(
      IMPORT,
      legacyError('Ranking not valid.'),
      { status: 400, json: { error: 'Import closed.' } },
      { status: 409, json: { error: 'Import closed.' } },
      { status: 503, text: 'down' },
      { status: 200, json: {} },
    );
    expect((await call(`/api/clients/${CLIENT_ID}/result-imports`, results)).json()).toMatchObject({
      code: 'import_failed',
      detail: 'Ranking not valid.',
    });
    expect((await call(`/api/clients/${CLIENT_ID}/result-imports`, results)).json()).toMatchObject({
      code: 'import_failed',
      detail: 'Import closed.',
    });
    expect((await call(`/api/clients/${CLIENT_ID}/result-imports`, results)).json()).toMatchObject({
      status: 400,
      code: 'import_failed',
      detail: 'Import closed.',
    });
    expect((await call(`/api/clients/${CLIENT_ID}/result-imports`, results)).statusCode).toBe(502);
    expect((await call(`/api/clients/${CLIENT_ID}/result-imports`, results)).statusCode).toBe(502);
    expect(bodyOf(IMPORT)).not.toHaveProperty('name');
  });
});

describe('uploadClientsSpreadsheet against a faulty legacy API', () => {
  // A workbook's container: the BFF reads its directory before sending it on.
  const XLSX = zipBytes([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }]);
  async function upload(fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('spreadsheet', new Blob([new Uint8Array(XLSX)], { type: XLSX_TYPE }), 'mine.xlsx');
    const request = new Response(form);
    return injectChecked(bff.server, {
      method: 'POST',
      url: '/api/clients/bulk-uploads',
      headers: { ...CSRF, 'content-type': String(request.headers.get('content-type')) },
      cookies: { [SESSION_COOKIE]: bff.session },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }
  const legacyResult = (fields: object): CannedAnswer => ({
    status: 200,
    json: { pleaseConfirm: false, duplicatedGuests: [], brokenClients: [], error: null, message: null, ...fields },
  });

  it('sends the form fields and the workbook; maps duplicates and broken rows', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(
      BULK,
      legacyResult({
        pleaseConfirm: true,
        duplicatedGuests: [
          {
            name: 'Thandiwe',
            surname: 'Mokoena',
            email: 't@example.test',
            lastAssessmentType: null,
            lastAssessment: '2025-10-28 09:14:22',
          },
        ],
      }),
      legacyResult({
        brokenClients: [
          { name: 'Bongani', email: 'bongani@karoo (invalid email)' },
          { name: '', surname: 'Dlamini', email: 'dlamini@karoo.test' },
          { name: 'Empty' },
          { name: 'Twice', surname: 'Listed', email: 'twice@karoo.test' },
        ],
        error: '4 rows could not be added.',
        message: '11 clients and assessments were added.',
      }),
    );
    const confirm = await upload({ assessmentType: 'ennea', project: 'Supervisors 2026', language: 'afrikaans' });
    expect(confirm.json()).toEqual({
      status: 'needsConfirmation',
      duplicates: [{ name: 'Thandiwe', surname: 'Mokoena', email: 't@example.test', lastAssessment: '2025-10-28 09:14:22' }],
    });
    const sent = bff.calls(BULK)[0];
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    for (const part of [
      'name="tokenType"\r\n\r\npaid',
      'name="userCoach"\r\n\r\nSupervisors 2026',
      'name="assessmentLanguage"\r\n\r\nafrikaans',
      'name="reportsToAutoSend"\r\n\r\n-',
      'filename="clients.xlsx"',
    ]) {
      expect(sent?.body).toContain(part);
    }
    expect(sent?.body).not.toContain('duplicatesConfirmedOK');

    const done = await upload({ assessmentType: 'ennea', duplicatesConfirmed: 'true' });
    expect(done.json()).toEqual({
      status: 'done',
      created: 11,
      // The summary apart from the rows; each row with its own reason.
      message: '11 clients and assessments were added. 4 rows could not be added.',
      brokenClients: [
        { name: 'Bongani', email: 'bongani@karoo', reason: '(invalid email)' },
        { name: '', surname: 'Dlamini', email: 'dlamini@karoo.test', reason: '(missing name)' },
        { name: 'Empty', reason: '(missing surname and email)' },
        { name: 'Twice', surname: 'Listed', email: 'twice@karoo.test', reason: '(could not be added)' },
      ],
    });
    expect(bff.calls(BULK)[1]?.body).toContain('name="duplicatesConfirmedOK"\r\n\r\ntrue');
  });

  it('passes a legacy 400 on as upload_failed with its broken rows; 5xx is 502; a 403 ends the session', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(
      BULK,
      { status: 400, json: { error: 'The spreadsheet has no rows.', brokenClients: [{ name: 'A', email: 'a (invalid email)' }] } },
      { status: 422, json: { error: 'The spreadsheet has no rows.' } },
      { status: 500, text: 'boom' },
      forbidden,
    );
    const refused = await upload({ assessmentType: 'ennea' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'upload_failed',
      detail: 'The spreadsheet has no rows.',
      brokenClients: [{ name: 'A', email: 'a', reason: '(invalid email)' }],
    });
    expect((await upload({ assessmentType: 'ennea' })).json()).toMatchObject({ status: 400, code: 'upload_failed' });
    expect((await upload({ assessmentType: 'ennea' })).statusCode).toBe(502);
    // Never retried: an upload creates assessments.
    expect(bff.calls(BULK)).toHaveLength(3);
    const ended = await upload({ assessmentType: 'ennea' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_ended');
  });
});
