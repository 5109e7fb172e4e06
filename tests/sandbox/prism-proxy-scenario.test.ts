// One scripted, realistic coach scenario through a Prism validation proxy
// (`prism proxy openapi/legacy.yaml <sandbox> --errors`) in front of the seeded sandbox. Prism answers a
// request or response that breaks the contract with its own problem body, and lists any lesser violation
// in the `sl-violations` header; the client fails on both, and the scenario must touch every operation.
import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../sandbox/app.ts';
import { emptySwitches } from '../../sandbox/faults/switches.ts';
import { clientsTemplate } from '../../sandbox/files/bulk-upload.ts';
import { approvePayPalOrder, createPayPalOrder } from '../../sandbox/providers/test-support.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES, TWO_FACTOR_SECRET } from '../../sandbox/seed/accounts.ts';
import { SEED_POLICY } from '../../sandbox/seed/extras.ts';
import { DEFAULT_ASSESSMENTS, seedStore } from '../../sandbox/seed/seed.ts';
import type { Store } from '../../sandbox/state/store.ts';
import { injectLegacy } from '../../sandbox/test-support/legacy-contract.ts';
import { type RunningPrism, startPrismProxy } from '../../scripts/lib/prism.ts';
import { CONTRACT, ScenarioClient } from './scenario-client.ts';

const demo = SEED_COACHES.demo.uuid;
const peer = SEED_COACHES.peer;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4870000000049454e44ae426082',
  'hex',
);
const mini = { 'x-mini-access': 'scenario' };
/** The scenario's report preparation delay: long enough that its own pace never decides a report's state. */
const REPORT_READY_SECONDS = 600;

/** An ISO date `days` calendar days from now: far enough ahead for every due-date rule (team reports, pairs). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const totp = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000), period: 30 });

// biome-ignore lint/suspicious/noExplicitAny: rows of the listed JSON, already validated by the proxy.
type Row = Record<string, any>;

/**
 * A call straight to the sandbox (its answer checked against the contract), with the scenario's session.
 * Prism forwards request and answer bodies as UTF-8 text, which mangles binary bytes: uploads and the
 * byte content of downloads are checked this way, next to the same call through the proxy.
 */
type Direct = (method: 'GET' | 'POST', url: string, form?: FormData) => ReturnType<typeof injectLegacy>;

function directCaller(app: FastifyInstance, api: ScenarioClient): Direct {
  return async (method, url, form) => {
    const headers: Record<string, string> = { cookie: api.cookieHeader() };
    if (!form) return injectLegacy(app, { method, url, headers });
    const request = new Request('http://sandbox.test', { method: 'POST', body: form });
    headers['content-type'] = request.headers.get('content-type') ?? '';
    return injectLegacy(app, { method, url, headers, payload: Buffer.from(await request.arrayBuffer()) });
  };
}

function pick(rows: Row[], what: string, predicate: (row: Row) => boolean): Row {
  const found = rows.find(predicate);
  if (!found) throw new Error(`the seed has no ${what}`);
  return found;
}

describe('the sandbox through a Prism validation proxy', () => {
  let sandbox: FastifyInstance;
  let store: Store;
  let prism: RunningPrism;
  let sandboxUrl: string;
  let api: ScenarioClient;
  // The fault switches stay off except in the check that a response violation is caught.
  const faults = emptySwitches();
  let clockOffset = 0;
  const clock = {
    now: () => Date.now() + clockOffset,
    advance: (ms: number) => {
      clockOffset += ms;
    },
  };

  beforeAll(async () => {
    store = seedStore({ now: Date.now(), assessments: DEFAULT_ASSESSMENTS });
    // Reports are prepared on the sandbox clock: the scenario moves it on instead of waiting.
    sandbox = await buildSandbox({ store, faults, clock, config: { reportReadySeconds: REPORT_READY_SECONDS } });
    sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    prism = await startPrismProxy(CONTRACT, sandboxUrl, ['--errors']);
    api = new ScenarioClient(prism.url);
  });
  afterAll(async () => {
    await prism?.stop();
    await sandbox?.close();
  });

  it('fails on a request or an answer that breaks the contract; the sandbox answers a bad request 400 error.info', async () => {
    const probe = new ScenarioClient(prism.url);
    const badLogin = { email: 'not-an-email', password: 'x' };
    await expect(probe.call('POST', '/api/v2/login', { json: badLogin })).rejects.toThrow(/^Prism refused login .* 422: .*format/);
    // An answer status the contract does not list for the operation (403 on a public page).
    faults.forbidden = ['getSelfPayInit'];
    try {
      await expect(probe.call('GET', `/selfpay/init/${demo}`)).rejects.toThrow(/^Prism reports contract violations for getSelfPayInit/);
    } finally {
      Object.assign(faults, emptySwitches());
    }
    // Prism never forwards that request, so the sandbox's own contract check is asked directly.
    const direct = await fetch(`${sandboxUrl}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(badLogin),
    });
    expect(direct.status).toBe(400);
    expect((await direct.json()).error.info).toContain('email');
  });

  it('runs a coach scenario through the proxy without a violation and touches every operation', async () => {
    const direct = directCaller(sandbox, api);
    await signInAndErrors(api, store, sandboxUrl);
    const own = await readTheAccount(api);
    await clientsAndAssessments(api, own);
    await reportsAndSco(api, direct, own);
    await teams(api, direct, own);
    await pairs(api, own);
    await importsBulkAndCombine(api, direct, own);
    await profileAndSettings(api, direct);
    await publicPages(api, sandbox);
    // Last but one: it moves the sandbox clock on, past the authenticator codes the scenario makes from the real time.
    await preparedReports(api, own, clock);
    await signOut(api);
    expect(api.untouched(), 'operations of the contract the scenario did not call').toEqual([]);
  }, 60_000);
});

async function signInAndErrors(api: ScenarioClient, store: Store, sandboxUrl: string): Promise<void> {
  const login = (body: object) => api.call('POST', '/api/v2/login', { json: body });
  expect((await login({ email: SEED_COACHES.demo.email, password: 'wrong-password' })).json()).toMatchObject({
    allowed: false,
    message: 'Please check if password and username are correct',
  });
  expect((await login({ email: SEED_COACHES.twoFactor.email, password: DEMO_PASSWORD })).json()).toMatchObject({
    allowed: false,
    needTFA: true,
  });
  expect((await login({ email: SEED_COACHES.blocked.email, password: DEMO_PASSWORD })).json()).toMatchObject({ isBlocked: true });
  const twoFactor = await login({ email: SEED_COACHES.twoFactor.email, password: DEMO_PASSWORD, twoFactorToken: totp(TWO_FACTOR_SECRET) });
  expect(twoFactor.json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.twoFactor.uuid } });
  api.cookies.clear();

  // A level-1 coach who forgot the password: the code arrives by e-mail (the sandbox's outbox).
  expect((await api.call('POST', '/api/v2/forgotpassword', { json: { email: SEED_COACHES.levelOne.email } })).status).toBe(200);
  const resetcode = store.outbox.at(-1)?.body.split('=').at(-1) ?? '';
  const reset = await api.call('POST', '/api/v2/resetpassword', { json: { resetcode, newpassword: 'Drakensberg-Mist-Valley-42' } });
  expect(reset.json()).toEqual({ success: true });

  // A session that does not exist (or has expired) is refused with 403.
  const stale = await api.call('GET', `/api/v2/coaches/${demo}`, { cookie: 'portal_session=00000000-0000-4000-8000-000000000000' });
  expect(stale.status).toBe(403);
  expect(stale.json()).toEqual({ error: { info: 'Forbidden - please log in again.' } });

  const signedIn = await login({ email: SEED_COACHES.demo.email, password: DEMO_PASSWORD });
  expect(signedIn.json()).toMatchObject({ allowed: true, coach: { uuid: demo, accreditationLevel: 4 } });
  expect([...api.cookies.keys()].sort()).toEqual(['portal_session', 'portal_session_expiry', 'portal_version']);
  // The session check allows only a session the admin tool started (the sandbox's /__sandbox/impersonate), not a coach's own.
  expect((await api.call('GET', '/api/v2/checkForValidSession')).json()).toEqual({ allowed: false });
  const impersonated = await fetch(`${sandboxUrl}/__sandbox/impersonate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coachEmail: SEED_COACHES.demo.email }),
  });
  const cookie =
    impersonated.headers
      .getSetCookie()
      .find((line) => line.startsWith('portal_session='))
      ?.split(';')[0] ?? '';
  // The check renews the session it was sent: the coach's own cookies stay the scenario's.
  const coachCookies = new Map(api.cookies);
  expect((await api.call('GET', '/api/v2/checkForValidSession', { cookie })).json()).toMatchObject({
    allowed: true,
    coach: { uuid: demo, isAdmin: true },
  });
  api.cookies.clear();
  for (const [name, value] of coachCookies) api.cookies.set(name, value);
}

async function readTheAccount(api: ScenarioClient): Promise<Row[]> {
  const coach = `/api/v2/coaches/${demo}`;
  expect((await api.call('GET', coach)).json()).toMatchObject({ email: SEED_COACHES.demo.email, name: 'Amara' });
  expect((await api.call('GET', `${coach}/dashboardInfo`)).json()).toMatchObject({ policyAlert: true });
  const messages = (await api.call('GET', `/api/v3/coaches/${demo}/messages`, { query: { all: 'true' } })).json().messages;
  expect(messages.some((message: Row) => message.newMessage)).toBe(true);
  await api.call('GET', `/api/v3/coaches/${demo}/ackedLatestMessages`);
  expect((await api.call('GET', coach)).json().newMessages).toBe(0);
  const policies = (await api.call('GET', `${coach}/policies`, { query: { onlyActionable: 'true' } })).json().policies;
  expect(policies).toEqual([expect.objectContaining({ code: 'COC-2025' })]);
  expect((await api.call('GET', `${coach}/policyAlert`)).json()).toEqual({ policyAlert: true });
  const balance = (await api.call('GET', `${coach}/balanceTransactions`)).json();
  expect(balance.some((entry: Row) => entry.balance < 0) && balance.some((entry: Row) => entry.balance > 0)).toBe(true);
  const own: Row[] = (await api.call('GET', `${coach}/tokensX`)).json();
  expect(own.length).toBeGreaterThan(100);
  expect((await api.call('GET', `${coach}/tokensX`, { query: { mode: 'received' } })).json().length).toBeGreaterThan(0);
  expect((await api.call('GET', `${coach}/tokensX`, { query: { mode: 'given' } })).json().length).toBeGreaterThan(0);
  expect((await api.call('GET', `${coach}/miniAssessments`)).json().length).toBeGreaterThan(0);
  expect((await api.call('GET', `${coach}/miniAssessmentsSpreadsheet`)).contentType).toBe(XLSX);
  expect((await api.call('GET', `${coach}/downloadActivitySummary`)).contentType).toBe(XLSX);
  const left = await api.call('POST', `${coach}/leaveMessage`, { json: { category: 'featureRequest', message: 'A dark mode, please.' } });
  expect(left.status).toBe(200);
  return own;
}

async function clientsAndAssessments(api: ScenarioClient, own: Row[]): Promise<void> {
  const clients = `/api/v2/coaches/${demo}/clients`;
  const blank = await api.call('POST', clients, { json: { name: ' ', surname: 'Mokoena', email: 'blank@example.test' } });
  expect(blank.status).toBe(400);
  expect(blank.json()).toEqual({ error: { info: 'Please fill in all the client details (name, surname, and email).' } });
  const client = (await api.call('POST', clients, { json: { name: 'Lerato', surname: 'Mokoena', email: 'lerato@example.test' } })).json();
  const tokens = `/api/v2/clients/${client.uuid}/tokens`;
  for (const assessmentType of ['full', 'EIT', 'ennea']) {
    const added = await api.call('POST', tokens, {
      json: { assessmentType, tokenType: 'paid', assessmentLanguage: 'english', userCoach: 'Graduate Programme', reportsToAutoSend: '-' },
    });
    expect(added.status).toBe(200);
  }
  const listed: Row[] = (await api.call('GET', tokens)).json();
  expect(listed.map((a) => a.assessmentType)).toEqual(['full', 'EIT', 'ennea']);
  const [full, eit, ennea] = listed as [Row, Row, Row];

  const invite = `/api/v2/tokens/${ennea.uuid}/sendinvite`;
  const preview = await api.call('GET', invite, { query: { serverSend: 'true', forPreview: 'true' } });
  expect(preview.json()).toMatchObject({ sent: false, emailAddress: 'lerato@example.test' });
  expect((await api.call('GET', invite, { query: { serverSend: 'true' } })).json()).toMatchObject({ sent: true });
  expect((await api.call('GET', invite, { query: { serverSend: 'true' } })).json().subject).toMatch(/^Reminder: /);
  const history = (await api.call('GET', `/api/v2/tokens/${ennea.uuid}/inviteHistory`)).json();
  expect(history.map((entry: Row) => entry.isReminder)).toEqual([0, 1]);
  expect((await api.call('GET', `/api/v2/tokens/${eit.uuid}/copiedAssessmentLink`)).status).toBe(200);

  const patch = (uuid: string, body: object) => api.call('PATCH', `/api/v2/tokens/${uuid}`, { json: body });
  expect((await patch(ennea.uuid, { coachWrappedUp: 1 })).json()).toEqual({ success: true });
  expect((await patch(ennea.uuid, { coachWrappedUp: 0 })).json()).toEqual({ success: true });
  expect((await api.call('PATCH', `/api/v2/clients/${client.uuid}`, { json: { company: 'Karoo Logistics' } })).json()).toEqual({
    success: true,
  });
  // Not registered yet: deleting it credits the coach back.
  expect((await api.call('DELETE', `/api/v2/tokens/${full.uuid}`)).status).toBe(200);
  const registered = pick(own, 'registered assessment', (a) => a.userRegistration === 1);
  expect((await api.call('DELETE', `/api/v2/tokens/${registered.uuid}`)).status).toBe(400);
}

async function reportsAndSco(api: ScenarioClient, direct: Direct, own: Row[]): Promise<void> {
  const ennea = pick(
    own,
    'completed Enneagram without a sent report',
    (a) => a.assessmentType === 'ennea' && a.guestCompletedAt && !a.userReport,
  );
  const reports = `/api/v3/tokens/${ennea.uuid}/reports`;
  const preview = await api.call('POST', reports, { query: { serverSend: 'true', forPreview: 'true' }, json: { reports: ['basic'] } });
  expect(preview.json()).toMatchObject({ sent: false, subject: 'Your assessment reports from Amara Nkosi' });
  const sent = await api.call('POST', reports, {
    query: { serverSend: 'true' },
    json: { reports: ['clientSummary', 'basic'], useClientEmailAddress: true },
  });
  expect(sent.json()).toMatchObject({ sent: true });
  const history = (await api.call('GET', `/api/v2/tokens/${ennea.uuid}/sentReportHistory`)).json();
  expect(history.at(-1).reportList).toBe('clientSummary,basic');

  const full = pick(own, 'marked Combined assessment', (a) => a.assessmentType === 'full' && a.marked === 1 && a.guestCompletedAt);
  const pdfUrl = `/publish/reports/coach/foundation/${demo}/${full.uuid}`;
  expect((await api.call('GET', pdfUrl, { query: { pdf: '1' } })).contentType).toBe('application/pdf');
  expect((await direct('GET', `${pdfUrl}?pdf=1`)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const html = await api.call('GET', `/publish/reports/coach/imf/${demo}/${full.uuid}`);
  expect(html.text).toContain('<h1>Maturity Report - ');

  const mailing = await api.call('POST', `/api/v2/coaches/${demo}/downloadMailingDetails`, {
    json: { assessmentUUIDs: own.slice(0, 3).map((a) => a.uuid) },
  });
  expect(mailing.contentType).toBe(XLSX);

  const given: Row[] = (await api.call('GET', `/api/v2/coaches/${demo}/tokensX`, { query: { mode: 'given' } })).json();
  const notGiven = own.filter((a) => !given.some((g) => g.uuid === a.uuid)).slice(0, 2);
  const assign = (email: string) =>
    api.call('POST', `/api/v2/coaches/${demo}/assignSCO`, {
      json: { secondaryCoachEmailAddress: email, assessmentUUIDs: notGiven.map((a) => a.uuid) },
    });
  const unknown = await assign('stranger@example.test');
  expect(unknown.status).toBe(400);
  expect(unknown.json()).toEqual({
    error: { info: "That email address is not associated with a coach registered on the provider's system" },
  });
  expect((await assign(peer.email)).json()).toMatchObject({ success: true, countOfNewlyGivenSCOs: 2 });
  const revoked = await api.call('POST', `/api/v2/coaches/${demo}/revokeSCO`, {
    json: { records: [{ uuid: notGiven[0]?.uuid, coachUUID: peer.uuid }] },
  });
  expect(revoked.json()).toEqual({ success: true, error: null });
}

async function teams(api: ScenarioClient, direct: Direct, own: Row[]): Promise<void> {
  const list = async (): Promise<Row[]> => (await api.call('GET', `/api/v2/coaches/${demo}/teams`)).json();
  const named = async (name: string) => pick(await list(), `team ${name}`, (team) => team.name === name && !team.scoReceivedFrom);
  expect(
    (await api.call('POST', `/api/v2/coaches/${demo}/teams`, { json: { name: 'Depot Managers', description: 'Q4', coach: 'Pipeline' } }))
      .status,
  ).toBe(200);
  const team = await named('Depot Managers');
  const path = `/api/v2/teams/${team.uuid}`;
  const [a, b, c] = own.filter((x) => x.guestCompletedAt).map((x) => x.uuid as string);
  expect((await api.call('POST', `/api/v3/teams/${team.uuid}/addMembers`, { json: { memberUUIDs: [a, b, c] } })).json()).toEqual({
    added: 3,
  });
  expect((await api.call('POST', `${path}/members/${a}`, { json: { isTeamLeader: 1 } })).status).toBe(200);
  expect((await api.call('PUT', `${path}/members/${b}`, { json: { memberComments: 'Joins in March' } })).status).toBe(200);
  expect((await api.call('DELETE', `${path}/members/${c}`)).status).toBe(200);
  const members = (await api.call('GET', `${path}/members`)).json();
  expect(members).toHaveLength(2);
  expect(members[0]).toMatchObject({ uuid: a, isTeamLeader: 1 });

  expect((await api.call('GET', `${path}/teamReportChargeInfo`)).json()).toMatchObject({ isFreeOfCharge: false });
  const requested = await api.call('POST', `${path}/requestReport`, { json: { reportRequested: 'Full', reportDueDate: daysAhead(7) } });
  expect(requested.json()).toEqual({ reportRequestedDisplay: 'Combined', reportReady: false });
  expect((await api.call('PUT', path, { json: { name: 'Renamed', description: '', coach: 'Pipeline' } })).status).toBe(400);
  expect((await api.call('GET', `${path}/cancelReportRequest`)).status).toBe(200);
  expect((await api.call('PUT', path, { json: { name: 'Depot Leads', description: 'Q4', coach: 'Pipeline' } })).status).toBe(200);

  const executive = await named('Executive Committee');
  const copy = await api.call('POST', `/api/v2/teams/${executive.uuid}/duplicate`, { json: { newTeamName: 'Executive Committee Copy' } });
  expect(copy.status).toBe(200);
  const duplicated = await named('Executive Committee Copy');
  expect((await api.call('GET', `/api/v2/teams/${duplicated.uuid}/teamReportChargeInfo`)).json().isFreeOfCharge).toBe(true);
  const report = `/api/v2/teams/${executive.uuid}/downloadReport`;
  expect((await api.call('GET', `${report}/pdf`)).contentType).toBe('application/pdf');
  expect((await api.call('GET', `${report}/pptx`)).headers.get('content-disposition')).toMatch(/\.pptx"?$/);
  expect((await direct('GET', `${report}/pptx`)).rawPayload.subarray(0, 2).toString()).toBe('PK');
  expect((await api.call('GET', `/api/v2/teams/${executive.uuid}/downloadSummary`)).contentType).toBe(XLSX);

  const sco = (operation: 'assignTeamSCO' | 'revokeTeamSCO', body: object) =>
    api.call('POST', `/api/v2/coaches/${demo}/${operation}`, { json: body });
  const unknown = await sco('assignTeamSCO', { secondaryCoachEmailAddress: 'nobody@example.test', teamUUIDs: [team.uuid] });
  expect(unknown.json()).toEqual({
    error: { info: "That email address is not associated with a coach registered on the provider's system" },
  });
  expect((await sco('assignTeamSCO', { secondaryCoachEmailAddress: peer.email, teamUUIDs: [team.uuid] })).json()).toEqual({
    success: true,
  });
  expect((await sco('revokeTeamSCO', { records: [{ uuid: team.uuid, coachUUID: peer.uuid }] })).json()).toEqual({ success: true });
  expect((await api.call('DELETE', path)).status).toBe(200);
  expect((await list()).some((entry) => entry.uuid === team.uuid)).toBe(false);
}

async function pairs(api: ScenarioClient, own: Row[]): Promise<void> {
  const first = pick(own, 'completed assessment', (a) => a.guestCompletedAt);
  const second = pick(own, 'completed assessment of another client', (a) => a.guestCompletedAt && a.clientUUID !== first.clientUUID);
  const created = await api.call('POST', `/api/v2/couples/${demo}/newCouple`, {
    json: { uuids: [first.uuid, second.uuid], coupleType: 'Workplace', tokenType: 'paid', reportDueDate: daysAhead(7), reportCost: 2 },
  });
  const { uuid } = created.json();
  const couples: Row[] = (await api.call('GET', `/api/v2/coaches/${demo}/couples`)).json();
  expect(couples.some((pair) => pair.uuid === uuid)).toBe(true);
  const supplied = pick(couples, 'pair with a supplied report', (pair) => pair.reportSuppliedAt !== '-');
  const send = `/api/v2/couples/${supplied.uuid}/sendReport`;
  expect((await api.call('POST', send, { query: { serverSend: 'true', forPreview: 'true' } })).json()).toMatchObject({ sent: false });
  expect((await api.call('POST', send, { query: { serverSend: 'true' }, json: { destinationEmailAddress: null } })).json()).toMatchObject({
    sent: true,
  });
  expect((await api.call('GET', `/publish/reports/pair/${supplied.uuid}`)).text).toContain('Pair Report');
  expect((await api.call('GET', `/publish/reports/pair/${supplied.uuid}`, { query: { pdf: '1' } })).contentType).toBe('application/pdf');
  expect((await api.call('DELETE', '/api/v2/couples', { json: { uuids: [uuid] } })).json()).toEqual({ success: true });
}

/** A requested team report and a new pair's report are supplied once the sandbox clock passes the preparation delay. */
async function preparedReports(api: ScenarioClient, own: Row[], clock: { advance(ms: number): void }): Promise<void> {
  await api.call('POST', `/api/v2/coaches/${demo}/teams`, { json: { name: 'Night Shift', description: '', coach: 'Pipeline' } });
  const teams = async (): Promise<Row[]> => (await api.call('GET', `/api/v2/coaches/${demo}/teams`)).json();
  const team = pick(await teams(), 'team Night Shift', (entry) => entry.name === 'Night Shift');
  const [a, b] = own.filter((x) => x.guestCompletedAt).map((x) => x.uuid as string);
  await api.call('POST', `/api/v3/teams/${team.uuid}/addMembers`, { json: { memberUUIDs: [a, b] } });
  const requested = await api.call('POST', `/api/v2/teams/${team.uuid}/requestReport`, {
    json: { reportRequested: 'Ennea', reportDueDate: daysAhead(7) },
  });
  expect(requested.json()).toEqual({ reportRequestedDisplay: 'Enneagram', reportReady: false });
  const first = pick(own, 'completed assessment', (x) => x.guestCompletedAt);
  const second = pick(own, 'completed assessment of another client', (x) => x.guestCompletedAt && x.clientUUID !== first.clientUUID);
  const pair = await api.call('POST', `/api/v2/couples/${demo}/newCouple`, {
    json: { uuids: [first.uuid, second.uuid], coupleType: 'Romance', tokenType: 'paid', reportDueDate: daysAhead(7), reportCost: 2 },
  });
  expect(pick(await teams(), 'team Night Shift', (entry) => entry.uuid === team.uuid).isReportAvailable).toBe(false);

  clock.advance(REPORT_READY_SECONDS * 1000);
  expect(pick(await teams(), 'team Night Shift', (entry) => entry.uuid === team.uuid)).toMatchObject({
    isReportAvailable: true,
    offerReportPDF: true,
    offerReportPPTX: false,
  });
  expect((await api.call('GET', `/api/v2/teams/${team.uuid}/downloadReport/pdf`)).contentType).toBe('application/pdf');
  const couples: Row[] = (await api.call('GET', `/api/v2/coaches/${demo}/couples`)).json();
  expect(pick(couples, 'the new pair', (entry) => entry.uuid === pair.json().uuid).reportSuppliedAt).not.toBe('-');
}

async function importsBulkAndCombine(api: ScenarioClient, direct: Direct, own: Row[]): Promise<void> {
  const results = { enneaRankingCSV: '8,3,7,1,2,4,5,6,9', assessmentLanguage: 'english', scoreSP: 60, scoreSO: 30, scoreSX: 10 };
  const newClient = `/api/v3/coaches/${demo}/newClientImportResults`;
  const tie = await api.call('POST', newClient, {
    json: { name: 'Tie', surname: 'Scores', email: 'tie@example.test', ...results, scoreSO: 60 },
  });
  expect(tie.json()).toEqual({ error: { info: 'The instinct scores must be different from each other; there cannot be a tie.' } });
  const imported = await api.call('POST', newClient, {
    json: { name: 'Zuzana', surname: 'Kovacova', email: 'zuzana@example.test', project: 'Bratislava', ...results },
  });
  expect(imported.json()).toEqual({ guest: { userName: 'Zuzana', userSurname: 'Kovacova' } });
  const listed: Row[] = (await api.call('GET', `/api/v2/coaches/${demo}/tokensX`)).json();
  const zuzana = pick(listed, 'imported client', (a) => a.clientEmail === 'zuzana@example.test');
  const again = await api.call('POST', `/api/v3/importResults/${zuzana.clientUUID}`, {
    json: { ...results, enneaRankingCSV: '4,1,5,2,3,6,7,8,9' },
  });
  expect(again.json()).toEqual({ guest: { userName: 'Zuzana', userSurname: 'Kovacova' } });

  const existing = own[0] as Row;
  const file = await clientsTemplate([
    { name: 'Thabo', surname: 'Dlamini', email: 'thabo@example.test', company: 'Karoo Logistics' },
    { name: existing.clientName, surname: existing.clientSurname, email: existing.clientEmail, company: '' },
    { name: 'Broken', surname: 'Email', email: 'not-an-email', company: '' },
  ]);
  const form = (confirmed: boolean) => {
    const fields = new FormData();
    fields.append('tokenType', 'paid');
    fields.append('assessmentLanguage', 'english');
    fields.append('assessmentType', 'EIT');
    fields.append('project', 'Graduate Programme');
    if (confirmed) fields.append('duplicatesConfirmedOK', 'true');
    fields.append('spreadsheet', new Blob([new Uint8Array(file)], { type: XLSX }), 'clients.xlsx');
    return fields;
  };
  const url = `/api/v3/coaches/${demo}/bulkAddClientsTokens/upload`;
  // Through the proxy Prism checks the form against the contract and the sandbox's answer; it forwards the
  // body as UTF-8 text, so the spreadsheet's bytes arrive mangled. The same upload, sent to the sandbox
  // itself, shows the behaviour.
  expect((await api.call('POST', url, { multipart: form(false) })).status).toBe(400);
  expect((await direct('POST', url, form(false))).json()).toMatchObject({
    pleaseConfirm: true,
    duplicatedGuests: [{ email: existing.clientEmail }],
  });
  expect((await direct('POST', url, form(true))).json()).toMatchObject({
    pleaseConfirm: false,
    brokenClients: [{ name: 'Broken', email: 'not-an-email (invalid email)' }],
    message: '2 assessment(s) added.',
  });

  const done = (a: Row) => a.guestCompletedAt && a.marked === 1;
  const ennea = pick(
    own,
    'client with a complete Enneagram and Maturity',
    (a) =>
      a.assessmentType === 'ennea' && done(a) && own.some((b) => b.clientUUID === a.clientUUID && b.assessmentType === 'EIT' && done(b)),
  );
  const imf = pick(own, 'complete Maturity', (b) => b.clientUUID === ennea.clientUUID && b.assessmentType === 'EIT' && done(b));
  const combined = await api.call('GET', `/api/v3/hybridise/${ennea.uuid}/${ennea.uuid}/${imf.uuid}`);
  expect(combined.json().guest.completedAt).toBeTruthy();
}

async function profileAndSettings(api: ScenarioClient, direct: Direct): Promise<void> {
  const coach = `/api/v2/coaches/${demo}`;
  const template = `${coach}/emailtemplates/ennea_invite`;
  expect((await api.call('GET', template)).json()[0].coachId).toBe(0);
  const emailText = 'Hi {guestname},\n\nHere is your link: {assessmentlink}\n\n{coachname}';
  expect((await api.call('PUT', template, { json: { emailText } })).status).toBe(200);
  expect((await api.call('GET', template)).json()[0]).toEqual({ coachId: 101, emailText });
  expect((await api.call('DELETE', template)).status).toBe(200);

  const assistants = (await api.call('GET', `${coach}/assistants`)).json().assistants;
  expect(assistants.map((a: Row) => a.email)).toContain(SEED_ASSISTANT.email);
  const added = await api.call('POST', `${coach}/newAssistantRequested`, {
    json: { name: 'Refilwe', surname: 'Sithole', email: 'refilwe@nkosi.test' },
  });
  expect(added.json()).toMatchObject({ success: true });
  const edited = await api.call('POST', `${coach}/assistantEdit/${SEED_ASSISTANT.uuid}`, {
    json: { name: 'Thandiwe', surname: 'Mahlangu', email: 'thandiwe@nkosi.test' },
  });
  expect(edited.json()).toEqual({ success: true });
  expect((await api.call('GET', `${coach}/assistantBlock/${SEED_ASSISTANT.uuid}/block`)).status).toBe(200);
  expect((await api.call('GET', `${coach}/assistantBlock/${SEED_ASSISTANT.uuid}/unblock`)).status).toBe(200);

  const setup = (await api.call('POST', `/api/v2/coaches/setTwoFactor/${demo}`, { json: { twoFactorEnabled: true } })).json();
  expect(setup.qrcode).toMatch(/^data:image\/png;base64,/);
  expect((await api.call('POST', `/api/v2/coaches/verifyTwoFactor/${demo}`, { json: { token: totp(setup.secret) } })).json()).toEqual({
    success: true,
  });
  expect((await api.call('GET', coach)).json().twoFactorEnabled).toBe(true);
  await api.call('POST', `/api/v2/coaches/setTwoFactor/${demo}`, { json: { twoFactorEnabled: false } });

  expect((await api.call('POST', `${coach}/checkPassword`, { json: { password: 'wrong' } })).json()).toEqual({ allowed: false });
  expect((await api.call('POST', `${coach}/checkPassword`, { json: { password: DEMO_PASSWORD } })).json()).toEqual({ allowed: true });
  const profile = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Amara',
    surname: 'Nkosi',
    email: SEED_COACHES.demo.email,
    businessName: 'Nkosi Leadership',
  })) {
    profile.append(name, value);
  }
  expect((await api.call('POST', coach, { multipart: profile })).json()).toEqual({ emojis: false });
  expect((await api.call('GET', coach)).json().businessName).toBe('Nkosi Leadership');
  // The photo's bytes do not survive Prism (see `Direct`): the proxy checks the form and the answer,
  // the sandbox itself gets the real PNG.
  profile.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
  await api.call('POST', coach, { multipart: profile });
  expect((await direct('POST', coach, profile)).json()).toEqual({ emojis: false });
  expect((await api.call('GET', `${coach}/profilePhoto`)).contentType).toBe('image/png');
  expect((await direct('GET', `${coach}/profilePhoto`)).rawPayload.equals(PNG)).toBe(true);

  expect((await api.call('PUT', coach, { json: { pendingCredits: 120, newCreditOrder: true } })).status).toBe(200);
  expect((await api.call('GET', coach)).json().pendingCredits).toBe(120);
  expect((await api.call('PUT', coach, { json: { cancelCreditOrder: true } })).status).toBe(200);
}

async function publicPages(api: ScenarioClient, sandbox: FastifyInstance): Promise<void> {
  const policy = `/api/v2/coaches/${demo}/policy/${SEED_POLICY.uuid}`;
  expect((await api.call('GET', policy)).json()).toMatchObject({ code: 'COC-2025', policyCoach: { coachSignedAt: null } });
  const signed = await api.call('POST', policy, {
    json: {
      coachTypedName: 'Amara Nkosi',
      coachTypedDate: '20 November 2025',
      extraFields: [
        { name: 'practiceRegistrationNumber', value: 'PR-2019-04471' },
        { name: 'supervisorName', value: 'Dr Nomvula Dlamini' },
      ],
    },
  });
  expect(signed.json()).toEqual({ success: true });
  expect((await api.call('GET', `/api/v2/coaches/${demo}/policyAlert`)).json()).toEqual({ policyAlert: false });

  const client = {
    name: 'Sipho',
    surname: 'Ndlovu',
    email: 'sipho.ndlovu@gmail.test',
    assessmentType: 'ennea',
    assessmentLanguage: 'english',
  };
  const zarCoach = SEED_COACHES.twoFactor.uuid;
  expect((await api.call('GET', `/selfpay/init/${zarCoach}`)).json()).toMatchObject({ currency: 'ZAR', priceString: 'R550 + VAT' });
  expect((await api.call('GET', `/selfpay/init/${demo}`)).json()).toMatchObject({ currency: 'USD', priceString: '$55' });
  const checkout = (body: object) => api.call('POST', '/selfpay/checkout', { json: { ...client, ...body } });
  const status = async (id: string) => (await api.call('GET', `/selfpay/checkpayment/${id}`)).json();
  const zar = (await checkout({ provider: 'card', providerIsPayPal: false, amount: 632.5, currency: 'ZAR', coachUUID: zarCoach })).json();
  expect(await status(zar.checkoutId)).toMatchObject({ success: false, pending: true });
  const notified = await api.call('POST', '/selfpay/receive_notification/', {
    form: { custom_str1: zar.checkoutId, payment_status: 'COMPLETE', amount_gross: '632.50', pf_payment_id: '2174563' },
  });
  expect(notified.status).toBe(200);
  expect(await status(zar.checkoutId)).toMatchObject({ success: true, pending: false, referenceNumber: '2174563' });
  const usd = (await checkout({ provider: 'paypal', providerIsPayPal: true, amount: 55, currency: 'USD', coachUUID: demo })).json();
  // The BFF creates the PayPal order (the sandbox's PayPal stand-in) and the buyer approves it in the buttons.
  const orderId = await createPayPalOrder(sandbox, { checkoutId: usd.checkoutId, value: '55.00', currency: 'USD' });
  await approvePayPalOrder(sandbox, orderId);
  expect((await api.call('POST', '/selfpay/paypalcapture', { json: { orderId } })).json()).toEqual({ success: true });
  expect(await status(usd.checkoutId)).toMatchObject({ success: true });

  expect(Object.keys((await api.call('GET', '/mintor/initAssessment', { headers: mini })).json().translations)).toContain('english');
  const start = await api.call('POST', '/mintor/startAssessment', {
    headers: mini,
    json: {
      localLanguage: 'english',
      registrationData: { name: 'Eszter', surname: 'Szabó', email: 'eszter@freemail.test' },
      coachUUID: demo,
    },
  });
  const { uniqueId } = start.json();
  const section1 = await api.call('POST', '/mintor/section1Completed', {
    headers: mini,
    json: { responses: { q1: 'B', q2: 'A', q3: 'B' }, uniqueId },
  });
  expect(Object.keys(section1.json().questions)).toEqual(['q4']);
  const result = await api.call('POST', '/mintor/section2Completed', { headers: mini, json: { responses: { q4: 'C' }, uniqueId } });
  expect(result.json().enneaTitle).toBeTruthy();

  const own: Row[] = (await api.call('GET', `/api/v2/coaches/${demo}/tokensX`)).json();
  const scored = (type: string) =>
    pick(
      own,
      `scored ${type} assessment`,
      (a) => a.assessmentType === type && a.guestCompletedAt && (type === 'ennea' || a.finalTPR !== null),
    );
  const guest = async (id: string, query: Record<string, string>) =>
    (await api.call('GET', `/api/v2/guestresults/${id}`, { query })).json();
  expect(
    (await guest(scored('ennea').uuid, { reportCode: 'e', language: 'slovak', trifix: '258', instinct: 'SO' })).scores.main,
  ).toHaveLength(9);
  expect((await guest(scored('EIT').uuid, { reportCode: 'm' })).levels).toHaveLength(8);
  expect((await guest(scored('full').uuid, { reportCode: 'c', version: 'text' })).onlyText).toBe(true);
  expect((await guest(scored('full').uuid, { reportCode: 'cp' })).reportContent.sections.length).toBeGreaterThan(0);
  expect((await guest(uniqueId, { reportCode: 'e' })).guest).toMatchObject({ miniGuest: true });
}

async function signOut(api: ScenarioClient): Promise<void> {
  const ended = api.cookieHeader();
  expect((await api.call('GET', '/api/v2/logout')).status).toBe(200);
  expect(api.cookies.has('portal_session')).toBe(false);
  expect((await api.call('GET', '/api/v2/checkForValidSession', { cookie: ended })).json()).toEqual({ allowed: false });
  const refused = await api.call('GET', `/api/v2/coaches/${demo}`, { cookie: ended });
  expect(refused.status).toBe(403);
  expect(refused.json()).toEqual({ error: { info: 'Forbidden - please log in again.' } });
}
