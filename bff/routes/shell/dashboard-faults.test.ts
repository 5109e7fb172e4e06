// getDashboard against a legacy stand-in that answers what each test tells it: which legacy calls the BFF
// makes (the received list only for a coach with received SCOs), and the failures: an upstream 403 ends the
// session (401 session_ended), 5xx and other refusals answer 502. Every answer is checked against the contract.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { signInBff } from '../../test-support/fault-bff.ts';
import { type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { legacyAssessment } from '../../test-support/legacy-assessments.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { testConfig } from '../../test-support/test-server.ts';

type Row = Legacy['schemas']['Assessment'];

const COACH_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}`;
const INFO_PATH = `${COACH_PATH}/dashboardInfo`;
const TOKENS_PATH = `${COACH_PATH}/tokensX`;
const FORBIDDEN = { status: 403, json: { error: { info: 'Forbidden' } } };

const row = (n: number, fields: Partial<Row> = {}): Row => legacyAssessment(n, fields);
const done = (n: number, fields: Partial<Row> = {}) =>
  row(n, { userInvite: 1, userRegistration: 1, userCompletion: 1, marked: 1, guestCompletedAt: '2025-10-02 10:00:00', ...fields });

const info = (tokens: Row[]) => ({
  coachName: 'Amara',
  coachSurname: 'Botha',
  coachEmail: 'demo@coachportal.test',
  policyAlert: false,
  messagesToAck: [{ subject: 'Maintenance', body: '<p>Saturday <img src=x onerror=alert(1)></p>' }],
  tokens,
});

let upstream: FaultUpstream;
let server: FastifyInstance;
let session: string;

async function start(coach: Partial<typeof LEGACY_COACH> = {}): Promise<void> {
  upstream = await startFaultUpstream();
  server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }));
  await server.ready();
  session = await signInBff(server, upstream, { ...LEGACY_COACH, ...coach });
}

const dashboard = () => injectChecked(server, { method: 'GET', url: '/api/dashboard', cookies: { [SESSION_COOKIE]: session } });
const calls = (route: string) => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

afterEach(async () => {
  await server?.close();
  await upstream?.close();
});

describe('getDashboard: the legacy calls', () => {
  it('reads dashboardInfo and the coach with the session cookie; no received list for a coach without received SCOs', async () => {
    await start({ countOfReceivedSCOs: 0 });
    upstream.answer(INFO_PATH, { status: 200, json: info([row(1), row(2, { userInvite: 1 }), done(3, { userReport: 'sent' })]) });
    const response = await dashboard();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      greeting: { name: 'Amara', surname: 'Botha', email: 'demo@coachportal.test' },
      assistant: null,
      onlyMiniAssessment: false,
      tiles: [
        { filter: 'notInvitedYet', count: 1 },
        { filter: 'invitedNotStarted', count: 1 },
        { filter: 'startedIncomplete', count: 0 },
        { filter: 'completeInMarking', count: 0 },
        { filter: 'completeSendReport', count: 0 },
      ],
      total: { completed: 1, inProgress: 2 },
      messagesToAck: [{ subject: 'Maintenance', body: '<p>Saturday <img src=x onerror=alert(1)></p>' }],
      policyAlert: false,
    });
    const [infoCall] = calls(INFO_PATH);
    expect(infoCall?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
    expect(calls(TOKENS_PATH)).toEqual([]);
  });

  it('adds the received list (once per record) and its tile when the coach has received SCOs', async () => {
    await start({ countOfReceivedSCOs: 2 });
    upstream.answer(INFO_PATH, { status: 200, json: info([row(1), done(2)]) });
    upstream.answer(TOKENS_PATH, { status: 200, json: [done(2), row(7, { fromAnotherCoach: 1, userInvite: 1, userRegistration: 1 })] });
    const body = (await dashboard()).json();
    expect(body.tiles).toEqual([
      { filter: 'notInvitedYet', count: 1 },
      { filter: 'invitedNotStarted', count: 0 },
      { filter: 'startedIncomplete', count: 1 },
      { filter: 'completeInMarking', count: 0 },
      { filter: 'completeSendReport', count: 1 },
      { filter: 'receivedScos', count: 1 },
    ]);
    expect(body.total).toEqual({ completed: 0, inProgress: 3 });
    expect(calls(TOKENS_PATH).map((r) => new URL(r.url, 'http://x').searchParams.get('mode'))).toEqual(['received']);
  });

  it('gives a mini-only coach no tiles without reading the received list', async () => {
    await start({ onlyMiniAssessment: true, countOfReceivedSCOs: 3 });
    upstream.answer(INFO_PATH, { status: 200, json: info([row(1)]) });
    expect((await dashboard()).json()).toMatchObject({ onlyMiniAssessment: true, tiles: [], total: { completed: 0, inProgress: 0 } });
    expect(calls(TOKENS_PATH)).toEqual([]);
  });
});

describe('getDashboard against a failing legacy API', () => {
  it('ends the session at an upstream 403 (401 session_ended, the next call too)', async () => {
    await start();
    upstream.answer(INFO_PATH, FORBIDDEN);
    const response = await dashboard();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_ended' });
    const again = await dashboard();
    expect(again.statusCode).toBe(401);
  });

  it('ends the session when the received list answers 403', async () => {
    await start({ countOfReceivedSCOs: 1 });
    upstream.answer(INFO_PATH, { status: 200, json: info([]) });
    upstream.answer(TOKENS_PATH, FORBIDDEN);
    const response = await dashboard();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_ended');
  });

  it.each([
    ['a 5xx', { status: 503, text: 'down' }],
    ['a refusal other than 403', { status: 400, json: { error: { info: 'No such coach' } } }],
    ['broken JSON', { fault: 'garbage' as const }],
  ])('answers 502 upstream_error for %s from dashboardInfo', async (_, answer) => {
    await start();
    upstream.answer(INFO_PATH, answer);
    const response = await dashboard();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'upstream_error' });
  });

  it('answers 502 when the received list fails', async () => {
    await start({ countOfReceivedSCOs: 1 });
    upstream.answer(INFO_PATH, { status: 200, json: info([]) });
    upstream.answer(TOKENS_PATH, { status: 500, text: 'boom' });
    expect((await dashboard()).statusCode).toBe(502);
  });

  it('answers 504 upstream_timeout when dashboardInfo does not answer in time', async () => {
    await start();
    upstream.answer(INFO_PATH, { fault: 'slow', delayMs: 30_000 });
    const response = await dashboard();
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe('upstream_timeout');
  });
});
