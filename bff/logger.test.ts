import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './app.ts';
import { REDACTED_PATHS } from './logger.ts';
import { SESSION_COOKIE } from './plugins/app/session.ts';
import { type CapturedLogs, captureLogs, TEST_SECRET, testConfig } from './test-support/test-server.ts';

const FIXTURE = {
  password: 'Fixture-Passw0rd!',
  newPassword: 'Fixture-NewPassw0rd!',
  twoFactorCode: '493817',
  resetCode: 'RST-8842-XQ',
  token: 'tok_9f8e7d6c5b4a',
  legacyCookie: 'JSESSIONID=legacy-9c7b2e',
  bearer: 'Bearer eyJhbGciOiJIUzI1NiJ9.fixture',
  totpSecret: 'JBSWY3DPFIXTURE7Q',
  legacyTwoFactor: '771204',
};

let server: FastifyInstance;
let logs: CapturedLogs;
let sessionCookie = '';

beforeAll(async () => {
  logs = captureLogs('trace');
  server = buildServer(testConfig(), { logger: logs.logger });
  server.register(async (routes) => {
    routes.post('/login', async (request, reply) => {
      request.log.info({ body: request.body }, 'login attempt');
      await reply.startSession({ legacyCookie: FIXTURE.legacyCookie, coachId: 'coach-1', flags: { impersonator: false, assisted: false } });
      return { ok: true };
    });
    routes.post('/reset/:token', async (request) => {
      request.log.info({ headers: request.headers, params: request.params, query: request.query, body: request.body }, 'reset attempt');
      request.log.info({ session: request.session }, 'session read');
      request.log.info({ legacyCookie: request.session?.legacyCookie }, 'legacy cookie');
      throw new Error('reset failed');
    });
  });
  await server.ready();

  const login = await server.inject({
    method: 'POST',
    url: '/login',
    payload: { email: 'coach@example.com', password: FIXTURE.password, twoFactorCode: FIXTURE.twoFactorCode },
  });
  sessionCookie = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  await server.inject({
    method: 'POST',
    url: `/reset/${FIXTURE.token}?code=${FIXTURE.resetCode}&token=${FIXTURE.token}`,
    headers: { authorization: FIXTURE.bearer, cookie: `${SESSION_COOKIE}=${sessionCookie}; legacy=${FIXTURE.legacyCookie}` },
    payload: {
      code: FIXTURE.resetCode,
      resetcode: FIXTURE.resetCode,
      newPassword: FIXTURE.newPassword,
      token: FIXTURE.token,
      twoFactorToken: FIXTURE.legacyTwoFactor,
      secret: FIXTURE.totpSecret,
    },
  });
  await server.inject(`/nowhere/${FIXTURE.token}?token=${FIXTURE.token}`);
  await server.inject('/healthz');
});
afterAll(() => server.close());

describe('logs', () => {
  it('never contain a fixture secret', () => {
    const text = logs.text();
    expect(text).toContain('reset attempt');
    expect(sessionCookie).not.toBe('');
    for (const secret of [...Object.values(FIXTURE), sessionCookie, sessionCookie.split('.')[0] ?? '', TEST_SECRET]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[redacted]');
  });

  it('write one line per request (probes excepted) with request id, route, status and duration', () => {
    const completed = logs.lines().filter((line) => line.msg === 'request completed');
    expect(completed.map(({ method, route, statusCode }) => ({ method, route, statusCode }))).toEqual([
      { method: 'POST', route: '/login', statusCode: 200 },
      { method: 'POST', route: '/reset/:token', statusCode: 500 },
      { method: 'GET', route: null, statusCode: 404 },
    ]);
    for (const line of completed) {
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.durationMs).toEqual(expect.any(Number));
      expect(line.level).toBe('info');
    }
    expect(new Set(completed.map((line) => line.requestId)).size).toBe(3);
  });

  it('redact by literal paths only: no wildcard walks every line', () => {
    expect(REDACTED_PATHS.filter((path) => path.includes('*'))).toEqual([]);
  });

  it('keep error codes that are not request data', () => {
    const failed = logs.lines().find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ code: 'internal_error', err: { message: 'reset failed' } });
  });
});
