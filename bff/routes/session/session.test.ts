import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPrism } from '../../../scripts/lib/prism.ts';
import { buildServer } from '../../app.ts';
import { isStrongPassword } from '../../domain/form-rules.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { MemorySessionStore } from '../../session/memory-session-store.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { testConfig } from '../../test-support/test-server.ts';

const COACH_ID = LEGACY_COACH_ID;
const COACH_PATH = `/api/v2/coaches/${COACH_ID}`;
const ORIGIN = 'http://localhost:3000';
const CSRF = { 'x-csrf': '1', origin: ORIGIN };
const CREDENTIALS = { email: 'demo@coachportal.test', password: 'correct-horse-battery-staple' };
const SESSION_COACH = { uuid: COACH_ID, accreditationLevel: 3, isBeingAssisted: false, assistant: null };
const COACH = {
  ...LEGACY_COACH,
  tokenBalance: -3,
  newMessages: 2,
  countOfReceivedSCOs: 1,
  liveSystem: true,
  enableMiniAssessment: true,
  sendBulkAssessmentNotifications: false,
  twoFactorEnabled: true,
};
const ALLOWED: CannedAnswer = {
  status: 200,
  json: { allowed: true, needTFA: false, wrongTFA: false, isBlocked: false, coach: SESSION_COACH },
  headers: { 'set-cookie': ['portal_session=s%3Alegacy-1; Path=/; HttpOnly', 'portal_expiry=1763765000000; Path=/'] },
};
const refused = (fields: Record<string, unknown>): CannedAnswer => ({
  status: 200,
  json: { allowed: false, needTFA: false, wrongTFA: false, isBlocked: false, ...fields },
});

const MINUTE = 60_000;
let now: number;
let upstream: FaultUpstream;
let server: FastifyInstance;

const cookieOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === SESSION_COOKIE);
const signIn = (payload: object = CREDENTIALS) => injectChecked(server, { method: 'POST', url: '/api/session', headers: CSRF, payload });
const withSession = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  injectChecked(server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: cookie } });

async function signedIn(): Promise<string> {
  upstream.answer('POST /api/v2/login', ALLOWED);
  upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: COACH });
  const value = cookieOf(await signIn())?.value;
  if (!value) throw new Error('not signed in');
  return value;
}

beforeEach(async () => {
  now = 1_763_700_000_000;
  upstream = await startFaultUpstream();
  server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '1000' }), {
    now: () => now,
    sessionStore: new MemorySessionStore({ now: () => now }),
  });
  await server.ready();
});
afterEach(async () => {
  await server.close();
  await upstream.close();
});

describe('POST /api/session (sign in)', () => {
  it('signs in: a new session cookie, the session, and the legacy cookies kept server-side', async () => {
    upstream.answer('POST /api/v2/login', ALLOWED);
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: COACH });
    const response = await signIn();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      outcome: 'signedIn',
      session: {
        coach: expect.objectContaining({ uuid: COACH_ID, name: 'Amara', tokenBalance: -3, newMessages: true, twoFactorEnabled: true }),
        roles: { impersonator: false, assisted: false, assistant: null },
        expiresAt: new Date(now + 30 * MINUTE).toISOString(),
        absoluteExpiresAt: new Date(now + 8 * 60 * MINUTE).toISOString(),
        idleTimeoutSeconds: 1800,
        portalVersion: '20251030t113749',
        supportEmail: 'support@coachportal.test',
      },
    });
    expect(cookieOf(response)).toMatchObject({ httpOnly: true, secure: true, path: '/' });
    expect(response.body).not.toContain('legacy-1');
    expect(String(response.headers['set-cookie'])).not.toContain('legacy-1');
    const [login, coach] = upstream.received;
    expect(JSON.parse(login?.body ?? '')).toEqual(CREDENTIALS);
    expect(login?.headers.cookie).toBeUndefined();
    expect(coach?.headers.cookie).toBe('portal_session=s%3Alegacy-1; portal_expiry=1763765000000');
  });

  it('issues a new session id at every sign-in and ends the old one', async () => {
    const first = await signedIn();
    const second = cookieOf(
      await injectChecked(server, {
        method: 'POST',
        url: '/api/session',
        headers: CSRF,
        cookies: { [SESSION_COOKIE]: first },
        payload: CREDENTIALS,
      }),
    )?.value;
    expect(second).toBeDefined();
    expect(second?.split('.')[0]).not.toBe(first.split('.')[0]);
    expect((await withSession(first, 'GET', '/api/session')).statusCode).toBe(401);
    expect((await withSession(second ?? '', 'GET', '/api/session')).statusCode).toBe(200);
  });

  it('sends the e-mail trimmed, as the rate limit counts it (a stray space must not fail a correct sign-in)', async () => {
    upstream.answer('POST /api/v2/login', refused({ needTFA: true }));
    await signIn({ ...CREDENTIALS, email: `  ${CREDENTIALS.email} ` });
    expect(JSON.parse(upstream.received[0]?.body ?? '').email).toBe(CREDENTIALS.email);
  });

  it('asks for the authenticator code, then sends it as twoFactorToken', async () => {
    upstream.answer('POST /api/v2/login', refused({ needTFA: true }));
    const first = await signIn();
    expect(first.json()).toEqual({ outcome: 'twoFactorRequired' });
    expect(cookieOf(first)).toBeUndefined();
    upstream.answer('POST /api/v2/login', ALLOWED);
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: COACH });
    const second = await signIn({ ...CREDENTIALS, twoFactorCode: '492817' });
    expect(second.json().outcome).toBe('signedIn');
    expect(JSON.parse(upstream.received[1]?.body ?? '')).toEqual({ ...CREDENTIALS, twoFactorToken: '492817' });
  });

  it.each([
    ['a wrong code', refused({ needTFA: true, wrongTFA: true }), 401, 'wrong_two_factor_code', 'Code incorrect - please try again.'],
    [
      'a blocked coach',
      refused({ isBlocked: true, message: 'blocked' }),
      403,
      'coach_blocked',
      'You have been blocked. Please contact support@coachportal.test to get access to your account again.',
    ],
    [
      'bad credentials',
      refused({ message: 'Please check if password and username are correct' }),
      401,
      'invalid_credentials',
      'Please check if password and username are correct',
    ],
    ['bad credentials without a message', refused({}), 401, 'invalid_credentials', 'Please check if password and username are correct'],
    [
      'another refusal',
      refused({ message: 'Your account has not been activated yet.' }),
      401,
      'login_refused',
      'Your account has not been activated yet.',
    ],
  ])('answers %s with its problem and the spec message', async (_name, answer, status, code, detail) => {
    upstream.answer('POST /api/v2/login', answer);
    const response = await signIn();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, detail });
    expect(cookieOf(response)).toBeUndefined();
  });

  it('answers a malformed form with the login message', async () => {
    const response = await signIn({ email: 'demo@coachportal.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', detail: 'Please check if password and username are correct' });
    expect(upstream.received).toHaveLength(0);
  });

  it('answers an e-mail that is not an address with the login message, without asking the legacy API', async () => {
    // What the sandbox (a schema-validating server) answers such an address with: never to be shown.
    upstream.answer('POST /api/v2/login', { status: 400, json: { error: { info: 'body/email must match format "email"' } } });
    for (const email of ['coach@nodot', 'coach', ' @coachportal.test']) {
      const response = await signIn({ email, password: 'secret' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', detail: 'Please check if password and username are correct' });
    }
    expect(upstream.received).toHaveLength(0);
  });

  it('answers 502 when the legacy login fails', async () => {
    upstream.answer('POST /api/v2/login', { status: 500, text: 'boom' });
    expect((await signIn()).json()).toMatchObject({ status: 502, code: 'upstream_error' });
  });
});

describe('GET, extend and DELETE /api/session', () => {
  it('answers the session with a freshly read coach, and 401 without one', async () => {
    const cookie = await signedIn();
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { ...COACH, tokenBalance: 7, newMessages: 0 } });
    now += 10 * MINUTE;
    const response = await withSession(cookie, 'GET', '/api/session');
    expect(response.json()).toMatchObject({
      coach: { tokenBalance: 7, newMessages: false },
      expiresAt: new Date(now + 30 * MINUTE).toISOString(),
    });
    expect((await injectChecked(server, { method: 'GET', url: '/api/session' })).json()).toMatchObject({ code: 'session_ended' });
  });

  it("answers the drawer's photo as the profile's (a version of the legacy address), or null without one", async () => {
    const cookie = await signedIn();
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { ...COACH, profileImage: null } });
    expect((await withSession(cookie, 'GET', '/api/session')).json().coach.photoUrl).toBeNull();
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { ...COACH, profileImage: 'https://legacy.test/photos/1.png' } });
    const first = (await withSession(cookie, 'GET', '/api/session')).json().coach.photoUrl;
    expect(first).toMatch(/^\/api\/profile\/photo\?v=[0-9a-f]{12}$/);
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: { ...COACH, profileImage: 'https://legacy.test/photos/2.png' } });
    expect((await withSession(cookie, 'GET', '/api/session')).json().coach.photoUrl).not.toBe(first);
  });

  it("reads the coach with the session's legacy cookie, and ends the session when that read answers 403", async () => {
    const cookie = await signedIn();
    const calls = upstream.received.length;
    expect((await withSession(cookie, 'GET', '/api/session')).statusCode).toBe(200);
    expect(upstream.received.slice(calls)).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: expect.stringMatching(/^\/api\/v2\/coaches\/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f\?t=\d+$/),
        headers: expect.objectContaining({ cookie: 'portal_session=s%3Alegacy-1; portal_expiry=1763765000000' }),
      }),
    ]);
    upstream.answer(`GET ${COACH_PATH}`, { status: 403, json: { error: { info: 'Forbidden - please log in again.' } } });
    const ended = await withSession(cookie, 'GET', '/api/session');
    expect(ended.json()).toMatchObject({ status: 401, code: 'session_ended' });
    expect(cookieOf(ended)?.value).toBe('');
    // Without a session nothing is asked of the legacy API.
    const before = upstream.received.length;
    expect((await withSession(cookie, 'GET', '/api/session')).statusCode).toBe(401);
    expect(upstream.received).toHaveLength(before);
  });

  it('extends: re-reads the coach and moves expiresAt', async () => {
    const cookie = await signedIn();
    now += 25 * MINUTE;
    const response = await withSession(cookie, 'POST', '/api/session/extend');
    expect(response.statusCode).toBe(200);
    expect(response.json().expiresAt).toBe(new Date(now + 30 * MINUTE).toISOString());
    expect(upstream.received.at(-1)?.url).toMatch(/^\/api\/v2\/coaches\/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f\?t=\d+$/);
  });

  it('ends the session when the coach read answers 403', async () => {
    const cookie = await signedIn();
    upstream.answer(`GET ${COACH_PATH}`, { status: 403, json: { error: { info: 'Forbidden - please log in again.' } } });
    const response = await withSession(cookie, 'POST', '/api/session/extend');
    expect(response.json()).toMatchObject({ status: 401, code: 'session_ended' });
    expect(cookieOf(response)?.value).toBe('');
    expect((await withSession(cookie, 'GET', '/api/session')).statusCode).toBe(401);
  });

  it('logs out upstream with the legacy cookie, destroys the session and clears the cookie', async () => {
    const cookie = await signedIn();
    upstream.answer('GET /api/v2/logout', { status: 200 });
    const response = await withSession(cookie, 'DELETE', '/api/session');
    expect(response.json()).toEqual({ redirectTo: '/coachportal/login' });
    expect(cookieOf(response)?.value).toBe('');
    expect(upstream.received.at(-1)).toMatchObject({
      method: 'GET',
      headers: expect.objectContaining({ cookie: expect.stringContaining('portal_session=') }),
    });
    expect((await withSession(cookie, 'GET', '/api/session')).statusCode).toBe(401);
  });

  it('ends the session even when the legacy logout fails', async () => {
    const cookie = await signedIn();
    upstream.answer('GET /api/v2/logout', { fault: 'reset' });
    expect((await withSession(cookie, 'DELETE', '/api/session')).json()).toEqual({ redirectTo: '/coachportal/login' });
    expect((await withSession(cookie, 'GET', '/api/session')).statusCode).toBe(401);
  });
});

describe('POST /api/session/impersonation', () => {
  const check = (cookie?: string) =>
    injectChecked(server, { method: 'POST', url: '/api/session/impersonation', headers: { ...CSRF, ...(cookie && { cookie }) } });

  it("starts an impersonator's session around the admin's legacy session", async () => {
    upstream.answer('GET /api/v2/checkForValidSession', {
      status: 200,
      json: { allowed: true, coach: { ...SESSION_COACH, isAdmin: true } },
    });
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: COACH });
    const response = await check('portal_session=s%3Aadmin-1; unrelated=1');
    expect(response.json().roles).toEqual({ impersonator: true, assisted: false, assistant: null });
    expect(upstream.received[0]?.headers.cookie).toBe('portal_session=s%3Aadmin-1');
    const cookie = cookieOf(response)?.value ?? '';
    upstream.answer('GET /api/v2/logout', { status: 200 });
    expect((await withSession(cookie, 'DELETE', '/api/session')).json()).toEqual({ redirectTo: '/admin/coaches' });
  });

  it('marks an assistant session as assisted, with the assistant', async () => {
    const assistant = { name: 'Thandi Mokoena', email: 'thandi.mokoena@bothacoaching.co.za' };
    upstream.answer('GET /api/v2/checkForValidSession', {
      status: 200,
      json: { allowed: true, coach: { ...SESSION_COACH, isBeingAssisted: true, assistant } },
    });
    upstream.answer(`GET ${COACH_PATH}`, { status: 200, json: COACH });
    expect((await check('portal_session=s%3Aassistant')).json().roles).toEqual({ impersonator: false, assisted: true, assistant });
  });

  it.each([
    ['no legacy cookie', undefined, undefined],
    ['a refused check', 'portal_session=old', { status: 200, json: { allowed: false } }],
    ['a 403', 'portal_session=old', { status: 403, json: { error: { info: 'Forbidden' } } }],
  ] as const)('answers 401 session_not_allowed for %s', async (_name, cookie, answer) => {
    if (answer) upstream.answer('GET /api/v2/checkForValidSession', answer);
    const response = await check(cookie);
    expect(response.json()).toMatchObject({
      status: 401,
      code: 'session_not_allowed',
      detail: 'Your session has ended. Please log in again.',
    });
    expect(cookieOf(response)?.value ?? '').toBe('');
  });
});

describe('password reset', () => {
  const forgot = (email: string) =>
    injectChecked(server, { method: 'POST', url: '/api/password/forgot', headers: CSRF, payload: { email } });
  const reset = (payload: object) => injectChecked(server, { method: 'POST', url: '/api/password/reset', headers: CSRF, payload });

  it('sends the reset link', async () => {
    upstream.answer('POST /api/v2/forgotpassword', { status: 200 });
    const response = await forgot(' demo@coachportal.test ');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'A reset password link has been sent...' });
    expect(JSON.parse(upstream.received[0]?.body ?? '')).toEqual({ email: 'demo@coachportal.test' });
  });

  it.each([
    ['a malformed address', 'not-an-address', undefined],
    ['a legacy refusal', 'demo@coachportal.test', { status: 400, json: { error: { info: 'Unknown' } } }],
  ] as const)('answers reset_link_not_sent for %s', async (_name, email, answer) => {
    if (answer) upstream.answer('POST /api/v2/forgotpassword', answer);
    expect((await forgot(email)).json()).toMatchObject({
      status: 400,
      code: 'reset_link_not_sent',
      detail: 'There was an error with sending. Please check if the email address is correct, or try again later.',
    });
  });

  it('resets the password with the code', async () => {
    upstream.answer('POST /api/v2/resetpassword', { status: 200, json: { success: true } });
    const response = await reset({ code: 'abc123', newPassword: 'Quiet-river-2025', confirmPassword: 'Quiet-river-2025' });
    expect(response.json()).toEqual({ message: 'Your password was successfully reset. You can now log into the coach portal.' });
    expect(JSON.parse(upstream.received[0]?.body ?? '')).toEqual({ resetcode: 'abc123', newpassword: 'Quiet-river-2025' });
  });

  it.each([
    [
      'a short password',
      { newPassword: 'Ab1!', confirmPassword: 'Ab1!' },
      'weak_password',
      'Update failed - there is an issue with the new password - please check and fix.',
    ],
    [
      'a weak password',
      { newPassword: 'abcdefghijk', confirmPassword: 'abcdefghijk' },
      'weak_password',
      'Update failed - there is an issue with the new password - please check and fix.',
    ],
    [
      'different fields',
      { newPassword: 'Quiet-river-2025', confirmPassword: 'Quiet-river-2026' },
      'password_mismatch',
      "Passwords don't yet match",
    ],
  ])('refuses %s without calling the legacy API', async (_name, fields, code, detail) => {
    expect((await reset({ code: 'abc123', ...fields })).json()).toMatchObject({ status: 400, code, detail });
    expect(upstream.received).toHaveLength(0);
  });

  it("shows the legacy API's error when it refuses the reset", async () => {
    upstream.answer('POST /api/v2/resetpassword', {
      status: 400,
      json: { error: { info: 'The reset link has expired. Please request a new one.' } },
    });
    const response = await reset({ code: 'old', newPassword: 'Quiet-river-2025', confirmPassword: 'Quiet-river-2025' });
    expect(response.json()).toMatchObject({ code: 'reset_failed', detail: 'The reset link has expired. Please request a new one.' });
  });

  it('knows a strong password', () => {
    expect(isStrongPassword('a passphrase of twenty')).toBe(true);
    expect(isStrongPassword('Short1!')).toBe(false);
    expect(isStrongPassword('Abcdefghi1')).toBe(true);
    expect(isStrongPassword('abcdefghi1')).toBe(false);
  });
});

describe('session routes against the Prism mock of openapi/legacy.yaml', () => {
  let prism: Awaited<ReturnType<typeof startPrism>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    prism = await startPrism('openapi/legacy.yaml');
    app = buildServer(testConfig({ LEGACY_API_URL: prism.url }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await prism?.stop();
  });

  it('signs in (Prism answers the `allowed` example), reads, extends and ends the session', async () => {
    const login = await injectChecked(app, { method: 'POST', url: '/api/session', headers: CSRF, payload: CREDENTIALS });
    expect(login.json()).toMatchObject({ outcome: 'signedIn', session: { coach: { uuid: COACH_ID, name: 'Amara' } } });
    const cookies = { [SESSION_COOKIE]: cookieOf(login)?.value ?? '' };
    expect((await injectChecked(app, { method: 'GET', url: '/api/session', cookies })).statusCode).toBe(200);
    expect((await injectChecked(app, { method: 'POST', url: '/api/session/extend', headers: CSRF, cookies })).statusCode).toBe(200);
    expect((await injectChecked(app, { method: 'DELETE', url: '/api/session', headers: CSRF, cookies })).json()).toEqual({
      redirectTo: '/coachportal/login',
    });
  });

  it('starts an impersonated session', async () => {
    const response = await injectChecked(app, {
      method: 'POST',
      url: '/api/session/impersonation',
      headers: { ...CSRF, cookie: 'portal_session=s%3Aadmin' },
    });
    expect(response.json().roles.impersonator).toBe(true);
  });

  it('sends a reset link and resets a password', async () => {
    expect(
      (
        await injectChecked(app, {
          method: 'POST',
          url: '/api/password/forgot',
          headers: CSRF,
          payload: { email: 'demo@coachportal.test' },
        })
      ).statusCode,
    ).toBe(202);
    const payload = {
      code: '8d3f0b6a94c2e71d5a0f',
      newPassword: 'Drakensberg-Mist-Valley-42',
      confirmPassword: 'Drakensberg-Mist-Valley-42',
    };
    expect((await injectChecked(app, { method: 'POST', url: '/api/password/reset', headers: CSRF, payload })).statusCode).toBe(200);
  });
});
