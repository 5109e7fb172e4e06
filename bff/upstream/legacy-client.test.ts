import { getEventListeners } from 'node:events';
import { Readable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPrism } from '../../scripts/lib/prism.ts';
import { buildServer } from '../app.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { type FaultUpstream, startFaultUpstream } from '../test-support/fault-upstream.ts';
import { captureLogs, testConfig } from '../test-support/test-server.ts';
import type { CallCancel, CallScope } from './call-cancel.ts';
import { createLegacyAgent, createLegacyClient, legacyErrorInfo } from './legacy-client.ts';

const COACH_ID = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const COACH_PATH = `/api/v2/coaches/${COACH_ID}`;
const LEGACY_COOKIE = 'portal_session=s%3Alegacy-secret';

let upstream: FaultUpstream;
const servers: FastifyInstance[] = [];

// The real app plus two routes a feature would have: a login that stores the legacy cookie, and a coach read. The
// timeout is well below the slow faults' delays (2 s and more) and well above a first call on a loaded machine (its
// connection, its modules): at 300 ms that first call timed out under load.
async function appWith(env: Record<string, string> = {}, logger?: ReturnType<typeof captureLogs>['logger']) {
  const server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '1000', ...env }), { logger });
  server.register(async (routes) => {
    routes.post('/test/login', async (request) => {
      await request.startSession({ legacyCookie: LEGACY_COOKIE, coachId: COACH_ID, flags: { impersonator: false, assisted: false } });
      return { ok: true };
    });
    routes.get('/test/coach', async (request) => {
      const { data, error } = await request.legacy.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } });
      return { name: data?.name ?? null, info: legacyErrorInfo(error) ?? null };
    });
    routes.post('/test/coach', async (request) => {
      const { data } = await request.legacy.POST('/api/v2/coaches/{coachId}/leaveMessage', {
        params: { path: { coachId: COACH_ID } },
        body: { category: 'freeText', message: 'hello' },
      });
      return { data: data ?? null };
    });
  });
  await server.ready();
  servers.push(server);
  return server;
}

async function login(server: FastifyInstance): Promise<string> {
  const response = await server.inject({ method: 'POST', url: '/test/login' });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!cookie) throw new Error('no session');
  return cookie;
}

const asCoach = (server: FastifyInstance, cookie: string, method: 'GET' | 'POST' = 'GET') =>
  server.inject({
    method,
    url: '/test/coach',
    cookies: { [SESSION_COOKIE]: cookie },
    headers: { 'x-csrf': '1', origin: 'http://localhost:3000' },
  });

const sessionCookieOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === SESSION_COOKIE);

beforeEach(async () => {
  upstream = await startFaultUpstream();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await upstream.close();
});

describe('upstream client', () => {
  it("sends the session's legacy cookie and the cache-busting t, never the browser's cookies or X-CSRF", async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { name: 'Amara' } });
    const server = await appWith();
    const cookie = await login(server);
    const response = await server.inject({
      url: '/test/coach',
      cookies: { [SESSION_COOKIE]: cookie, other: 'browser-only' },
      headers: { 'x-csrf': '1', authorization: 'Bearer browser' },
    });
    expect(response.json()).toEqual({ name: 'Amara', info: null });
    const [call] = upstream.received;
    expect(call?.headers.cookie).toBe(LEGACY_COOKIE);
    expect(call?.headers['x-csrf']).toBeUndefined();
    expect(call?.headers.authorization).toBeUndefined();
    expect(new URL(call?.url ?? '', upstream.url).searchParams.get('t')).toMatch(/^\d{13}$/);
  });

  it('keeps one connection alive across calls', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { name: 'Amara' } });
    const server = await appWith();
    const cookie = await login(server);
    for (let i = 0; i < 6; i += 1) await asCoach(server, cookie);
    // Connections are reused (a released one may return to the pool a tick after the next call starts).
    expect(upstream.received).toHaveLength(6);
    expect(new Set(upstream.received.map((r) => r.connection)).size).toBeLessThanOrEqual(2);
  });

  it('answers 504 upstream_timeout when the legacy API is too slow', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { fault: 'slow', delayMs: 2_000 });
    const server = await appWith();
    const response = await asCoach(server, await login(server));
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'upstream_timeout', detail: 'There was an unexpected error' });
  });

  it.each([
    ['a connection reset before the answer', { fault: 'reset' as const }],
    ['a connection that breaks in the middle of the body', { fault: 'cut' as const }],
  ])('retries a GET after %s', async (_name, fault) => {
    upstream.answer(`GET ${COACH_PATH}`, fault, { status: 200, json: { name: 'Amara' } });
    const server = await appWith();
    const response = await asCoach(server, await login(server));
    expect(response.json()).toEqual({ name: 'Amara', info: null });
    expect(upstream.received).toHaveLength(2);
  });

  it('gives up after three attempts with 502 upstream_error', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { fault: 'reset' });
    const server = await appWith();
    const response = await asCoach(server, await login(server));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'upstream_error' });
    expect(upstream.received).toHaveLength(3);
  });

  it('never retries a POST', async () => {
    upstream.answer(`POST ${COACH_PATH}/leaveMessage`, { fault: 'reset' });
    const server = await appWith();
    const response = await asCoach(server, await login(server), 'POST');
    expect(response.statusCode).toBe(502);
    expect(upstream.received).toHaveLength(1);
  });

  it.each([
    ['a 5xx', { status: 503, text: 'down' }],
    ['unparseable JSON', { fault: 'garbage' as const }],
  ])('answers 502 upstream_error for %s', async (_name, answer) => {
    upstream.answer(`GET ${COACH_PATH}`, answer);
    const server = await appWith();
    const response = await asCoach(server, await login(server));
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'upstream_error', status: 502 });
  });

  it("hands a legacy 400's error.info to the service", async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 400, json: { error: { info: 'Coach not found.' } } });
    const server = await appWith();
    const response = await asCoach(server, await login(server));
    expect(response.json()).toEqual({ name: null, info: 'Coach not found.' });
  });

  it('ends the session on an upstream 403: store emptied, cookie cleared, 401 session_ended', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 403, json: { error: { info: 'Forbidden - please log in again.' } } });
    const server = await appWith();
    const cookie = await login(server);
    const response = await asCoach(server, cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_ended', detail: 'Your session has ended. Please log in again.' });
    expect(sessionCookieOf(response)?.value).toBe('');
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { name: 'Amara' } });
    const after = await server.inject({ method: 'GET', url: '/api/session', cookies: { [SESSION_COOKIE]: cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('writes the upstream calls into the request log line, by path template', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { name: 'Amara' } });
    const logs = captureLogs();
    const server = await appWith({}, logs.logger);
    await asCoach(server, await login(server));
    const line = logs.lines().find((entry) => entry.msg === 'request completed' && entry.route === '/test/coach');
    expect(line?.upstream).toMatchObject({
      calls: 1,
      durationMs: expect.any(Number),
      detail: [{ method: 'GET', path: '/api/v2/coaches/{coachId}', status: 200, attempts: 1, durationMs: expect.any(Number) }],
    });
  });

  it('stops the call when its signal aborts (the browser went away)', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { fault: 'slow', delayMs: 2_000 });
    const agent = createLegacyAgent();
    const controller = new AbortController();
    const client = createLegacyClient({ baseUrl: upstream.url, agent, timeoutMs: 10_000, signal: controller.signal });
    const call = client.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } });
    controller.abort(new Error('gone'));
    await expect(call).rejects.toThrow('gone');
    await agent.close();
  });
});

describe('upstream client requests (the thin layer over undici.request)', () => {
  const agent = createLegacyAgent();
  afterAll(() => agent.close());
  const client = (options: Partial<Parameters<typeof createLegacyClient>[0]> = {}) =>
    createLegacyClient({
      baseUrl: upstream.url,
      agent,
      timeoutMs: 10_000,
      cookie: LEGACY_COOKIE,
      now: () => 1_763_765_000_000,
      ...options,
    });

  it('fills path parameters (encoded), serializes the query and adds t once', async () => {
    upstream.answer('GET /api/v2/tokens/a%20b%2Fc/sendinvite', { status: 200, json: { sent: true } });
    const { data } = await client().GET('/api/v2/tokens/{assessmentId}/sendinvite', {
      params: { path: { assessmentId: 'a b/c' }, query: { serverSend: true } },
    });
    expect(data).toEqual({ sent: true });
    expect(upstream.received[0]?.url).toBe('/api/v2/tokens/a%20b%2Fc/sendinvite?serverSend=true&t=1763765000000');
  });

  it('posts JSON with its content type, and per-call headers that never replace the session cookie', async () => {
    upstream.answer(`POST ${COACH_PATH}/leaveMessage`, { status: 200, json: {} });
    await client().POST('/api/v2/coaches/{coachId}/leaveMessage', {
      params: { path: { coachId: COACH_ID } },
      body: { category: 'freeText', message: 'hello' },
      headers: { 'x-access-key': 'key-1', cookie: 'injected=1' },
    });
    const [call] = upstream.received;
    expect(call?.headers).toMatchObject({ 'content-type': 'application/json', 'x-access-key': 'key-1', cookie: LEGACY_COOKIE });
    expect(JSON.parse(call?.body ?? '')).toEqual({ category: 'freeText', message: 'hello' });
  });

  it('sends a FormData body as multipart (the profile form)', async () => {
    upstream.answer(`POST ${COACH_PATH}`, { status: 200, json: {} });
    const form = new FormData();
    form.set('name', 'Amara');
    await client().POST('/api/v2/coaches/{coachId}', {
      params: { path: { coachId: COACH_ID } },
      // The contract types the multipart fields as an object; the caller builds the FormData.
      body: form as unknown as { name: string; surname: string; email: string },
    });
    const [call] = upstream.received;
    expect(call?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.body).toContain('name="name"\r\n\r\nAmara');
  });

  it("hands over the answer's status and every Set-Cookie header as a Response", async () => {
    upstream.answer('POST /api/v2/login', {
      status: 200,
      json: { allowed: true },
      headers: { 'set-cookie': ['portal_session=s%3Aabc; Path=/; HttpOnly', 'other=1; Path=/'] },
    });
    const { data, response } = await client({ cookie: undefined }).POST('/api/v2/login', {
      body: { email: 'coach@example.com', password: 'secret' },
    });
    expect(data).toMatchObject({ allowed: true });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.getSetCookie()).toEqual(['portal_session=s%3Aabc; Path=/; HttpOnly', 'other=1; Path=/']);
  });

  it('hands a download over as the body stream, unparsed', async () => {
    const bytes = 'PK'.padEnd(300_000, 'x');
    upstream.answer(`GET ${COACH_PATH}/downloadActivitySummary`, {
      status: 200,
      text: bytes,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    const { data, response } = await client().GET('/api/v2/coaches/{coachId}/downloadActivitySummary', {
      params: { path: { coachId: COACH_ID } },
      parseAs: 'stream',
    });
    expect(data).toBeInstanceOf(Readable);
    // Reading the headers (as a pass-through does) must not start draining the body into the Response.
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await new Promise((resolve) => setTimeout(resolve, 20));
    let received = '';
    for await (const chunk of data as Readable) received += chunk;
    expect(received).toBe(bytes);
  });

  it("also offers a download as the Response's body (for code written against fetch)", async () => {
    upstream.answer(`GET ${COACH_PATH}/downloadActivitySummary`, {
      status: 200,
      text: 'PK-file',
      headers: { 'content-type': 'application/octet-stream' },
    });
    const { response } = await client().GET('/api/v2/coaches/{coachId}/downloadActivitySummary', {
      params: { path: { coachId: COACH_ID } },
      parseAs: 'stream',
    });
    expect(await response.text()).toBe('PK-file');
  });

  it('leaves no abort listener behind on a long-lived signal (a batch of many calls)', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { name: 'Amara' } }, { status: 400, json: { error: { info: 'No.' } } });
    const batch = new AbortController();
    const legacy = client({ signal: batch.signal });
    for (let i = 0; i < 5; i += 1) {
      const item = new AbortController();
      await legacy.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } }, signal: item.signal });
      expect(getEventListeners(item.signal, 'abort')).toHaveLength(0);
    }
    expect(getEventListeners(batch.signal, 'abort')).toHaveLength(0);
  });
});

describe("upstream client calls held by a request's scope (the browser leaving)", () => {
  const agent = createLegacyAgent();
  afterAll(() => agent.close());

  /** A request's scope, as client-gone.ts keeps one: the calls in flight, stopped when it fires. */
  function scope() {
    const calls = new Set<CallCancel>();
    const held: CallScope & { calls: Set<CallCancel>; fire(reason: unknown): void } = {
      aborted: false,
      reason: undefined,
      calls,
      add: (call) => calls.add(call),
      delete: (call) => calls.delete(call),
      fire(reason) {
        Object.assign(held, { aborted: true, reason });
        for (const call of [...calls]) call.abort(reason);
      },
    };
    return held;
  }

  it('stops the call in flight with the scope’s reason, and holds no call once settled', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { name: 'Amara' } }, { fault: 'slow', delayMs: 5_000 });
    const request = scope();
    const client = createLegacyClient({ baseUrl: upstream.url, agent, timeoutMs: 10_000, scope: request });
    await client.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } });
    expect(request.calls.size).toBe(0);
    const call = client.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } });
    const slow = await upstream.request(2);
    expect(request.calls.size).toBe(1);
    const gone = new Error('the browser went away');
    request.fire(gone);
    await expect(call).rejects.toBe(gone);
    await slow.abandoned;
    expect(request.calls.size).toBe(0);
  });

  it('never sends a call once the scope has fired', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { name: 'Amara' } });
    const request = scope();
    const gone = new Error('the browser went away');
    request.fire(gone);
    const client = createLegacyClient({ baseUrl: upstream.url, agent, timeoutMs: 10_000, scope: request });
    await expect(client.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } })).rejects.toBe(gone);
    expect(upstream.received).toHaveLength(0);
  });

  it('times out at its limit and leaves the scope (504 upstream_timeout), the next call unaffected', async () => {
    upstream.answer(`GET ${COACH_PATH}`, { fault: 'slow', delayMs: 5_000 }, { status: 200, json: { name: 'Amara' } });
    const request = scope();
    const client = createLegacyClient({ baseUrl: upstream.url, agent, timeoutMs: 1_000, scope: request });
    const started = performance.now();
    await expect(client.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } })).rejects.toMatchObject({
      statusCode: 504,
      code: 'upstream_timeout',
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(request.calls.size).toBe(0);
    const { data } = await client.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } });
    expect(data?.name).toBe('Amara');
  });
});

describe('upstream client against the Prism mock of openapi/legacy.yaml', () => {
  let prism: Awaited<ReturnType<typeof startPrism>>;
  beforeAll(async () => {
    prism = await startPrism('openapi/legacy.yaml');
  });
  afterAll(() => prism?.stop());

  it('reads a typed coach record', async () => {
    const agent = createLegacyAgent();
    const client = createLegacyClient({ baseUrl: prism.url, agent, timeoutMs: 10_000, cookie: LEGACY_COOKIE });
    const { data, error } = await client.GET('/api/v2/coaches/{coachId}', { params: { path: { coachId: COACH_ID } } });
    expect(error).toBeUndefined();
    expect(data).toMatchObject({ uuid: COACH_ID, name: 'Amara', surname: 'Botha' });
    await agent.close();
  });
});
