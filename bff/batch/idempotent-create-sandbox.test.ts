// The creates with an Idempotency-Key against the stateful sandbox legacy API, one family after another: two
// identical requests at once with one key (a double-click) make one legacy create and both answer its success; a
// repeat once it is done answers the same without a legacy call; the key with another body is refused. The legacy
// calls that may change something are counted where they arrive (the sandbox's HTTP server), and the store is read
// back. One BFF for the file: every case uses its own key and its own records.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsTemplate } from '../../sandbox/files/bulk-upload.ts';
import { SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { SEED_POLICY } from '../../sandbox/seed/extras.ts';
import { ownAssessments } from '../../sandbox/state/store.ts';
import { balanceOf } from '../../sandbox/state/views.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { XLSX_TYPE } from '../routes/clients/clients-upload.ts';
import { earliestPairDueDate } from '../routes/pairs/pairs-service.ts';
import { injectChecked } from '../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../test-support/sandbox-bff.ts';

const DEMO = SEED_COACHES.demo.uuid;
const ZAR_COACH = SEED_COACHES.twoFactor.uuid;

let bff: SandboxBff;
let session: string;
/** The legacy calls that may change something, as the sandbox received them (`METHOD path`). */
const changes: string[] = [];
// A GET of the legacy API that changes something (combine).
const CHANGING_GET = /^\/api\/v3\/hybridise\//;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({
    assessments: 60,
    env: { RATE_LIMIT_PUBLIC_MISSES_MAX: '1000', PAYPAL_CLIENT_SECRET: 'stand-in-paypal-secret' },
  }));
  bff.sandbox.server.on('request', ({ method, url = '' }: IncomingMessage) => {
    if (method !== 'GET' || CHANGING_GET.test(url)) changes.push(`${method} ${url.split('?')[0]}`);
  });
});
afterAll(() => bff?.close());

type Body = object | { multipart: FormData };
const post = async (url: string, body: Body, key: string) => {
  const headers: Record<string, string> = { ...CSRF, 'idempotency-key': key };
  let payload: object | Buffer = body;
  if ('multipart' in body && body.multipart instanceof FormData) {
    // Each request its own encoding, with its own boundary, as a browser sends it.
    const encoded = new Response(body.multipart);
    headers['content-type'] = String(encoded.headers.get('content-type'));
    payload = Buffer.from(await encoded.arrayBuffer());
  }
  return injectChecked(bff.server, { method: 'POST', url, headers, cookies: { [SESSION_COOKIE]: session }, payload });
};

let keys = 0;
const newKey = () => `double-click-${String(++keys).padStart(4, '0')}`;

/**
 * Two identical requests at once with one key: one legacy create, and both answer it. Then a repeat with the key
 * answers the same without a call, and the key with `other` is refused 422. Answers the first answer.
 */
async function clickedTwice(url: string, body: Body, other: Body, { status = 201, creates = 1 } = {}) {
  const key = newKey();
  const before = changes.length;
  const [first, second] = await Promise.all([post(url, body, key), post(url, body, key)]);
  expect(first.statusCode, first.body).toBe(status);
  expect(second.statusCode).toBe(status);
  expect(second.body).toBe(first.body);
  const made = changes.slice(before);
  expect(made, made.join(', ')).toHaveLength(creates);

  const repeat = await post(url, body, key);
  expect(repeat.statusCode).toBe(status);
  expect(repeat.body).toBe(first.body);
  const reused = await post(url, other, key);
  expect(reused.statusCode).toBe(422);
  expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  expect(changes.slice(before)).toEqual(made);
  return first;
}

const newClient = (email: string) => ({
  name: 'Sipho',
  surname: 'Dlamini',
  email,
  company: 'Umhlanga Finance',
  assessment: { assessmentType: 'ennea' },
});
const clientsWith = (email: string) => [...bff.store.clients.values()].filter((client) => client.email === email);
const ownClient = () => bff.store.clients.get(ownAssessments(bff.store, DEMO)[0]?.clientUUID ?? '');

describe('clients', () => {
  it('Add Assessment for New Client clicked twice: one client, one charge, and both see the success', async () => {
    const balance = balanceOf(bff.store, DEMO);
    // One create is two legacy calls: the client, then its assessment.
    const answer = await clickedTwice('/api/clients', newClient('once@example.test'), newClient('other@example.test'), { creates: 2 });
    expect(clientsWith('once@example.test')).toHaveLength(1);
    expect(clientsWith('once@example.test')[0]?.uuid).toBe(answer.json().clientId);
    expect(balanceOf(bff.store, DEMO)).toBe(balance - 1);
  });

  it('an assessment added to a client twice at once is added once', async () => {
    const client = ownClient();
    const before = ownAssessments(bff.store, DEMO).length;
    await clickedTwice(`/api/clients/${client?.uuid}/assessments`, { assessmentType: 'EIT' }, { assessmentType: 'ennea' });
    expect(ownAssessments(bff.store, DEMO)).toHaveLength(before + 1);
  });

  it('results imported twice at once are imported once, for a new client and for an existing one', async () => {
    const results = { enneaRanking: [3, 7, 8, 1, 2, 5, 9, 4, 6], instinctScores: { sp: 40, so: 60, sx: 80 } };
    const details = (email: string) => ({ name: 'Oliver', surname: 'Hughes', email, ...results });
    await clickedTwice('/api/clients/result-imports', details('imported@example.test'), details('imported2@example.test'));
    expect(clientsWith('imported@example.test')).toHaveLength(1);

    const client = ownClient();
    const before = ownAssessments(bff.store, DEMO).length;
    await clickedTwice(`/api/clients/${client?.uuid}/result-imports`, results, { ...results, instinctScores: { sp: 80, so: 60, sx: 40 } });
    expect(ownAssessments(bff.store, DEMO)).toHaveLength(before + 1);
  });

  it('a spreadsheet uploaded twice at once (each request its own multipart boundary) adds its clients once', async () => {
    const form = async (email: string) => {
      const data = await clientsTemplate([{ name: 'Thabo', surname: 'Mokoena', email, company: 'Karoo Logistics' }]);
      const multipart = new FormData();
      multipart.append('assessmentType', 'ennea');
      multipart.append('spreadsheet', new Blob([new Uint8Array(data)], { type: XLSX_TYPE }), 'clients.xlsx');
      return { multipart };
    };
    await clickedTwice('/api/clients/bulk-uploads', await form('bulk@example.test'), await form('bulk2@example.test'), { status: 200 });
    expect(clientsWith('bulk@example.test')).toHaveLength(1);
  });
});

describe('assessments', () => {
  it('a combination requested twice at once is made once', async () => {
    const own = (type: string) =>
      ownAssessments(bff.store, DEMO).filter((a) => a.assessmentType === type && a.guestCompletedAt !== null && a.clientUUID);
    const enneagram = own('ennea').find((a) => a.userEnnea !== null);
    const maturity = own('EIT').find((a) => a.marked === 1);
    // The two made one client's, as a combination needs.
    if (!enneagram || !maturity) throw new Error('seed: no completed Enneagram or marked Maturity assessment');
    maturity.clientUUID = enneagram.clientUUID;
    const body = { enneagramAssessmentId: enneagram.uuid, maturityAssessmentId: maturity.uuid };
    await clickedTwice('/api/assessments/combinations', body, { ...body, maturityAssessmentId: enneagram.uuid }, { status: 200 });
  });
});

describe('teams and pairs', () => {
  const teamsNamed = (name: string) => [...bff.store.teams.values()].filter((team) => team.name === name);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('Add Team clicked twice makes one team; Duplicate clicked twice makes one copy', async () => {
    await clickedTwice('/api/teams', { name: 'Harbour Crew', project: 'Port' }, { name: 'Harbour Crew 2', project: 'Port' });
    expect(teamsNamed('Harbour Crew')).toHaveLength(1);
    // A team whose report was requested (only such a team is duplicated).
    const executive = teamsNamed('Executive Committee').find((team) => team.coachUuid === DEMO);
    await clickedTwice(`/api/teams/${executive?.uuid}/duplicate`, { name: 'Executive copy' }, { name: 'Executive copy 2' });
    expect(teamsNamed('Executive copy')).toHaveLength(1);
  });

  it('a team report requested twice at once is requested (and charged) once', async () => {
    const finance = teamsNamed('Finance Leadership').find((team) => team.coachUuid === DEMO);
    const balance = balanceOf(bff.store, DEMO);
    await clickedTwice(
      `/api/teams/${finance?.uuid}/report-request`,
      { reportType: 'Full', dueDate: inDays(7) },
      { reportType: 'Full', dueDate: inDays(8) },
      { status: 200 },
    );
    expect(balanceOf(bff.store, DEMO)).toBeLessThan(balance);
  });

  it('a pair report requested twice at once makes one pair and one charge', async () => {
    const paired = new Set([...bff.store.couples.values()].flatMap((couple) => couple.assessmentUuids));
    const clients = new Set<string>();
    const ids: string[] = [];
    for (const a of ownAssessments(bff.store, DEMO)) {
      if (paired.has(a.uuid) || a.guestCompletedAt === null || clients.has(a.clientUUID) || ids.length === 2) continue;
      clients.add(a.clientUUID);
      ids.push(a.uuid);
    }
    const balance = balanceOf(bff.store, DEMO);
    const dueDate = earliestPairDueDate(Date.now());
    const couples = bff.store.couples.size;
    await clickedTwice(
      '/api/pairs',
      { assessmentIds: ids, coupleType: 'Workplace', dueDate },
      { assessmentIds: ids, coupleType: 'Romance', dueDate },
    );
    expect(bff.store.couples.size).toBe(couples + 1);
    expect(balanceOf(bff.store, DEMO)).toBe(balance - 2);
  });
});

describe('balance, profile and messages', () => {
  it('a credit order placed twice at once is placed once (the second is not refused as pending)', async () => {
    await clickedTwice('/api/credits/orders', { credits: 50 }, { credits: 60 });
    expect([...bff.store.coaches.values()].find((coach) => coach.uuid === DEMO)?.pendingCredits).toBe(50);
  });

  it('an assistant added twice at once is added once', async () => {
    const person = (email: string) => ({ name: 'Zsófia', surname: 'Kovács', email });
    await clickedTwice('/api/assistants', person('zsofia@nkosi.test'), person('zsofia2@nkosi.test'));
    expect([...bff.store.assistants.values()].filter((assistant) => assistant.email === 'zsofia@nkosi.test')).toHaveLength(1);
  });

  it('a message left twice at once reaches the provider once', async () => {
    const message = (text: string) => ({ category: 'bugReport', message: text });
    await clickedTwice('/api/feedback', message('The team report shows no names.'), message('Another text.'), { status: 204 });
    expect(bff.store.leftMessages.filter((left) => left.message === 'The team report shows no names.')).toHaveLength(1);
  });
});

describe('public pages (the key scoped by the link)', () => {
  it('a policy signed twice at once is signed once, and both see it signed', async () => {
    const signature = (typedName: string) => ({
      typedName,
      typedDate: '21 November 2025',
      extraFields: { practiceRegistrationNumber: 'PR-2019-04471', supervisorName: 'Dr Nomvula Dlamini' },
    });
    const signed = await clickedTwice(
      `/api/public/policies/${DEMO}/${SEED_POLICY.uuid}/acknowledgements`,
      signature('Amara Botha'),
      signature('Someone Else'),
      { status: 200 },
    );
    expect(signed.json()).toMatchObject({ acknowledged: true });
  });

  it('a self-registration checkout started twice at once is one checkout', async () => {
    const form = (email: string) => ({ name: 'Thandiwe', surname: 'Nkosi', email, assessmentLanguage: 'xhosa' });
    const before = bff.store.checkouts.size;
    await clickedTwice(
      `/api/public/self-registration/${ZAR_COACH}/checkouts`,
      form('thandiwe@example.test'),
      form('thandiwe2@example.test'),
    );
    expect(bff.store.checkouts.size).toBe(before + 1);
  });
});
