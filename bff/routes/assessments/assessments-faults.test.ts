// The assessments' batch actions and Download Reports against a legacy API that misbehaves per item: slow,
// connection resets, 5xx, error answers, and a 403 in the middle (the session ends, the rest is not attempted).
// Cancellation on a client that disconnects and Stop are tested over real sockets.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { buildServer } from '../../app.ts';
import { OUTCOME_UNKNOWN, outcomeUnknownAfterNoAnswer } from '../../batch/batch-ledger.ts';
import { IDEMPOTENCY_RECORD_MAX_BYTES, type MemoryIdempotencyStore } from '../../batch/idempotency-store.ts';
import { NOT_IN_LIST, notInListMessage } from '../../domain/assessment-selection.ts';
import { RedisJobStore } from '../../downloads/redis-job-store.ts';
import { FAILURES_HEADING } from '../../downloads/report-archive.ts';
import { readZip } from '../../downloads/zip-test-support.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { UNEXPECTED_MESSAGE } from '../../problem.ts';
import { expectFetchContract, injectChecked } from '../../test-support/contract.ts';
import { legacyError, signInBff, slow } from '../../test-support/fault-bff.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { completedLegacyAssessment, legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';
import { startRedis } from '../../test-support/redis-server.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { type CapturedLogs, captureLogs, testConfig } from '../../test-support/test-server.ts';
import { MESSAGES } from './assessment-emails.ts';

type Row = Legacy['schemas']['Assessment'];

const COACH_ID = LEGACY_COACH_ID;
const TOKENS = `GET /api/v2/coaches/${COACH_ID}/tokensX`;
const ORIGIN = 'http://localhost:3000';
const CSRF = { 'x-csrf': '1', origin: ORIGIN };
const SESSION_COACH = { uuid: COACH_ID, accreditationLevel: 3, isBeingAssisted: false, assistant: null };
const COACH = {
  ...LEGACY_COACH,
  tokenBalance: 12,
  newMessages: 0,
  countOfReceivedSCOs: 1,
  liveSystem: true,
  enableMiniAssessment: true,
  sendBulkAssessmentNotifications: false,
  twoFactorEnabled: false,
};
const PDF = '%PDF-1.7 a test report';

const id = legacyAssessmentId;
const clientOf = (n: number) => `Client${n} Person${n}`;

const row = (n: number, fields: Partial<Row> = {}): Row => legacyAssessment(n, fields);
const completedEnnea = (n: number) => completedLegacyAssessment(n);

const sent = (n: number, fields: object = {}): CannedAnswer => ({
  status: 200,
  json: { sent: true, error: null, emailAddress: `client${n}@example.test`, subject: `Subject ${n}`, body: `<p>Body ${n}</p>`, ...fields },
});
const invitePath = (n: number) => `GET /api/v2/tokens/${id(n)}/sendinvite`;
const reportPath = (n: number, code = 'basic') => `GET /publish/reports/coach/${code}/${COACH_ID}/${id(n)}`;
const pdf: CannedAnswer = { status: 200, text: PDF, headers: { 'content-type': 'application/pdf' } };

let upstream: FaultUpstream;
let server: FastifyInstance;
let logs: CapturedLogs;
let session: string;

async function start(env: Record<string, string> = {}): Promise<void> {
  upstream = await startFaultUpstream();
  logs = captureLogs();
  server = buildServer(
    testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '5000', BATCH_CONCURRENCY: '1', BATCH_ITEM_TIMEOUT_MS: '300', ...env }),
    { logger: logs.logger },
  );
  await server.ready();
  session = await signIn();
}
afterEach(async () => {
  await server?.close();
  await upstream?.close();
});

async function signIn(): Promise<string> {
  return signInBff(server, upstream, COACH);
}

/** An impersonator's session (the admin's legacy session checked by the legacy API). */
async function impersonate(): Promise<string> {
  upstream.answer('GET /api/v2/checkForValidSession', { status: 200, json: { allowed: true, coach: { ...SESSION_COACH, isAdmin: true } } });
  const response = await injectChecked(server, {
    method: 'POST',
    url: '/api/session/impersonation',
    headers: { ...CSRF, cookie: 'portal_session=s%3Aadmin-1' },
  });
  return response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = session) =>
  injectChecked(server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie }, ...(payload && { payload }) });
const requestsTo = (route: string) => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);
const logged = (message: string) => logs.lines().filter((line) => line.msg === message);

/** The BFF on a real socket (client disconnects, streamed downloads). */
async function listen(): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}
const cookieHeader = () => `${SESSION_COOKIE}=${session}`;
/** The BFF's open connections: none once it saw the browser leave. */
const openConnections = () =>
  new Promise<number>((resolve, reject) => server.server.getConnections((err, count) => (err ? reject(err) : resolve(count))));
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('sendInvites against a faulty legacy API', () => {
  it('reports 5xx, error answers, resets, timeouts and unsent e-mails per item, by name, and carries on', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3, 4, 5, 6].map((n) => row(n, { userInvite: n === 1 ? 1 : 0 })) });
    upstream.answer(invitePath(1), sent(1));
    upstream.answer(invitePath(2), { status: 503, text: 'down' });
    upstream.answer(invitePath(3), legacyError('Mailbox unavailable'));
    upstream.answer(invitePath(4), { fault: 'reset' });
    upstream.answer(invitePath(5), slow);
    upstream.answer(invitePath(6), sent(6, { sent: false, error: 'Quota exceeded' }));

    const response = await call('POST', '/api/assessments/invites', { ids: [1, 2, 3, 4, 5, 6].map(id), serverSend: true });
    expect(response.statusCode).toBe(200);
    const failure = (n: number, code: string, error: string) => ({
      id: id(n),
      name: clientOf(n),
      code,
      message: `${clientOf(n)} send failed with ${error}`,
    });
    const unknown = (n: number) => ({
      id: id(n),
      name: clientOf(n),
      code: OUTCOME_UNKNOWN,
      message: outcomeUnknownAfterNoAnswer(clientOf(n)),
    });
    expect(response.json()).toEqual({
      total: 6,
      succeeded: 1,
      notAttempted: 0,
      skippedCompleted: 0,
      reminders: 1,
      drafts: [],
      failed: [
        failure(2, 'upstream_error', UNEXPECTED_MESSAGE),
        failure(3, 'send_failed', 'Mailbox unavailable'),
        // Cut off or timed out once sent: the legacy API may have sent it, so it is not known (never a plain failure).
        unknown(4),
        unknown(5),
        failure(6, 'send_failed', 'Quota exceeded'),
      ],
    });
    // The invite GET sends an e-mail: a reset connection may have sent it already, so it is never retried.
    expect(requestsTo(invitePath(4))).toHaveLength(1);
    // The timed-out call was abandoned, not left running.
    await requestsTo(invitePath(5))[0]?.abandoned;
    expect(new URL(requestsTo(invitePath(1))[0]?.url ?? '', upstream.url).searchParams.get('serverSend')).toBe('true');
  });

  it('stops at the first 403 mid-batch: the session ends (401 session_ended) and the rest is not attempted', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3, 4].map((n) => row(n)) });
    upstream.answer(invitePath(1), sent(1));
    upstream.answer(invitePath(2), { status: 403, json: { error: { info: 'Forbidden' } } });
    upstream.answer(invitePath(3), sent(3));
    upstream.answer(invitePath(4), sent(4));

    const response = await call('POST', '/api/assessments/invites', { ids: [1, 2, 3, 4].map(id), serverSend: true });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_ended' });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect(upstream.received.filter((r) => r.url.includes('/sendinvite')).map((r) => r.url.split('?')[0])).toEqual([
      `/api/v2/tokens/${id(1)}/sendinvite`,
      `/api/v2/tokens/${id(2)}/sendinvite`,
    ]);
    expect(logged('batch stopped: the upstream session ended')[0]?.batch).toEqual({ total: 4, succeeded: 1, failed: 0, notAttempted: 3 });
    expect((await call('GET', '/api/session')).statusCode).toBe(401);
  });

  it('at a 403 with several items in flight, aborts the others and starts nothing more (BATCH_CONCURRENCY 2)', async () => {
    await start({ BATCH_CONCURRENCY: '2', BATCH_ITEM_TIMEOUT_MS: '60000' });
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3, 4].map((n) => row(n)) });
    upstream.answer(invitePath(1), slow);
    upstream.answer(invitePath(2), { status: 403, json: { error: { info: 'Forbidden' } } });
    upstream.answer(invitePath(3), sent(3));

    const response = await call('POST', '/api/assessments/invites', { ids: [1, 2, 3, 4].map(id), serverSend: true });
    expect(response.statusCode).toBe(401);
    await requestsTo(invitePath(1))[0]?.abandoned;
    expect(requestsTo(invitePath(3))).toEqual([]);
    expect(logged('batch stopped: the upstream session ended')[0]?.batch).toMatchObject({ succeeded: 0, notAttempted: 4 });
  });

  it('stops the batch when the client disconnects: the call in flight finishes and counts, no item starts after it', async () => {
    await start({ BATCH_ITEM_TIMEOUT_MS: '60000' });
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3].map((n) => row(n)) });
    const answered = deferred();
    upstream.answer(invitePath(1), { fault: 'held', until: answered.promise, answer: sent(1) });
    upstream.answer(invitePath(2), sent(2));
    upstream.answer(invitePath(3), sent(3));
    const base = await listen();
    const before = upstream.received.length;
    const browser = new AbortController();
    const answer = fetch(`${base}/api/assessments/invites`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json', cookie: cookieHeader() },
      body: JSON.stringify({ ids: [1, 2, 3].map(id), serverSend: true }),
      signal: browser.signal,
    });
    // The coach's copy of the lists (the coach record, the own and the received list), then the first invite.
    const first = await upstream.request(before + 4);
    expect(first.url).toContain(`/api/v2/tokens/${id(1)}/sendinvite`);
    browser.abort();
    await expect(answer).rejects.toThrow();
    await vi.waitFor(async () => expect(await openConnections()).toBe(0));
    // The legacy API sends the e-mail after the browser left: it counts as sent, never as not attempted.
    answered.resolve();
    await vi.waitFor(() => expect(logged('batch cancelled')).toHaveLength(1));
    expect(logged('batch cancelled')[0]?.batch).toEqual({ total: 3, succeeded: 1, failed: 0, notAttempted: 2 });
    // BATCH_CONCURRENCY 1: the first item held the only lane.
    expect(upstream.received.filter((r) => r.url.includes('/sendinvite'))).toHaveLength(1);
  });

  it("plans from the coach's copy: the lists read once, not again while it is held, and again for an id it lacks", async () => {
    await start();
    const modes = () => requestsTo(TOKENS).map((r) => new URL(r.url, upstream.url).searchParams.get('mode'));
    upstream.answer(TOKENS, { status: 200, json: [row(1)] }, { status: 200, json: [row(2, { fromAnotherCoach: 1 })] });
    upstream.answer(invitePath(1), sent(1));
    upstream.answer(invitePath(3), sent(3));
    expect((await call('POST', '/api/assessments/invites', { ids: [id(1)], serverSend: true })).json().succeeded).toBe(1);
    // The coach has received SCOs: the copy holds the own list merged with the received one.
    expect(modes()).toEqual([null, 'received']);
    // The copy is held (and patched with the invite): a second send reads no list.
    expect((await call('POST', '/api/assessments/invites', { ids: [id(1)], serverSend: true })).json().reminders).toBe(1);
    expect(modes()).toEqual([null, 'received']);

    upstream.answer(
      TOKENS,
      { status: 200, json: [row(1)] },
      { status: 200, json: [row(2, { fromAnotherCoach: 1 }), row(3, { fromAnotherCoach: 1 })] },
    );
    // An id the copy lacks has the lists read again; a received assessment then refuses the selection before any invite.
    const both = await call('POST', '/api/assessments/invites', { ids: [id(1), id(3)], serverSend: true });
    expect(both.json()).toMatchObject({ code: 'received_from_another_coach' });
    expect(modes()).toEqual([null, 'received', null, 'received']);
    expect(requestsTo(invitePath(1))).toHaveLength(2);
    expect(requestsTo(invitePath(3))).toHaveLength(0);
  });

  it("refuses a selection of ids that are not in the coach's lists as a whole, with their count, before any item is done", async () => {
    await start();
    const random = Array.from({ length: 49_999 }, () => randomUUID());
    const lists = () => upstream.answer(TOKENS, { status: 200, json: [row(1)] }, { status: 200, json: [row(2, { fromAnotherCoach: 1 })] });
    const refused = { status: 400, code: NOT_IN_LIST, detail: notInListMessage(49_999) };
    expect(notInListMessage(49_999)).toBe(
      '49,999 of the selected assessments are not in your list any more. Please refresh the list and select again.',
    );

    // Send Invites reads the coach's copy, then, as it lacks ids, the lists again.
    upstream.answer(
      TOKENS,
      { status: 200, json: [row(1)] },
      { status: 200, json: [row(2, { fromAnotherCoach: 1 })] },
      { status: 200, json: [row(1)] },
      { status: 200, json: [row(2, { fromAnotherCoach: 1 })] },
    );
    const invites = await call('POST', '/api/assessments/invites', { ids: [id(1), ...random], serverSend: true });
    expect({ status: invites.statusCode, ...invites.json() }).toMatchObject(refused);
    lists();
    const reports = await call('POST', '/api/assessments/report-emails', { ids: [...random, id(1)], reports: ['basic'], serverSend: true });
    expect({ status: reports.statusCode, ...reports.json() }).toMatchObject(refused);
    lists();
    const deletion = await call('POST', '/api/assessments/deletions', { ids: [id(1), random[0], id(2)] });
    expect(deletion.json()).toMatchObject({ code: NOT_IN_LIST, detail: notInListMessage(1) });
    expect(notInListMessage(1)).toBe(
      '1 of the selected assessments is not in your list any more. Please refresh the list and select again.',
    );

    // Only the coach's two lists were read (twice for Send Invites' copy), per call: no item was sent or deleted.
    expect(upstream.received.filter((r) => /^\/api\/v[23]\/tokens\//.test(r.url))).toEqual([]);
    expect(requestsTo(TOKENS)).toHaveLength(8);
  });

  it('answers 502 when the token list fails, and 401 session_ended when it answers 403', async () => {
    await start();
    upstream.answer(TOKENS, { status: 500, text: 'boom' });
    const failed = await call('POST', '/api/assessments/invites', { ids: [id(1)], serverSend: true });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('upstream_error');
    upstream.answer(TOKENS, { status: 403, json: { error: { info: 'Forbidden' } } });
    const ended = await call('POST', '/api/assessments/deletions', { ids: [id(1)] });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('session_ended');
  });
});

describe("e-mails in an impersonator's session", () => {
  it("send reports to the typed coach address; it is required there and refused in a coach's own session", async () => {
    await start();
    const admin = await impersonate();
    upstream.answer(TOKENS, { status: 200, json: [completedEnnea(1)] });
    upstream.answer(`POST /api/v3/tokens/${id(1)}/reports`, sent(1, { emailAddress: 'coach@example.test' }));
    const body = { ids: [id(1)], reports: ['basic', 'imf'], serverSend: true };

    const missing = await call('POST', '/api/assessments/report-emails', body, admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'coach_email_required', detail: MESSAGES.coachEmailRequired });

    const invites = await call('POST', '/api/assessments/invites', { ids: [id(1)], serverSend: true }, admin);
    expect(invites.json()).toMatchObject({ code: 'coach_email_required', detail: MESSAGES.coachEmailRequired });

    const ok = await call('POST', '/api/assessments/report-emails', { ...body, coachEmailAddress: 'coach@example.test' }, admin);
    expect(ok.json()).toMatchObject({ total: 1, succeeded: 1 });
    const sentBody = JSON.parse(requestsTo(`POST /api/v3/tokens/${id(1)}/reports`)[0]?.body ?? '');
    expect(sentBody).toEqual({ reports: ['basic'], destinationEmailAddress: 'coach@example.test', useClientEmailAddress: false });

    const preview = await call(
      'POST',
      '/api/assessments/report-email-previews',
      { ...body, coachEmailAddress: 'coach@example.test' },
      admin,
    );
    expect(preview.json()).toEqual({ emailAddress: 'coach@example.test', subject: 'Subject 1', body: '<p>Body 1</p>' });

    const refused = await call('POST', '/api/assessments/invites', {
      ids: [id(1)],
      serverSend: true,
      coachEmailAddress: 'coach@example.test',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'impersonator_only', detail: MESSAGES.impersonatorOnly });
  });

  it("send a coach's reports to the client", async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [completedEnnea(1)] });
    upstream.answer(`POST /api/v3/tokens/${id(1)}/reports`, sent(1));
    await call('POST', '/api/assessments/report-emails', { ids: [id(1)], reports: ['clientSummary'], serverSend: true });
    expect(JSON.parse(requestsTo(`POST /api/v3/tokens/${id(1)}/reports`)[0]?.body ?? '')).toEqual({
      reports: ['clientSummary'],
      destinationEmailAddress: null,
      useClientEmailAddress: true,
    });
  });

  it('shows a preview refused by the legacy API with its error.info', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [row(1)] });
    upstream.answer(invitePath(1), legacyError('Template missing'));
    const response = await call('POST', '/api/assessments/invite-previews', { ids: [id(1)], serverSend: false });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'preview_failed', detail: 'Template missing' });
    expect(new URL(upstream.received.at(-1)?.url ?? '', upstream.url).searchParams.get('forPreview')).toBe('true');
  });
});

describe('deleteAssessments against a faulty legacy API', () => {
  it('passes the team-report lock and other legacy refusals on per item; a delete is never retried', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3, 4].map((n) => row(n)) });
    const lock = 'The report for team Harbour & Finch Senior Team has already been requested or generated - cannot delete.';
    upstream.answer(`DELETE /api/v2/tokens/${id(1)}`, { status: 200, json: { success: true } });
    upstream.answer(`DELETE /api/v2/tokens/${id(2)}`, legacyError(lock));
    upstream.answer(`DELETE /api/v2/tokens/${id(3)}`, legacyError('Something else went wrong.'));
    upstream.answer(`DELETE /api/v2/tokens/${id(4)}`, { fault: 'reset' });
    const response = await call('POST', '/api/assessments/deletions', { ids: [1, 2, 3, 4].map(id) });
    expect(response.json()).toEqual({
      total: 4,
      succeeded: 1,
      notAttempted: 0,
      failed: [
        { id: id(2), name: clientOf(2), code: 'team_report_locked', message: lock },
        { id: id(3), name: clientOf(3), code: 'delete_failed', message: 'Something else went wrong.' },
        { id: id(4), name: clientOf(4), code: OUTCOME_UNKNOWN, message: outcomeUnknownAfterNoAnswer(clientOf(4)) },
      ],
    });
    expect(requestsTo(`DELETE /api/v2/tokens/${id(4)}`)).toHaveLength(1);
  });
});

describe('Download Reports against a faulty legacy API', () => {
  const create = async (ids: string[], reports: string[], language?: string) => {
    const response = await call('POST', '/api/report-downloads', { ids, reports, ...(language && { language }) });
    expect(response.statusCode).toBe(201);
    return response.json().jobId as string;
  };

  it('records failed files in the job and in failures.txt, and asks for the chosen language of the Enneagram report', async () => {
    await start({ BATCH_CONCURRENCY: '2' });
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3].map(completedEnnea) });
    upstream.answer(reportPath(1), pdf);
    upstream.answer(reportPath(2), legacyError('Report generation timed out'));
    upstream.answer(reportPath(3), { status: 502, text: 'bad gateway' });
    const jobId = await create([1, 2, 3].map(id), ['basic'], 'hungarian');

    const archive = await call('GET', `/api/report-downloads/${jobId}/archive`);
    const files = readZip(archive.rawPayload);
    expect(files.get(`Person1 Client1 - Enneagram Report.pdf`)?.toString()).toBe(PDF);
    const manifest = files.get('failures.txt')?.toString() ?? '';
    expect(manifest.startsWith(FAILURES_HEADING)).toBe(true);
    expect(manifest).toContain(`${clientOf(2)} - Person2 Client2 - Enneagram Report.pdf: Report generation timed out`);
    expect(manifest).toContain(`${clientOf(3)} - Person3 Client3 - Enneagram Report.pdf: ${UNEXPECTED_MESSAGE}`);

    const job = (await call('GET', `/api/report-downloads/${jobId}`)).json();
    expect(job).toMatchObject({ status: 'complete', total: 3, done: 3, skipped: 0 });
    expect(job.failed).toEqual([
      { assessmentId: id(2), name: clientOf(2), report: 'basic', message: 'Report generation timed out' },
      { assessmentId: id(3), name: clientOf(3), report: 'basic', message: UNEXPECTED_MESSAGE },
    ]);
    const query = new URL(requestsTo(reportPath(1))[0]?.url ?? '', upstream.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ pdf: '1', language: 'hungarian' });
  });

  it('at a 403 mid-download ends the zip and the session; the remaining files are not fetched', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3].map(completedEnnea) });
    upstream.answer(reportPath(1), pdf);
    upstream.answer(reportPath(2), { status: 403, json: { error: { info: 'Forbidden' } } });
    upstream.answer(reportPath(3), pdf);
    const jobId = await create([1, 2, 3].map(id), ['basic']);

    const archive = await call('GET', `/api/report-downloads/${jobId}/archive`);
    expect(archive.statusCode).toBe(200);
    expect([...readZip(archive.rawPayload).keys()]).toEqual(['Person1 Client1 - Enneagram Report.pdf', 'failures.txt']);
    expect(requestsTo(reportPath(3))).toEqual([]);
    expect((await call('GET', '/api/session')).statusCode).toBe(401);
    // The session's jobs went with it.
    const sessionId = server.unsignCookie(session).value ?? '';
    expect(await server.jobStore.get(sessionId, jobId)).toBeNull();
  });

  it('Stop ends a running download: the zip holds what was written and failures.txt; the hanging fetch is cancelled', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3].map(completedEnnea) });
    upstream.answer(reportPath(1), pdf);
    upstream.answer(reportPath(2), slow);
    const jobId = await create([1, 2, 3].map(id), ['basic']);
    const base = await listen();
    const url = `/api/report-downloads/${jobId}/archive`;
    const before = upstream.received.length;
    const download = fetch(`${base}${url}`, { headers: { cookie: cookieHeader() } });
    const hanging = await upstream.request(before + 2);
    expect(hanging.url).toContain(id(2));
    const running = (await call('GET', `/api/report-downloads/${jobId}`)).json();
    expect(running).toMatchObject({ status: 'running', total: 3, done: 1 });

    const stopped = await call('DELETE', `/api/report-downloads/${jobId}`);
    expect(stopped.json()).toMatchObject({ status: 'stopped' });
    const response = await download;
    expect(response.status).toBe(200);
    const zip = Buffer.from(await response.clone().arrayBuffer());
    await expectFetchContract('GET', url, response);
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(['Person1 Client1 - Enneagram Report.pdf', 'failures.txt']);
    expect(files.get('failures.txt')?.toString()).toContain('The download was stopped before');
    await hanging.abandoned;
    expect(requestsTo(reportPath(3))).toEqual([]);
    expect((await call('GET', `/api/report-downloads/${jobId}`)).json()).toMatchObject({ status: 'stopped', done: 1 });
  });

  it('with REDIS_URL, another instance answers the progress and its Stop ends the zip streaming from the first', async () => {
    const redis = await startRedis();
    const other = buildServer(testConfig({ LEGACY_API_URL: 'http://127.0.0.1:1', REDIS_URL: redis.url }));
    try {
      await start({ REDIS_URL: redis.url });
      expect(server.jobStore).toBeInstanceOf(RedisJobStore);
      await other.ready();
      upstream.answer(TOKENS, { status: 200, json: [1, 2, 3].map(completedEnnea) });
      upstream.answer(reportPath(1), pdf);
      upstream.answer(reportPath(2), slow);
      const jobId = await create([1, 2, 3].map(id), ['basic']);
      const base = await listen();
      const before = upstream.received.length;
      const download = fetch(`${base}/api/report-downloads/${jobId}/archive`, { headers: { cookie: cookieHeader() } });
      const hanging = await upstream.request(before + 2);
      const onOther = (method: 'GET' | 'DELETE') =>
        injectChecked(other, { method, url: `/api/report-downloads/${jobId}`, headers: CSRF, cookies: { [SESSION_COOKIE]: session } });

      expect((await onOther('GET')).json()).toMatchObject({ status: 'running', total: 3, done: 1 });
      expect((await onOther('DELETE')).json()).toMatchObject({ status: 'stopped' });
      const files = readZip(Buffer.from(await (await download).arrayBuffer()));
      expect([...files.keys()]).toEqual(['Person1 Client1 - Enneagram Report.pdf', 'failures.txt']);
      await hanging.abandoned;
      expect(requestsTo(reportPath(3))).toEqual([]);
      expect((await call('GET', `/api/report-downloads/${jobId}`)).json()).toMatchObject({ status: 'stopped', done: 1 });
    } finally {
      await other.close();
      await server?.close();
      await redis.stop();
    }
  });

  it('a client that disconnects mid-download stops the job and cancels the fetch', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [1, 2].map(completedEnnea) });
    upstream.answer(reportPath(1), slow);
    const jobId = await create([1, 2].map(id), ['basic']);
    const base = await listen();
    const before = upstream.received.length;
    const browser = new AbortController();
    const download = fetch(`${base}/api/report-downloads/${jobId}/archive`, {
      headers: { cookie: cookieHeader() },
      signal: browser.signal,
    });
    const hanging = await upstream.request(before + 1);
    expect(hanging.url).toContain(id(1));
    browser.abort();
    await download.then((response) => response.arrayBuffer()).catch(() => undefined);
    await hanging.abandoned;
    await vi.waitFor(async () => expect((await call('GET', `/api/report-downloads/${jobId}`)).json().status).toBe('stopped'));
    expect(requestsTo(reportPath(2))).toEqual([]);
  });
});

describe('the kept answer of a select-all (sendReports with an Idempotency-Key)', () => {
  it('keeps the answer of a select-all of 20,000 own assessments that all failed within 1 MB; a repeat answers it the same', async () => {
    await start();
    const many = Array.from({ length: 20_000 }, (_, i) => row(i + 1));
    upstream.answer(TOKENS, { status: 200, json: many });
    // Not complete: none offers the report, so every item fails without a legacy call.
    const body = { ids: many.map((r) => r.uuid), reports: ['basic'], serverSend: true };
    const send = () =>
      injectChecked(server, {
        method: 'POST',
        url: '/api/assessments/report-emails',
        headers: { ...CSRF, 'idempotency-key': 'select-all-0001' },
        cookies: { [SESSION_COOKIE]: session },
        payload: body,
      });
    const first = await send();
    expect(first.json()).toMatchObject({ total: 20_000, succeeded: 0 });
    expect(first.json().failed).toHaveLength(20_000);
    expect(first.payload.length).toBeGreaterThan(2_500_000);
    expect((server.idempotency as MemoryIdempotencyStore).bytes).toBeLessThanOrEqual(IDEMPOTENCY_RECORD_MAX_BYTES);
    const again = await send();
    expect(again.json()).toEqual(first.json());
    expect(requestsTo(TOKENS)).toHaveLength(1);
  });
});

describe('batch retries with an Idempotency-Key (sendInvites)', () => {
  const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => id(from + i));
  const invitesTo = (n: number) => upstream.received.filter((r) => r.url.startsWith(`/api/v2/tokens/${id(n)}/sendinvite`)).length;
  const allInvites = () => upstream.received.filter((r) => r.url.includes('/sendinvite')).length;
  const invite = (key: string, body: object, cookie = session) =>
    injectChecked(server, {
      method: 'POST',
      url: '/api/assessments/invites',
      headers: { ...CSRF, 'idempotency-key': key },
      cookies: { [SESSION_COOKIE]: cookie },
      payload: body,
    });

  it('24 invites cut by a 403 after 12: the 401 says what was done; the repeat after signing in again sends only the 12 others', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: ids(1, 24).map((_, i) => row(i + 1)) });
    for (let n = 1; n <= 24; n++)
      upstream.answer(invitePath(n), n === 13 ? { status: 403, json: { error: { info: 'Forbidden' } } } : sent(n));
    const body = { ids: ids(1, 24), serverSend: true };
    const key = 'a6d3c9e0-1f2b-4c5d-8e9f-0a1b2c3d4e5f';

    const cut = await invite(key, body);
    expect(cut.statusCode).toBe(401);
    expect(cut.json()).toMatchObject({
      code: 'session_ended',
      batch: { total: 24, succeeded: 12, failed: [], notAttempted: 12, notAttemptedIds: ids(13, 24) },
    });
    expect((await call('GET', '/api/session')).statusCode).toBe(401);

    // Signed in again, the coach (the client, with the same key) repeats the action: 13 to 24 only.
    session = await signIn();
    upstream.answer(invitePath(13), sent(13));
    const resumed = await invite(key, body);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({
      total: 24,
      succeeded: 24,
      failed: [],
      notAttempted: 0,
      skippedCompleted: 0,
      reminders: 0,
      drafts: [],
    });
    for (let n = 1; n <= 24; n++) expect(invitesTo(n)).toBe(n === 13 ? 2 : 1);

    // Once more: the first result, no legacy call at all.
    const before = upstream.received.length;
    const repeat = await invite(key, body);
    expect(repeat.json()).toEqual(resumed.json());
    expect(upstream.received.length).toBe(before);
  });

  it('answers the first result to a repeat whose answer was lost when the connection was cut', async () => {
    await start();
    upstream.answer(TOKENS, { status: 200, json: [1, 2, 3].map((n) => row(n)) });
    for (const n of [1, 2, 3]) upstream.answer(invitePath(n), sent(n));
    const base = new URL(await listen());
    const key = 'lost-answer-0001';
    const payload = JSON.stringify({ ids: [1, 2, 3].map(id), serverSend: true });
    // A raw socket that sends the request and is cut once the BFF has done the work, before reading a byte.
    const { connect } = await import('node:net');
    const socket = connect(Number(base.port), base.hostname);
    socket.write(
      [
        'POST /api/assessments/invites HTTP/1.1',
        `host: ${base.host}`,
        `origin: ${ORIGIN}`,
        'x-csrf: 1',
        `idempotency-key: ${key}`,
        `cookie: ${cookieHeader()}`,
        'content-type: application/json',
        `content-length: ${Buffer.byteLength(payload)}`,
        '',
        payload,
      ].join('\r\n'),
    );
    await vi.waitFor(() =>
      expect(logs.lines().some((line) => line.msg === 'request completed' && line.route === '/api/assessments/invites')).toBe(true),
    );
    socket.destroy();
    expect(allInvites()).toBe(3);

    const retry = await invite(key, JSON.parse(payload));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ total: 3, succeeded: 3, failed: [], notAttempted: 0 });
    expect(allInvites()).toBe(3);
  });

  it('refuses the key for another request (422) and a repeat while the first still runs (409 with Retry-After)', async () => {
    await start({ BATCH_ITEM_TIMEOUT_MS: '60000' });
    upstream.answer(TOKENS, { status: 200, json: [1, 2].map((n) => row(n)) });
    upstream.answer(invitePath(1), { fault: 'slow', delayMs: 400, answer: sent(1) });
    upstream.answer(invitePath(2), sent(2));
    const key = 'in-progress-0001';
    const body = { ids: [1, 2].map(id), serverSend: true };
    const before = upstream.received.length;
    const first = invite(key, body);
    await upstream.request(before + 2);

    const meanwhile = await invite(key, body);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.headers['retry-after']).toBe('2');
    expect(meanwhile.json()).toMatchObject({ code: 'idempotency_in_progress' });
    expect((await first).json()).toMatchObject({ total: 2, succeeded: 2 });

    const other = await invite(key, { ids: [id(1)], serverSend: true });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency_key_reused',
      detail: 'This action was already sent with other choices. Please start it again.',
    });
    // Without a key nothing is remembered: the action runs again.
    expect((await call('POST', '/api/assessments/invites', body)).json()).toMatchObject({ succeeded: 2 });
    expect(invitesTo(1)).toBe(2);
  });

  it('keeps the keys in Redis: a repeat through another instance answers the first result', async () => {
    const redis = await startRedis();
    try {
      await start({ REDIS_URL: redis.url });
      upstream.answer(TOKENS, { status: 200, json: [1, 2].map((n) => row(n)) });
      for (const n of [1, 2]) upstream.answer(invitePath(n), sent(n));
      const body = { ids: [1, 2].map(id), serverSend: true };
      expect((await invite('shared-key-0001', body)).json()).toMatchObject({ succeeded: 2 });
      const other = buildServer(testConfig({ LEGACY_API_URL: upstream.url, REDIS_URL: redis.url }));
      try {
        const repeat = await injectChecked(other, {
          method: 'POST',
          url: '/api/assessments/invites',
          headers: { ...CSRF, 'idempotency-key': 'shared-key-0001' },
          cookies: { [SESSION_COOKIE]: session },
          payload: body,
        });
        expect(repeat.json()).toMatchObject({ total: 2, succeeded: 2 });
        expect(allInvites()).toBe(2);
      } finally {
        await other.close();
      }
    } finally {
      await server.close();
      await redis.stop();
    }
  });
});
