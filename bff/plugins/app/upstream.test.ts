// Over real sockets: a browser that goes away cancels the upstream call it started.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { expectFetchContract } from '../../test-support/contract.ts';
import { type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { testConfig } from '../../test-support/test-server.ts';
import { SESSION_COOKIE } from './session.ts';

const COACH_ID = LEGACY_COACH_ID;
const COACH = LEGACY_COACH;

let upstream: FaultUpstream;
let server: FastifyInstance;
let url: string;

beforeEach(async () => {
  upstream = await startFaultUpstream();
  upstream.answer('POST /api/v2/login', {
    status: 200,
    json: { allowed: true, coach: { uuid: COACH_ID, accreditationLevel: 3 } },
    headers: { 'set-cookie': 'portal_session=s%3Alegacy; Path=/' },
  });
  server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '60000' }));
  url = await server.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await server.close();
  await upstream.close();
});

async function signIn(): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: 'demo@coachportal.test', password: 'secret' }),
  });
  await expectFetchContract('POST', '/api/session', response);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

describe('upstream calls over real sockets', () => {
  it('cancels the upstream call when the browser disconnects', async () => {
    // The sign-in's coach read answers; the next one never would.
    upstream.answer(`GET /api/v2/coaches/${COACH_ID}`, { status: 200, json: COACH }, { fault: 'slow', delayMs: 120_000 });
    const cookie = await signIn();
    const browser = new AbortController();
    const pending = fetch(`${url}/api/session`, { headers: { cookie }, signal: browser.signal }).catch((error: unknown) => error);
    const slowCall = await upstream.request(3);
    browser.abort();
    expect(await pending).toBeInstanceOf(Error);
    await slowCall.abandoned;
  });

  it('ends the session on an upstream 403 and clears the cookie (401 session_ended)', async () => {
    upstream.answer(
      `GET /api/v2/coaches/${COACH_ID}`,
      { status: 200, json: COACH },
      { status: 403, json: { error: { info: 'Forbidden' } } },
    );
    const cookie = await signIn();
    const response = await fetch(`${url}/api/session`, { headers: { cookie } });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie()[0]).toMatch(
      /^__Host-portal_session=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax|^__Host-portal_session=;/,
    );
    expect(JSON.parse(await expectFetchContract('GET', '/api/session', response))).toMatchObject({ code: 'session_ended' });
    const again = await fetch(`${url}/api/session`, { headers: { cookie } });
    expect(JSON.parse(await expectFetchContract('GET', '/api/session', again)).code).toBe('session_ended');
    expect(upstream.received).toHaveLength(3);
  });
});
