import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../handlers/session-cookies.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { IMPERSONATE_PATH, impersonationUrl } from './impersonate.ts';

describe('POST /__sandbox/impersonate (the admin tool, spec public-and-guest §2 "Session check", §6)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const impersonate = (payload: object) => sandbox.app.inject({ method: 'POST', url: IMPERSONATE_PATH, payload });
  const sessionCheck = (cookie: string) =>
    injectLegacy(sandbox.app, { method: 'GET', url: '/api/v2/checkForValidSession', headers: { cookie } });
  const sessionCookie = (response: Awaited<ReturnType<typeof impersonate>>) =>
    `${SESSION_COOKIE}=${response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value}`;

  it('starts a session for the coach marked with the seeded administrator; the session check allows it', async () => {
    const started = await impersonate({ coachEmail: SEED_COACHES.levelOne.email });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.levelOne.uuid, isAdmin: true } });
    const cookie = sessionCookie(started);
    const session = [...sandbox.store.sessions.values()].find((entry) => cookie.endsWith(entry.id));
    expect(session).toMatchObject({
      coachUuid: SEED_COACHES.levelOne.uuid,
      impersonatorUuid: SEED_COACHES.admin.uuid,
      assistantUuid: null,
    });
    expect((await sessionCheck(cookie)).json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.levelOne.uuid } });
    // The impersonated session works on the coach's own calls.
    const coach = await injectLegacy(sandbox.app, {
      method: 'GET',
      url: `/api/v2/coaches/${SEED_COACHES.levelOne.uuid}`,
      headers: { cookie },
    });
    expect(coach.statusCode).toBe(200);
  });

  it('takes a browser form and redirects to a path or a URL on its own host name, the cookies set', async () => {
    const form = (fields: Record<string, string>) =>
      sandbox.app.inject({
        method: 'POST',
        url: IMPERSONATE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:4010' },
        payload: new URLSearchParams(fields).toString(),
      });
    const toPath = await form({ coachEmail: SEED_COACHES.demo.email, redirectTo: '/coachportal/sessioncheck' });
    expect(toPath.statusCode).toBe(303);
    expect(toPath.headers.location).toBe('/coachportal/sessioncheck');
    expect((await sessionCheck(sessionCookie(toPath))).json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.demo.uuid } });
    // The BFF on another port of the same host name gets the cookie: cookies ignore the port.
    const toBff = await form({ coachEmail: SEED_COACHES.demo.email, redirectTo: 'http://localhost:3000/coachportal/sessioncheck' });
    expect(toBff.headers.location).toBe('http://localhost:3000/coachportal/sessioncheck');
    expect((await form({ coachEmail: SEED_COACHES.demo.email, redirectTo: 'https://evil.example/' })).statusCode).toBe(400);
  });

  it('refuses an unknown coach, an administrator as the coach, and an adminEmail that is not an administrator', async () => {
    const refusals = [
      { coachEmail: 'nobody@example.test' },
      { coachEmail: SEED_COACHES.admin.email },
      { coachEmail: SEED_COACHES.demo.email, adminEmail: SEED_COACHES.peer.email },
      {},
    ];
    for (const payload of refusals) {
      const refused = await impersonate(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.info).toBeTruthy();
      expect(refused.cookies).toEqual([]);
    }
    expect((await impersonate({ coachEmail: SEED_COACHES.demo.email, adminEmail: SEED_COACHES.admin.email })).statusCode).toBe(200);
  });

  it('serves the admin tool form listing the coaches', async () => {
    const page = await sandbox.app.inject({ method: 'GET', url: `${IMPERSONATE_PATH}?redirectTo=/coachportal/sessioncheck` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`<option value="${SEED_COACHES.demo.email}">`);
    expect(page.body).not.toContain(`<option value="${SEED_COACHES.admin.email}">`);
    expect(page.body).toContain('value="/coachportal/sessioncheck"');
  });
});

describe('the impersonation form for a portal the sandbox knows (npm start, the browser tests)', () => {
  const PORTAL = 'http://localhost:3000/coachportal/';
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox({ config: { publicUrl: 'http://127.0.0.1:4010', portalUrl: PORTAL } });
  });
  afterAll(() => sandbox.app.close());

  it('is told on the portal’s host name, where the session’s cookie reaches the BFF', () => {
    expect(impersonationUrl({ publicUrl: 'http://127.0.0.1:4010', portalUrl: PORTAL })).toBe('http://localhost:4010/__sandbox/impersonate');
    expect(impersonationUrl({ publicUrl: 'http://127.0.0.1:4010' })).toBe('http://127.0.0.1:4010/__sandbox/impersonate');
  });

  it('opened on another host name, moves to the portal’s, keeping what it was asked', async () => {
    const moved = await sandbox.app.inject({
      method: 'GET',
      url: `${IMPERSONATE_PATH}?redirectTo=%2Fcoachportal%2Fsessioncheck`,
      headers: { host: '127.0.0.1:4010' },
    });
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe('http://localhost:4010/__sandbox/impersonate?redirectTo=%2Fcoachportal%2Fsessioncheck');
  });

  it('leads to the portal’s session check by default, and a browser reaches it with the session', async () => {
    const form = await sandbox.app.inject({ method: 'GET', url: IMPERSONATE_PATH, headers: { host: 'localhost:4010' } });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('value="http://localhost:3000/coachportal/sessioncheck"');
    const posted = await sandbox.app.inject({
      method: 'POST',
      url: IMPERSONATE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:4010' },
      payload: new URLSearchParams({
        coachEmail: SEED_COACHES.demo.email,
        redirectTo: 'http://localhost:3000/coachportal/sessioncheck',
      }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('http://localhost:3000/coachportal/sessioncheck');
    expect(posted.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  });

  it('answers a browser’s refused form with a page that says why, not JSON', async () => {
    const refused = await sandbox.app.inject({
      method: 'POST',
      url: IMPERSONATE_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:4010' },
      payload: new URLSearchParams({
        coachEmail: SEED_COACHES.demo.email,
        redirectTo: 'http://localhost:3000/coachportal/sessioncheck',
      }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('redirectTo must be a path or a URL on this host name (127.0.0.1)');
    expect(refused.cookies).toEqual([]);
  });
});
