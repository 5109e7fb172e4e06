// listAssessments, listAssessmentIds, listAssessmentProjects and listAssessmentDetails against a legacy stand-in
// that answers what each test tells it: the exact legacy calls (the received list only for a coach who has
// received SCOs, the given list for the SCO Given view), the failures (403 ends the session, 5xx, refusals and
// unusable answers are 502, no answer in time 504), and the coach's copy of the lists: one legacy read for
// several pages and every session of the coach, read again after the TTL, on refresh, once after a change whose
// effect is not known, patched after one whose effect is, and on another instance after a change made through the
// first (two BFF instances on a real redis-server).
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { COACH_PATH, CSRF, type FaultBff, signInBff, startFaultBff, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { legacyAssessment, legacyAssessmentId } from '../../test-support/legacy-assessments.ts';
import { type RunningRedis, startRedis } from '../../test-support/redis-server.ts';
import { LEGACY_COACH } from '../../test-support/session-fixtures.ts';
import { testConfig } from '../../test-support/test-server.ts';

let bff: FaultBff;
afterEach(async () => {
  await bff?.close();
});

const get = (url: string, server = bff.server, session = bff.session) =>
  injectChecked(server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });
const post = (url: string, payload: object, server = bff.server, session = bff.session) =>
  injectChecked(server, { method: 'POST', url, payload, headers: CSRF, cookies: { [SESSION_COOKIE]: session } });
const tokensCalls = (mode: string | null) =>
  bff.calls(TOKENS_PATH).filter((call) => new URL(call.url, 'http://x').searchParams.get('mode') === mode);

const OWN = [legacyAssessment(1), legacyAssessment(2, { tokenCreatedAt: '2025-10-02 09:00:00' })];

describe('the legacy calls', () => {
  it('reads the coach and the own list with the session cookie; no received list for a coach who has none', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    const body = (await get('/api/assessments')).json();
    expect(body).toMatchObject({ total: 2, filteredTotal: 2, hasReceived: false, hasGiven: false });
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([legacyAssessmentId(2), legacyAssessmentId(1)]);
    expect(tokensCalls(null)).toHaveLength(1);
    expect(tokensCalls('received')).toHaveLength(0);
    expect(tokensCalls(null)[0]?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
  });

  it('merges the received list (each record once) for a coach who has received SCOs', async () => {
    bff = await startFaultBff({ coach: { ...LEGACY_COACH, countOfReceivedSCOs: 2, countOfGivenSCOs: 1 } });
    const received = [
      legacyAssessment(2),
      legacyAssessment(3, { fromAnotherCoach: 1, scoReceivedFrom: { uuid: legacyAssessmentId(99), name: 'Lukas', surname: 'Novak' } }),
    ];
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN }, { status: 200, json: received });
    const body = (await get('/api/assessments?filter=receivedScos')).json();
    expect(body).toMatchObject({ total: 3, filteredTotal: 1, hasReceived: true, hasGiven: true });
    expect(body.items[0].fromCoach).toEqual({ id: legacyAssessmentId(99), name: 'Lukas', surname: 'Novak' });
    expect(tokensCalls('received')).toHaveLength(1);
  });

  it('reads only the given list for the SCO Given view', async () => {
    bff = await startFaultBff({ coach: { ...LEGACY_COACH, countOfGivenSCOs: 1 } });
    const given = legacyAssessment(5, { scoGivenTo: [{ uuid: legacyAssessmentId(98), name: 'Lukas', surname: 'Novak' }] });
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: [given] });
    const body = (await get('/api/assessments?view=given')).json();
    expect(body.items[0].toCoaches).toEqual([{ id: legacyAssessmentId(98), name: 'Lukas', surname: 'Novak' }]);
    expect(tokensCalls('given')).toHaveLength(1);
    expect(tokensCalls(null)).toHaveLength(0);
  });

  it('sorts on score with a numeric aim added to 100 × finalTPR', async () => {
    bff = await startFaultBff();
    const rows = [
      legacyAssessment(1, { finalTPR: 4, marked: 1, assessmentType: 'EIT' }),
      { ...legacyAssessment(2, { finalTPR: 4, marked: 1, assessmentType: 'EIT' }), aim: 30 },
      legacyAssessment(3, { finalTPR: 3, marked: 1, assessmentType: 'EIT' }),
      legacyAssessment(4),
    ];
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: rows });
    const ids = (await get('/api/assessments?sort=score&order=desc')).json().items.map((item: { id: string }) => item.id);
    expect(ids).toEqual([2, 1, 3, 4].map(legacyAssessmentId));
  });
});

describe('failures', () => {
  it.each<[string, CannedAnswer, number, string]>([
    ['a 5xx', { status: 500, json: { error: { info: 'down' } } }, 502, 'upstream_error'],
    ['a refusal', { status: 400, json: { error: { info: 'no' } } }, 502, 'upstream_error'],
    ['garbage', { fault: 'garbage' }, 502, 'upstream_error'],
    ['something other than a list', { status: 200, json: { tokens: [] } }, 502, 'upstream_error'],
    ['a time it cannot read', { status: 200, json: [legacyAssessment(1, { tokenCreatedAt: 'yesterday' })] }, 502, 'upstream_error'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
  ])('answers %s with 502 or 504 as it should, for every list operation', async (_name, answer, status, code) => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, answer);
    for (const response of [
      await get('/api/assessments'),
      await get('/api/assessments/ids'),
      await get('/api/assessments/projects'),
      await post('/api/assessments/details', { ids: [legacyAssessmentId(1)] }),
      await get('/api/clients'),
    ]) {
      expect(response.statusCode).toBe(status);
      expect(response.json().code).toBe(code);
    }
  });

  it('answers 502 when the received list fails', async () => {
    bff = await startFaultBff({ coach: { ...LEGACY_COACH, countOfReceivedSCOs: 1 } });
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN }, { status: 503 });
    expect((await get('/api/assessments')).json().code).toBe('upstream_error');
  });

  it('ends the session at a legacy 403', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 403, json: { error: { info: 'Forbidden' } } });
    expect((await get('/api/assessments')).json().code).toBe('session_ended');
    expect((await get('/api/assessments')).json().code).toBe('session_ended');
    expect(tokensCalls(null)).toHaveLength(1);
  });

  it('keeps no copy of a failed read', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 500 }, { status: 200, json: OWN });
    expect((await get('/api/assessments')).statusCode).toBe(502);
    expect((await get('/api/assessments')).json().total).toBe(2);
  });
});

describe("the coach's copy", () => {
  it('serves pages, sorts, filters, searches, ids, projects, details and clients from one legacy read', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    for (const url of [
      '/api/assessments',
      '/api/assessments?sort=info&order=asc',
      '/api/assessments?filter=notInvitedYet&q=client1',
      '/api/assessments/ids',
      '/api/assessments/projects',
      '/api/clients',
    ]) {
      expect((await get(url)).statusCode).toBe(200);
    }
    expect((await post('/api/assessments/details', { ids: [legacyAssessmentId(2)] })).json().items).toHaveLength(1);
    expect(tokensCalls(null)).toHaveLength(1);
    expect(bff.calls(COACH_PATH).length).toBeLessThanOrEqual(2);
  });

  it('reads again on refresh=true and after the TTL', async () => {
    bff = await startFaultBff({ env: { SNAPSHOT_TTL_MS: '200' } });
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    await get('/api/assessments');
    await get('/api/assessments?page=2');
    expect(tokensCalls(null)).toHaveLength(1);
    await get('/api/assessments?refresh=true');
    expect(tokensCalls(null)).toHaveLength(2);
    await sleep(250);
    await get('/api/assessments');
    expect(tokensCalls(null)).toHaveLength(3);
  });

  it('keeps no copy with a TTL of 0', async () => {
    bff = await startFaultBff({ env: { SNAPSHOT_TTL_MS: '0' } });
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    await get('/api/assessments');
    await get('/api/assessments');
    expect(tokensCalls(null)).toHaveLength(2);
  });

  it('is one copy per coach, shared by every session of theirs (their assistant’s too)', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    await get('/api/assessments');
    const other = await signInBff(bff.server, bff.upstream);
    const assistant = await signInBff(bff.server, bff.upstream, LEGACY_COACH, { assisted: true });
    expect((await get('/api/assessments?sort=info', bff.server, other)).json().total).toBe(2);
    expect((await get('/api/clients', bff.server, assistant)).statusCode).toBe(200);
    expect(tokensCalls(null)).toHaveLength(1);
    expect(bff.server.snapshots.size).toBe(1);
  });

  it('is read once for many sessions reading at the same time after a change whose effect is not known', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    const sessions = [bff.session];
    // Sign-in allows 5 a minute per address.
    for (let i = 0; i < 4; i++) sessions.push(await signInBff(bff.server, bff.upstream));
    await get('/api/assessments');
    // The legacy API failed the invite: it may have been flagged or not.
    bff.upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(1)}/sendinvite`, { status: 500, json: {} });
    expect((await post('/api/assessments/invites', { ids: [legacyAssessmentId(1)], serverSend: true })).json().failed).toHaveLength(1);
    const afterChange = tokensCalls(null).length;
    bff.upstream.answer(TOKENS_PATH, { fault: 'slow', delayMs: 100, answer: { status: 200, json: OWN } });
    const answers = await Promise.all(sessions.map((session) => get('/api/assessments?page=1', bff.server, session)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(sessions.map(() => 200));
    expect(tokensCalls(null).length - afterChange).toBe(1);
  });

  it('is kept as it is after a batch the legacy API refused item by item (nothing changed)', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    bff.upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(1)}/sendinvite`, { status: 400, json: { error: { info: 'No' } } });
    await get('/api/assessments');
    const sent = await post('/api/assessments/invites', { ids: [legacyAssessmentId(1)], serverSend: true });
    expect(sent.json().failed).toHaveLength(1);
    const afterBatch = tokensCalls(null).length;
    expect((await get('/api/assessments?filter=notInvitedYet')).json().filteredTotal).toBe(2);
    expect(tokensCalls(null).length).toBe(afterBatch);
  });

  it('is patched with what an invite did and read again after a failed batch or one whose answer never came', async () => {
    bff = await startFaultBff({ env: { BATCH_ITEM_TIMEOUT_MS: '200' } });
    bff.upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    bff.upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(1)}/sendinvite`, {
      status: 200,
      json: { sent: true, error: null, emailAddress: 'a@example.test', subject: 'S', body: 'B' },
    });
    await get('/api/assessments');
    await post('/api/assessments/invites', { ids: [legacyAssessmentId(1)], serverSend: true });
    let reads = tokensCalls(null).length;
    const invited = (await get('/api/assessments?filter=invitedNotStarted')).json();
    expect(invited.items.map((item: { id: string }) => item.id)).toEqual([legacyAssessmentId(1)]);
    expect(tokensCalls(null).length).toBe(reads);
    // No answer in time: the legacy API may have sent it.
    bff.upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(2)}/sendinvite`, { fault: 'slow', delayMs: 1_000 });
    expect((await post('/api/assessments/invites', { ids: [legacyAssessmentId(2)], serverSend: true })).json().failed).toHaveLength(1);
    reads = tokensCalls(null).length;
    await get('/api/assessments');
    expect(tokensCalls(null).length).toBe(reads + 1);
  });
});

describe('two instances on one Redis', () => {
  let redis: RunningRedis;
  let upstream: FaultUpstream;
  const servers: FastifyInstance[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await upstream?.close();
  });
  /** Two BFF instances on the one Redis, in front of a new fault upstream. */
  async function startTwoInstances(): Promise<[FastifyInstance, FastifyInstance]> {
    upstream = await startFaultUpstream();
    for (let i = 0; i < 2; i++) {
      const server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, REDIS_URL: redis.url, UPSTREAM_TIMEOUT_MS: '500' }));
      await server.ready();
      servers.push(server);
    }
    return servers as [FastifyInstance, FastifyInstance];
  }

  it('never serves a copy made before a change made through the other instance', async () => {
    const [a, b] = await startTwoInstances();
    const session = await signInBff(a, upstream);
    const reads = () => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === TOKENS_PATH).length;
    upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    expect((await get('/api/assessments?filter=notInvitedYet', b, session)).json().filteredTotal).toBe(2);
    expect((await get('/api/assessments?filter=notInvitedYet', a, session)).json().filteredTotal).toBe(2);
    // Each instance keeps its own copy and reuses it.
    await get('/api/assessments?page=2', b, session);
    expect(reads()).toBe(2);
    // The link copy through instance A: the legacy list now says invited.
    upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(1)}/copiedAssessmentLink`, { status: 200, json: { success: true } });
    expect((await post(`/api/assessments/${legacyAssessmentId(1)}/link-copies`, {}, a, session)).statusCode).toBe(201);
    upstream.answer(TOKENS_PATH, { status: 200, json: [legacyAssessment(1, { userInvite: 1 }), OWN[1]] });
    const before = reads();
    // A patched its copy with it and keeps using it; B reads once.
    expect((await get('/api/assessments?filter=notInvitedYet', a, session)).json().filteredTotal).toBe(1);
    expect(reads()).toBe(before);
    expect((await get('/api/assessments?filter=notInvitedYet', b, session)).json().filteredTotal).toBe(1);
    expect(reads()).toBe(before + 1);
    // And B's new copy is reused again.
    await get('/api/assessments?page=2', b, session);
    expect(reads()).toBe(before + 1);
  });

  it('reads again on the instance whose copy another instance changed the coach’s lists after', async () => {
    const [a, b] = await startTwoInstances();
    const session = await signInBff(a, upstream);
    const reads = () => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === TOKENS_PATH).length;
    upstream.answer(TOKENS_PATH, { status: 200, json: OWN });
    await get('/api/assessments', a, session);
    // B records a link copy of the second (A's copy knows nothing of it; the legacy lists now hold it).
    upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(2)}/copiedAssessmentLink`, { status: 200, json: { success: true } });
    expect((await post(`/api/assessments/${legacyAssessmentId(2)}/link-copies`, {}, b, session)).statusCode).toBe(201);
    upstream.answer(TOKENS_PATH, { status: 200, json: [OWN[0], { ...OWN[1], userInvite: 1 }] });
    // A sends an invite to the first: its copy is older than B's change, so the send plans from the lists read again.
    upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(1)}/sendinvite`, {
      status: 200,
      json: { sent: true, error: null, emailAddress: 'a@example.test', subject: 'S', body: 'B' },
    });
    const before = reads();
    expect((await post('/api/assessments/invites', { ids: [legacyAssessmentId(1)], serverSend: true }, a, session)).json().succeeded).toBe(
      1,
    );
    expect(reads()).toBe(before + 1);
    // A's table holds both changes, B's read and its own patched in, with no further read.
    expect((await get('/api/assessments?filter=notInvitedYet', a, session)).json().filteredTotal).toBe(0);
    expect(reads()).toBe(before + 1);
  });
});
