import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { type RunningRedis, startRedis } from '../../test-support/redis-server.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { captureLogs, testConfig } from '../../test-support/test-server.ts';
import { hashKey } from './rate-limit-counters.ts';
import { tooManyAttempts } from './rate-limits.ts';
import { SESSION_COOKIE } from './session.ts';

const COACH_ID = LEGACY_COACH_ID;
const COACH = LEGACY_COACH;
const CSRF = { 'x-csrf': '1' };
const BAD_CREDENTIALS = { status: 200, json: { allowed: false, message: 'Please check if password and username are correct' } };
const WRONG_CODE = { status: 200, json: { allowed: false, needTFA: true, wrongTFA: true, isBlocked: false } };
const ALLOWED = {
  status: 200,
  json: { allowed: true, coach: { uuid: COACH_ID, accreditationLevel: 3 } },
  headers: { 'set-cookie': 'portal_session=s%3Alegacy; Path=/' },
};

let upstream: FaultUpstream;
const servers: FastifyInstance[] = [];

async function start(env: Record<string, string> = {}, logger?: ReturnType<typeof captureLogs>['logger']): Promise<FastifyInstance> {
  const server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, ...env }), { logger });
  servers.push(server);
  await server.ready();
  return server;
}

const signIn = (server: FastifyInstance, email: string, extra: Omit<Partial<InjectOptions>, 'url' | 'path'> = {}) =>
  injectChecked(server, { method: 'POST', url: '/api/session', headers: CSRF, payload: { email, password: 'wrong' }, ...extra });
const forgot = (server: FastifyInstance, extra: Omit<Partial<InjectOptions>, 'url' | 'path'> = {}) =>
  injectChecked(server, {
    method: 'POST',
    url: '/api/password/forgot',
    payload: { email: 'demo@coachportal.test' },
    ...extra,
    headers: { ...CSRF, ...extra.headers },
  });

async function statuses(count: number, send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await send()).statusCode);
  return seen;
}

beforeEach(async () => {
  upstream = await startFaultUpstream();
  upstream.answer('POST /api/v2/login', BAD_CREDENTIALS);
  upstream.answer('POST /api/v2/forgotpassword', { status: 200 });
  upstream.answer(`GET /api/v2/coaches/${COACH_ID}`, { status: 200, json: COACH });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await upstream.close();
});

describe('rate limits', () => {
  it('allows 5 sign-in attempts a minute per IP and e-mail, then 429 with Retry-After, logged with a hashed key', async () => {
    const logs = captureLogs();
    const server = await start({}, logs.logger);
    expect(await statuses(5, () => signIn(server, 'demo@coachportal.test'))).toEqual([401, 401, 401, 401, 401]);
    const limited = await injectChecked(server, {
      method: 'POST',
      url: '/api/session',
      headers: CSRF,
      payload: { email: 'Demo@CoachPortal.test ', password: 'x' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', detail: 'Too many attempts. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same wait in the body, for the page to count down before it offers to ask again.
    expect(limited.json().retryAfterSeconds).toBe(Number(limited.headers['retry-after']));
    expect((await signIn(server, 'other@coachportal.test')).statusCode).toBe(401);
    expect(upstream.received).toHaveLength(6);

    // One line for the rejected request: its completion line, with the limit and the hashed key.
    const lines = logs.lines().filter((entry) => entry.requestId === limited.headers['x-request-id']);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        route: '/api/session',
        statusCode: 429,
        code: 'rate_limited',
        rateLimit: { limit: 'sign-in-email', key: hashKey('127.0.0.1|demo@coachportal.test') },
      }),
    ]);
    expect(logs.text()).not.toContain('demo@coachportal.test');
  });

  it('counts failed sign-ins only: 40 successful sign-ins from one address, to one account or many, all succeed', async () => {
    upstream.answer('POST /api/v2/login', ALLOWED);
    const server = await start();
    const sameAccount = await statuses(40, () => signIn(server, 'demo@coachportal.test'));
    expect(sameAccount).toEqual(Array(40).fill(200));
    const manyAccounts = await statuses(40, () => signIn(server, `coach${Math.random()}@coachportal.test`));
    expect(manyAccounts).toEqual(Array(40).fill(200));
  });

  it('counts a wrong two-factor code as a failure', async () => {
    upstream.answer('POST /api/v2/login', WRONG_CODE);
    const server = await start();
    const code = () =>
      signIn(server, 'demo@coachportal.test', { payload: { email: 'demo@coachportal.test', password: 'x', twoFactorCode: '123456' } });
    expect(await statuses(6, code)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await code()).json()).toMatchObject({ code: 'rate_limited' });
  });

  it('stops failures against one account from many addresses: 10 a minute', async () => {
    const server = await start();
    const from = (address: number, email = 'demo@coachportal.test') => signIn(server, email, { remoteAddress: `203.0.113.${address}` });
    const seen: number[] = [];
    for (let address = 1; address <= 10; address++) seen.push((await from(address)).statusCode);
    expect(seen).toEqual(Array(10).fill(401));
    const limited = await from(11);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', detail: 'Too many attempts. Please wait a minute and try again.' });
    // Another account from the same address is not stopped, and the refusals never reached the legacy API.
    expect((await from(11, 'other@coachportal.test')).statusCode).toBe(401);
    expect(upstream.received.filter((r) => r.url.startsWith('/api/v2/login'))).toHaveLength(11);
  });

  it("lets a success clear the address's failures for that account", async () => {
    const server = await start();
    expect(await statuses(4, () => signIn(server, 'demo@coachportal.test'))).toEqual([401, 401, 401, 401]);
    upstream.answer('POST /api/v2/login', ALLOWED);
    expect((await signIn(server, 'demo@coachportal.test')).statusCode).toBe(200);
    upstream.answer('POST /api/v2/login', BAD_CREDENTIALS);
    expect(await statuses(6, () => signIn(server, 'demo@coachportal.test'))).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts attempts sent at once as they arrive: 5 of 20 reach the legacy API', async () => {
    const server = await start();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(server, 'demo@coachportal.test')));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(15);
    expect(upstream.received.filter((r) => r.url.startsWith('/api/v2/login'))).toHaveLength(5);
  });

  it('allows 30 failed sign-ins per 15 minutes per IP, whatever the e-mail', async () => {
    const server = await start();
    const seen = await statuses(30, async () => signIn(server, `coach${Math.random()}@coachportal.test`));
    expect(seen.every((status) => status === 401)).toBe(true);
    const limited = await signIn(server, 'one-more@coachportal.test');
    expect(limited.statusCode).toBe(429);
    // The text names the wait Retry-After gives, not 'a minute'.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(limited.json()).toMatchObject({ detail: 'Too many attempts. Please wait 15 minutes and try again.' });
  });

  it('says the wait in whole minutes, rounded up', () => {
    expect([1, 60, 61, 480, 600].map(tooManyAttempts)).toEqual([
      'Too many attempts. Please wait a minute and try again.',
      'Too many attempts. Please wait a minute and try again.',
      'Too many attempts. Please wait 2 minutes and try again.',
      'Too many attempts. Please wait 8 minutes and try again.',
      'Too many attempts. Please wait 10 minutes and try again.',
    ]);
  });

  it('limits password reset per IP (strict), and the public pages per resource instead', async () => {
    const server = await start({ RATE_LIMIT_STRICT_MAX: '2' });
    expect(await statuses(3, () => forgot(server))).toEqual([202, 202, 429]);
    const reset = () =>
      injectChecked(server, {
        method: 'POST',
        url: '/api/password/reset',
        headers: CSRF,
        payload: { code: 'c', newPassword: 'short', confirmPassword: 'short' },
      });
    expect(await statuses(3, reset)).toEqual([400, 400, 429]);
    const mini = () => injectChecked(server, { method: 'GET', url: '/api/public/mini/translations' });
    expect((await statuses(5, mini)).includes(429)).toBe(false);
  });

  it('gives every session its own generous budget and never limits the probes', async () => {
    upstream.answer('POST /api/v2/login', ALLOWED);
    const server = await start({ RATE_LIMIT_MAX: '3' });
    const cookieOf = async () =>
      (await signIn(server, `coach${Math.random()}@coachportal.test`)).cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const [first, second] = [await cookieOf(), await cookieOf()];
    const read = (cookie: string) => injectChecked(server, { method: 'GET', url: '/api/session', cookies: { [SESSION_COOKIE]: cookie } });
    expect(await statuses(4, () => read(first))).toEqual([200, 200, 200, 429]);
    expect((await read(second)).statusCode).toBe(200);
    expect(await statuses(5, () => injectChecked(server, { method: 'GET', url: '/healthz' }))).toEqual([200, 200, 200, 200, 200]);
  });

  it('lets a rate-limited coach log out, and a rejected request keeps no session alive', async () => {
    upstream.answer('POST /api/v2/login', ALLOWED);
    upstream.answer('GET /api/v2/logout', { status: 200 });
    let clock = 1_000_000;
    const server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, RATE_LIMIT_MAX: '2' }), { now: () => clock });
    servers.push(server);
    await server.ready();
    const cookieOf = async () =>
      (await signIn(server, `coach${Math.random()}@coachportal.test`)).cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const read = (cookie: string) => injectChecked(server, { method: 'GET', url: '/api/session', cookies: { [SESSION_COOKIE]: cookie } });

    // Logout is never limited.
    const first = await cookieOf();
    expect(await statuses(3, () => read(first))).toEqual([200, 200, 429]);
    const logout = await injectChecked(server, {
      method: 'DELETE',
      url: '/api/session',
      headers: CSRF,
      cookies: { [SESSION_COOKIE]: first },
    });
    expect(logout.statusCode).toBe(200);

    // 429s are not activity: the session ends 30 idle minutes after its last answered request.
    const second = await cookieOf();
    expect(await statuses(3, () => read(second))).toEqual([200, 200, 429]);
    clock += 29 * 60_000;
    expect(await statuses(3, () => read(second))).toEqual([429, 429, 429]);
    clock += 60_000 + 1;
    expect((await read(second)).json().code).toBe('session_ended');
  });

  it("counts a trusted proxy's clients by their real IP, and ignores a forged X-Forwarded-For", async () => {
    const server = await start({ RATE_LIMIT_STRICT_MAX: '2', TRUST_PROXY: '10.0.0.0/8' });
    // A new e-mail every time: only the per-IP limit counts here.
    let sent = 0;
    const payload = () => {
      sent += 1;
      return { email: `coach${sent}@coachportal.test` };
    };
    const viaProxy = (client: string) =>
      forgot(server, { remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': client }, payload: payload() });
    expect(await statuses(3, () => viaProxy('203.0.113.1'))).toEqual([202, 202, 429]);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(202);

    const direct = () =>
      forgot(server, { remoteAddress: '192.0.2.7', headers: { 'x-forwarded-for': `198.51.100.${sent}` }, payload: payload() });
    expect(await statuses(3, direct)).toEqual([202, 202, 429]);
  });
});

describe('rate limits and sessions in Redis, shared by two BFF instances', () => {
  let redis: RunningRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  it('shares one session and one rate-limit budget', async () => {
    const env = { REDIS_URL: redis.url, RATE_LIMIT_STRICT_MAX: '3' };
    const [a, b] = [await start(env), await start(env)];

    upstream.answer('POST /api/v2/login', ALLOWED);
    const login = await signIn(a, 'shared@coachportal.test');
    const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const onB = await injectChecked(b, { method: 'GET', url: '/api/session', cookies: { [SESSION_COOKIE]: cookie } });
    expect(onB.statusCode).toBe(200);
    expect(upstream.received.at(-1)?.headers.cookie).toBe('portal_session=s%3Alegacy');

    expect(await statuses(3, () => forgot(a))).toEqual([202, 202, 202]);
    expect((await forgot(b)).statusCode).toBe(429);

    upstream.answer('POST /api/v2/login', BAD_CREDENTIALS);
    for (const server of [a, b, a, b]) expect((await signIn(server, 'both@coachportal.test')).statusCode).toBe(401);
    expect((await signIn(b, 'both@coachportal.test')).statusCode).toBe(401);
    expect((await signIn(a, 'both@coachportal.test')).statusCode).toBe(429);
  });

  it('counts only failed sign-ins in Redis too: a success leaves no count behind', async () => {
    const inspector = new Redis(redis.url);
    try {
      await inspector.flushall();
      const env = { REDIS_URL: redis.url };
      const [a, b] = [await start(env), await start(env)];
      upstream.answer('POST /api/v2/login', ALLOWED);
      for (const server of [a, b, a, b, a, b, a, b]) expect((await signIn(server, 'demo@coachportal.test')).statusCode).toBe(200);
      expect(await inspector.keys('portal:rate:sign-in-*')).toEqual([]);
      upstream.answer('POST /api/v2/login', BAD_CREDENTIALS);
      expect((await signIn(a, 'demo@coachportal.test')).statusCode).toBe(401);
      expect(await inspector.get(`portal:rate:sign-in-ip:${hashKey('127.0.0.1')}`)).toBe('1');
    } finally {
      await inspector.quit();
    }
  });

  it('names each counter after its limit, with the hashed key the log line gives', async () => {
    const inspector = new Redis(redis.url);
    try {
      await inspector.flushall();
      const server = await start({ REDIS_URL: redis.url });
      await signIn(server, 'demo@coachportal.test');
      await forgot(server);
      const keys = (await inspector.keys('*')).filter((key) => !key.startsWith('portal:session'));
      expect(keys.sort()).toEqual(
        [
          `portal:rate:password-forgot-email:${hashKey('demo@coachportal.test')}`,
          `portal:rate:password-forgot-ip:${hashKey('127.0.0.1')}`,
          `portal:rate:sign-in-account:${hashKey('demo@coachportal.test')}`,
          `portal:rate:sign-in-email:${hashKey('127.0.0.1|demo@coachportal.test')}`,
          `portal:rate:sign-in-ip:${hashKey('127.0.0.1')}`,
        ].sort(),
      );
      for (const key of keys) expect(await inspector.pttl(key)).toBeGreaterThan(0);
    } finally {
      await inspector.quit();
    }
  });
});
