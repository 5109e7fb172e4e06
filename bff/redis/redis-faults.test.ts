// Redis faults against a real redis-server: stopped, hung (SIGSTOP), restarted with and without
// persistence. While Redis is down every API call answers 503 dependency_unavailable with Retry-After
// (never a 500), at once once the outage is known; sessions and failed sign-in counters survive a restart
// only with persistence.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { type FaultBff, startFaultBff, TOKENS_PATH } from '../test-support/fault-bff.ts';
import { completedLegacyAssessment, legacyAssessment, legacyAssessmentId } from '../test-support/legacy-assessments.ts';
import { type RunningRedis, startRedis } from '../test-support/redis-server.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../test-support/sandbox-bff.ts';

let redis: RunningRedis | undefined;
let bff: SandboxBff | undefined;
let faultBff: FaultBff | undefined;
afterEach(async () => {
  await bff?.close();
  await faultBff?.close();
  await redis?.stop();
  bff = undefined;
  faultBff = undefined;
  redis = undefined;
});

async function started(options: { persistence?: boolean } = {}) {
  redis = await startRedis(options);
  bff = await startSandboxBff({ assessments: 5, env: { REDIS_URL: redis.url } });
  return { redis, bff, server: bff.server };
}

const withCookie = (server: FastifyInstance, cookie: string) =>
  server.inject({ url: '/api/session', cookies: { [SESSION_COOKIE]: cookie } });
const publicCall = (server: FastifyInstance) => server.inject('/api/public/self-registration/short');
const wrongSignIn = (server: FastifyInstance) =>
  server.inject({ method: 'POST', url: '/api/session', headers: CSRF, payload: { email: SEED_COACHES.demo.email, password: 'wrong' } });

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.headers['x-request-id']).toBeTruthy();
  expect(response.json()).toMatchObject({ code: 'dependency_unavailable', detail: 'The service is unavailable. Please try again later.' });
}

/** Redis commands the BFF sends while `work` runs. */
async function commandsDuring(server: FastifyInstance, work: () => Promise<unknown>): Promise<number> {
  const client = server.redis;
  if (!client) throw new Error('no Redis');
  const send = vi.spyOn(client, 'sendCommand');
  try {
    await work();
    return send.mock.calls.length;
  } finally {
    send.mockRestore();
  }
}

describe('Redis stopped', () => {
  it('answers 503 dependency_unavailable with Retry-After to calls with a cookie and to public calls, then at once', async () => {
    const { redis, bff, server } = await started();
    const cookie = await bff.signIn();
    expect((await withCookie(server, cookie)).statusCode).toBe(200);

    await redis.stop();
    expectUnavailable(await withCookie(server, cookie));
    expectUnavailable(await publicCall(server));
    expectUnavailable(await wrongSignIn(server));
    // Known down: the next calls are refused before any Redis command is even tried.
    await vi.waitFor(() => expect(server.redisAvailability?.up).toBe(false));
    expect(await commandsDuring(server, async () => expectUnavailable(await withCookie(server, cookie)))).toBe(0);
    // The probes still answer: liveness up, readiness says which dependency is down.
    expect((await server.inject('/healthz')).statusCode).toBe(200);
    const readiness = await server.inject('/readyz');
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json().checks).toContainEqual(expect.objectContaining({ name: 'redis', status: 'down' }));
  });

  it('starts while Redis is down, refuses with 503 and serves once Redis is there', async () => {
    redis = await startRedis();
    await redis.stop();
    bff = await startSandboxBff({ assessments: 5, env: { REDIS_URL: redis.url } });
    const { server } = bff;
    expectUnavailable(await publicCall(server));
    await redis.restart();
    await vi.waitFor(() => expect(server.redisAvailability?.up).toBe(true), { timeout: 10_000, interval: 100 });
    expect((await publicCall(server)).statusCode).toBe(400);
    expect((await server.inject('/readyz')).statusCode).toBe(200);
  });
});

describe('Redis vanishing with requests in flight', () => {
  it('answers every request that meets the outage mid-way 503 dependency_unavailable problem+json, Download Reports included', async () => {
    redis = await startRedis();
    faultBff = await startFaultBff({ env: { REDIS_URL: redis.url, UPSTREAM_TIMEOUT_MS: '20000' } });
    const { server, upstream, session } = faultBff;
    // The legacy API answers only once Redis is gone: every request below is then in its handler, its session
    // read, its rate limit counted and its Idempotency-Key claimed in Redis.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const completed = completedLegacyAssessment(1);
    upstream.answer(TOKENS_PATH, { fault: 'held', until: released, answer: { status: 200, json: [completed, legacyAssessment(2)] } });
    const sent = { sent: true, error: null, emailAddress: 'client2@example.test', subject: 'Subject', body: '<p>Body</p>' };
    upstream.answer(`GET /api/v2/tokens/${legacyAssessmentId(2)}/sendinvite`, { status: 200, json: sent });
    const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
      server.inject({ method, url, headers: { ...CSRF, ...headers }, cookies: { [SESSION_COOKIE]: session }, ...(payload && { payload }) });
    const calls = {
      // 201 with Redis: the job is made in Redis after the legacy list.
      createReportDownload: call('POST', '/api/report-downloads', { ids: [legacyAssessmentId(1)], reports: ['basic'] }),
      // 400 nothing_to_download with Redis: no Redis command after the legacy list but the session's touch.
      createReportDownloadOfNothing: call('POST', '/api/report-downloads', { ids: [legacyAssessmentId(2)], reports: ['basic'] }),
      sendInvites: call(
        'POST',
        '/api/assessments/invites',
        { ids: [legacyAssessmentId(2)], serverSend: true },
        { 'idempotency-key': 'redis-faults-0001' },
      ),
      listAssessments: call('GET', '/api/assessments'),
    };
    // Three reads at least: each download reads the list itself; the invites and the table read the coach's copy,
    // made by one read the other waits for (or by one each, when the second comes after the first is done).
    await vi.waitFor(() => expect(faultBff?.calls(TOKENS_PATH).length).toBeGreaterThanOrEqual(3));

    await redis.stop();
    release();
    for (const [operation, answer] of Object.entries(calls)) {
      const response = await answer;
      expect({ operation, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
        operation,
        status: 503,
        type: 'application/problem+json; charset=utf-8',
      });
      expectUnavailable(response);
      expect(response.json().instance).toBe(response.headers['x-request-id']);
    }
  });
});

describe('Redis hung (SIGSTOP)', () => {
  it('answers 503 after one command timeout, then at once until Redis answers again', async () => {
    const { redis, bff, server } = await started();
    const cookie = await bff.signIn();
    redis.pause();
    try {
      expectUnavailable(await withCookie(server, cookie));
      await vi.waitFor(() => expect(server.redisAvailability?.up).toBe(false));
      expect(await commandsDuring(server, async () => expectUnavailable(await publicCall(server)))).toBe(0);
    } finally {
      redis.resume();
    }
    await vi.waitFor(() => expect(server.redisAvailability?.up).toBe(true), { timeout: 10_000, interval: 100 });
    // Nothing was lost: the session held in Redis is still there.
    expect((await withCookie(server, cookie)).statusCode).toBe(200);
  });
});

describe('Redis restarted', () => {
  async function restartAndWait(redis: RunningRedis, server: FastifyInstance) {
    await redis.restart();
    // The connection comes back by itself (ioredis reconnects) and the heartbeat notices.
    await vi.waitFor(
      async () => {
        expect(server.redisAvailability?.up).toBe(true);
        expect((await server.inject('/readyz')).statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
  }

  it('without persistence: every session ends (401 session_ended) and the rate-limit counters start again', async () => {
    const { redis, bff, server } = await started();
    const cookie = await bff.signIn();
    for (let attempt = 0; attempt < 5; attempt++) expect((await wrongSignIn(server)).statusCode).not.toBe(429);
    expect((await wrongSignIn(server)).statusCode).toBe(429);

    await restartAndWait(redis, server);
    const after = await withCookie(server, cookie);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_ended');
    expect((await wrongSignIn(server)).statusCode).not.toBe(429);
  });

  it('with an append-only file: sessions and rate-limit counters survive', async () => {
    const { redis, bff, server } = await started({ persistence: true });
    const cookie = await bff.signIn();
    for (let attempt = 0; attempt < 5; attempt++) expect((await wrongSignIn(server)).statusCode).not.toBe(429);

    await restartAndWait(redis, server);
    expect((await withCookie(server, cookie)).statusCode).toBe(200);
    expect((await wrongSignIn(server)).statusCode).toBe(429);
  });
});
