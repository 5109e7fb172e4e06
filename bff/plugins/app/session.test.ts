import { Readable } from 'node:stream';
import { Signer } from '@fastify/cookie';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../app.ts';
import type { Config } from '../../config.ts';
import { problem } from '../../problem.ts';
import { MemorySessionStore } from '../../session/memory-session-store.ts';
import type { NewSession } from '../../session/session-record.ts';
import { TEST_SECRET, testConfig } from '../../test-support/test-server.ts';
import { SESSION_COOKIE } from './session.ts';

const MINUTE = 60_000;
const LOGIN: NewSession = {
  legacyCookie: 'JSESSIONID=legacy-secret-cookie',
  coachId: '6f1b7a8e-8d4f-4c2a-9d1e-2f3a4b5c6d7e',
  flags: { impersonator: false, assisted: false, accreditationLevel: 3 },
};
const OLD_SECRET = 'old-secret-0123456789abcdef0123456789';

let now: number;
let store: MemorySessionStore;
let zip: Readable | undefined;

/** What ioredis rejects a command with once Redis is gone and its one retry is spent. */
const redisGone = () =>
  Object.assign(new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.'), {
    name: 'MaxRetriesPerRequestError',
  });
const servers: FastifyInstance[] = [];

// A server with the real app plus the routes a login, a page and a logout would be.
async function serverWith(config: Config = testConfig()): Promise<FastifyInstance> {
  const server = buildServer(config, { sessionStore: store, now: () => now });
  server.register(async (routes) => {
    routes.post('/login', async (request) => {
      const record = await request.startSession(request.body ? (request.body as NewSession) : LOGIN);
      return { coachId: record.coachId };
    });
    routes.get('/me', async (request) => {
      if (!request.session) throw problem(401, 'session_ended', 'Your session has ended. Please log in again.');
      return { coachId: request.session.coachId, lastSeenAt: request.session.lastSeenAt };
    });
    routes.get('/download', async () => 'pdf bytes');
    routes.get('/zip', async (_request, reply) => {
      zip = Readable.from(['zip bytes']);
      return reply.type('application/zip').send(zip);
    });
    routes.get('/refused', async () => {
      throw problem(400, 'nothing_to_download', 'None of the selected assessments offers the selected reports.');
    });
    routes.get('/redis-gone', async () => {
      throw redisGone();
    });
    routes.post('/logout', async (request) => {
      await request.endSession();
      return { ok: true };
    });
  });
  await server.ready();
  servers.push(server);
  return server;
}

function sessionCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
}

async function login(server: FastifyInstance, cookie?: string): Promise<string> {
  const response = await server.inject({ method: 'POST', url: '/login', ...(cookie && { cookies: { [SESSION_COOKIE]: cookie } }) });
  expect(response.statusCode).toBe(200);
  const value = sessionCookie(response)?.value;
  if (!value) throw new Error('no session cookie');
  return value;
}

const me = (server: FastifyInstance, cookie: string) => server.inject({ url: '/me', cookies: { [SESSION_COOKIE]: cookie } });

beforeEach(() => {
  now = 1_700_000_000_000;
  store = new MemorySessionStore({ now: () => now });
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A different first character: every bit of it counts (the last base64 character of a signature has padding bits). */
const otherFirstCharacter = (value: string) => `${value.startsWith('A') ? 'B' : 'A'}${value.slice(1)}`;

describe('session cookie', () => {
  it('has no session without a cookie', async () => {
    const server = await serverWith();
    const response = await server.inject('/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_ended');
  });

  it('sets one opaque, signed __Host- cookie with the required attributes', async () => {
    const server = await serverWith();
    const response = await server.inject({ method: 'POST', url: '/login' });
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^__Host-portal_session=[A-Za-z0-9_-]{43}\.[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(header).not.toContain('Domain');
    expect(response.body).not.toContain('legacy-secret-cookie');
    expect(store.size).toBe(1);
  });

  it('loads the session from the cookie', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    const response = await me(server, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ coachId: LOGIN.coachId, lastSeenAt: now });
  });

  it('refuses a tampered or unsigned cookie and clears it', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    const id = cookie.split('.')[0] ?? '';
    for (const forged of [id, `${id}.forged-signature`, `${otherFirstCharacter(id)}.${cookie.split('.')[1]}`]) {
      const response = await me(server, forged);
      expect(response.statusCode).toBe(401);
      expect(sessionCookie(response)).toMatchObject({ value: '', path: '/', secure: true, httpOnly: true });
    }
  });

  it("checks a cookie's signature once per value, and still refuses a forgery of a cookie it has seen", async () => {
    const server = await serverWith();
    const cookie = await login(server);
    const unsign = vi.spyOn(Signer.prototype, 'unsign');
    try {
      for (let i = 0; i < 3; i++) expect((await me(server, cookie)).statusCode).toBe(200);
      expect(unsign).toHaveBeenCalledTimes(1);
      const [id, signature = ''] = cookie.split('.');
      for (const forged of [
        `${id}.${otherFirstCharacter(signature)}`,
        `${id}.${signature}A`,
        `${otherFirstCharacter(id ?? '')}.${signature}`,
      ]) {
        expect((await me(server, forged)).statusCode).toBe(401);
      }
      expect(unsign).toHaveBeenCalledTimes(4);
    } finally {
      unsign.mockRestore();
    }
    // A remembered signature never outlives its session: the store decides on every request.
    await server.inject({ method: 'POST', url: '/logout', cookies: { [SESSION_COOKIE]: cookie } });
    expect((await me(server, cookie)).statusCode).toBe(401);
  });

  it('starts every login under a new id and destroys the previous session', async () => {
    const server = await serverWith();
    const first = await login(server);
    const second = await login(server, first);
    expect(second.split('.')[0]).not.toBe(first.split('.')[0]);
    expect((await me(server, first)).statusCode).toBe(401);
    expect((await me(server, second)).statusCode).toBe(200);
    expect(store.size).toBe(1);
  });

  it('answers a login over an expired session with exactly one new cookie', async () => {
    const server = await serverWith();
    const expired = await login(server);
    now += 31 * MINUTE;
    const response = await server.inject({ method: 'POST', url: '/login', cookies: { [SESSION_COOKIE]: expired } });
    const cookies = response.cookies.filter((cookie) => cookie.name === SESSION_COOKIE);
    expect(cookies).toHaveLength(1);
    expect((await me(server, cookies[0]?.value ?? '')).statusCode).toBe(200);
    expect(store.size).toBe(1);
  });

  it('ends the session on logout: deleted in the store, cookie cleared', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    const response = await server.inject({ method: 'POST', url: '/logout', cookies: { [SESSION_COOKIE]: cookie } });
    expect(sessionCookie(response)).toMatchObject({ value: '', path: '/' });
    expect(store.size).toBe(0);
    expect((await me(server, cookie)).statusCode).toBe(401);
  });

  it('tells the onSessionEnded listeners of every destroyed session: replaced by a new login, logged out', async () => {
    const server = await serverWith();
    const ended: string[] = [];
    server.onSessionEnded((sessionId) => {
      ended.push(sessionId);
    });
    const first = await login(server);
    const second = await login(server, first);
    await server.inject({ method: 'POST', url: '/logout', cookies: { [SESSION_COOKIE]: second } });
    expect(ended).toEqual([first.split('.')[0], second.split('.')[0]]);
  });

  it('refuses to start a session from invalid data', async () => {
    const server = await serverWith();
    const response = await server.inject({ method: 'POST', url: '/login', payload: { ...LOGIN, coachId: '' } });
    expect(response.statusCode).toBe(500);
    expect(sessionCookie(response)).toBeUndefined();
    expect(store.size).toBe(0);
  });
});

describe('session timeouts (injected clock)', () => {
  it('ends after 30 idle minutes', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    now += 30 * MINUTE - 1;
    expect((await me(server, cookie)).statusCode).toBe(200);
    now += 30 * MINUTE;
    const response = await me(server, cookie);
    expect(response.statusCode).toBe(401);
    expect(sessionCookie(response)?.value).toBe('');
    expect(store.size).toBe(0);
  });

  it('lets a download reset the idle timer', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    now += 29 * MINUTE;
    await server.inject({ url: '/download', cookies: { [SESSION_COOKIE]: cookie } });
    now += 29 * MINUTE;
    expect((await me(server, cookie)).statusCode).toBe(200);
  });

  it('does not count the updates a visible screen asks for by itself as activity', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    now += 29 * MINUTE;
    // The app's own getUpdates (its legacy read fails here: whatever it answers, it is no activity).
    await server.inject({ url: '/api/updates', cookies: { [SESSION_COOKIE]: cookie } });
    now += 2 * MINUTE;
    expect((await me(server, cookie)).statusCode).toBe(401);
  });

  it('ends 8 hours after login however active the coach is', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    for (let elapsed = 20; elapsed < 8 * 60; elapsed += 20) {
      now += 20 * MINUTE;
      expect((await me(server, cookie)).statusCode).toBe(200);
    }
    now += 20 * MINUTE;
    expect((await me(server, cookie)).statusCode).toBe(401);
  });

  it('follows the configured timeouts', async () => {
    const server = await serverWith(testConfig({ SESSION_IDLE_TIMEOUT_MS: String(5 * MINUTE) }));
    const cookie = await login(server);
    now += 5 * MINUTE;
    expect((await me(server, cookie)).statusCode).toBe(401);
  });
});

describe('the session store gone while a request is in flight (Redis vanished)', () => {
  it('answers 503 dependency_unavailable problem+json with Retry-After when the touch fails, whatever the answer was', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    // The session was read on arrival; Redis vanishes before the answer leaves (the touch), as ioredis fails.
    const touch = vi.spyOn(store, 'touch').mockRejectedValue(redisGone());
    for (const url of ['/me', '/download', '/zip', '/refused', '/redis-gone', '/nowhere']) {
      const response = await server.inject({ url, cookies: { [SESSION_COOKIE]: cookie } });
      expect({ url, status: response.statusCode, type: response.headers['content-type'] }).toEqual({
        url,
        status: 503,
        type: 'application/problem+json; charset=utf-8',
      });
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({
        code: 'dependency_unavailable',
        detail: 'The service is unavailable. Please try again later.',
        instance: response.headers['x-request-id'],
      });
      expect(response.body).not.toContain('maxRetriesPerRequest');
    }
    // The zip nobody will read is destroyed (a download job's archive stops with it).
    expect(zip?.destroyed).toBe(true);
    // An answer that is already the 503 does not wait for the store again.
    touch.mockClear();
    await server.inject({ url: '/redis-gone', cookies: { [SESSION_COOKIE]: cookie } });
    expect(touch).not.toHaveBeenCalled();
  });

  it('keeps the answer and its status when the touch works', async () => {
    const server = await serverWith();
    const cookie = await login(server);
    const refused = await server.inject({ url: '/refused', cookies: { [SESSION_COOKIE]: cookie } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('nothing_to_download');
  });
});

describe('session secret rotation', () => {
  it('verifies with every secret, signs with the first, and re-signs old cookies', async () => {
    const before = await serverWith(testConfig({ SESSION_SECRETS: OLD_SECRET }));
    const oldCookie = await login(before);

    const rotated = await serverWith(testConfig({ SESSION_SECRETS: `${TEST_SECRET},${OLD_SECRET}` }));
    const response = await me(rotated, oldCookie);
    expect(response.statusCode).toBe(200);
    const renewed = sessionCookie(response)?.value ?? '';
    expect(renewed.split('.')[0]).toBe(oldCookie.split('.')[0]);
    expect(renewed).not.toBe(oldCookie);
    // Until the browser sends the new cookie, every answer re-signs the old one (the check's result is remembered whole).
    expect(sessionCookie(await me(rotated, oldCookie))?.value).toBe(renewed);
    expect(sessionCookie(await me(rotated, renewed))).toBeUndefined();

    const retired = await serverWith(testConfig({ SESSION_SECRETS: TEST_SECRET }));
    expect((await me(retired, oldCookie)).statusCode).toBe(401);
    expect((await me(retired, renewed)).statusCode).toBe(200);
  });
});
