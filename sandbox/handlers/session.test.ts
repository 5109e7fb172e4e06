import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ASSISTANT, SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { EXPIRY_COOKIE, SESSION_COOKIE, VERSION_COOKIE } from './session-cookies.ts';

describe('sessions and auth (spec public-and-guest §4, §6, §7)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const login = (payload: object) => sandbox.app.inject({ method: 'POST', url: '/api/v2/login', payload });

  it('signs the demo coach in and sets the session, expiry and portal-version cookies', async () => {
    const response = await login({ email: 'demo@coachportal.test', password: 'Demo-portal-2026!' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      allowed: true,
      coach: { uuid: SEED_COACHES.demo.uuid, accreditationLevel: 4, isBeingAssisted: false },
    });
    const cookies = Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(cookies[SESSION_COOKIE]).toBeTruthy();
    expect(Number(cookies[EXPIRY_COOKIE])).toBe(sandbox.clock.now() + 60 * 60_000);
    expect(cookies[VERSION_COOKIE]).toBe('20251030t113749');
  });

  it('refuses bad credentials with the spec message', async () => {
    const response = await login({ email: 'demo@coachportal.test', password: 'wrong' });
    expect(response.json()).toEqual({
      allowed: false,
      needTFA: false,
      wrongTFA: false,
      isBlocked: false,
      message: 'Please check if password and username are correct',
    });
  });

  it('tells a blocked coach whom to contact', async () => {
    const response = await login({ email: 'blocked@coachportal.test', password: 'Demo-portal-2026!' });
    expect(response.json()).toMatchObject({
      allowed: false,
      isBlocked: true,
      message: 'You have been blocked. Please contact support@coachportal.test to get access to your account again.',
    });
  });

  it('asks the two-factor coach for the authenticator code', async () => {
    const response = await login({ email: 'twofactor@coachportal.test', password: 'Demo-portal-2026!' });
    expect(response.json()).toMatchObject({ allowed: false, needTFA: true, wrongTFA: false });
    expect(response.cookies).toHaveLength(0);
  });

  it('signs an assistant in for their coach', async () => {
    const response = await login({ email: SEED_ASSISTANT.email, password: 'Demo-portal-2026!' });
    expect(response.json()).toMatchObject({
      allowed: true,
      coach: { uuid: SEED_COACHES.demo.uuid, isBeingAssisted: true, assistant: { email: SEED_ASSISTANT.email, name: 'Thandi Mahlangu' } },
    });
  });

  it('answers 400 with error.info for a request the contract refuses', async () => {
    const response = await login({ email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.info).toContain('email');
  });

  it('answers 403 without a session, and with an expired one', async () => {
    const cookie = await signIn(sandbox.app, 'demo@coachportal.test');
    const url = `/api/v2/coaches/${SEED_COACHES.demo.uuid}`;
    expect((await sandbox.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    expect((await sandbox.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
    sandbox.clock.advance(61 * 60_000);
    const expired = await sandbox.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ error: { info: 'Forbidden - please log in again.' } });
  });

  it('lets a coach read only their own record', async () => {
    const cookie = await signIn(sandbox.app, 'demo@coachportal.test');
    const own = await sandbox.app.inject({ method: 'GET', url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}`, headers: { cookie } });
    expect(own.json()).toMatchObject({ email: 'demo@coachportal.test', name: 'Amara', countOfReceivedSCOs: 6, countOfGivenSCOs: 4 });
    expect(own.json()).not.toHaveProperty('password');
    const other = await sandbox.app.inject({ method: 'GET', url: `/api/v2/coaches/${SEED_COACHES.peer.uuid}`, headers: { cookie } });
    expect(other.statusCode).toBe(403);
  });

  it("allows the session check only for an admin tool's impersonation, and ends it on logout", async () => {
    const check = (cookie: string) =>
      injectLegacy(sandbox.app, { method: 'GET', url: '/api/v2/checkForValidSession', headers: { cookie } });
    // A coach's own sign-in is not an impersonation.
    expect((await check(await signIn(sandbox.app, 'demo@coachportal.test'))).json()).toEqual({ allowed: false });
    const started = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/impersonate',
      payload: { coachEmail: 'demo@coachportal.test' },
    });
    const cookie = `${SESSION_COOKIE}=${started.cookies.find((entry) => entry.name === SESSION_COOKIE)?.value}`;
    expect((await check(cookie)).json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.demo.uuid, isAdmin: true } });
    expect((await sandbox.app.inject({ method: 'GET', url: '/api/v2/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await check(cookie)).json()).toEqual({ allowed: false });
  });

  it("allows the session check for an assistant's session (assist)", async () => {
    const cookie = await signIn(sandbox.app, SEED_ASSISTANT.email);
    const check = await injectLegacy(sandbox.app, { method: 'GET', url: '/api/v2/checkForValidSession', headers: { cookie } });
    expect(check.json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.demo.uuid, isBeingAssisted: true, isAdmin: false } });
  });

  it("resets an assistant's password with the e-mailed code; the assistant then signs in with it", async () => {
    const forgot = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/api/v2/forgotpassword',
      payload: { email: SEED_ASSISTANT.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = sandbox.store.outbox.at(-1);
    expect(mail?.to).toBe(SEED_ASSISTANT.email);
    const resetcode = mail?.body.split('=').at(-1);
    const reset = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/api/v2/resetpassword',
      payload: { resetcode, newpassword: 'Assistant-Karoo-Sunrise-7' },
    });
    expect(reset.json()).toEqual({ success: true });
    const login = await sandbox.app.inject({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: SEED_ASSISTANT.email, password: 'Assistant-Karoo-Sunrise-7' },
    });
    expect(login.json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.demo.uuid, isBeingAssisted: true } });
    // The coach's own password is untouched.
    expect(await signIn(sandbox.app, SEED_COACHES.demo.email)).toContain('portal_session=');
    const unknown = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/api/v2/forgotpassword',
      payload: { email: 'nobody@example.test' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('lets a new assistant set a password through the set-password link and sign in', async () => {
    const coach = await signIn(sandbox.app, SEED_COACHES.demo.email);
    const added = await sandbox.app.inject({
      method: 'POST',
      url: `/api/v2/coaches/${SEED_COACHES.demo.uuid}/newAssistantRequested`,
      headers: { cookie: coach },
      payload: { name: 'Lerato', surname: 'Mahlangu', email: 'lerato.mahlangu@example.test' },
    });
    expect(added.json()).toMatchObject({ success: true });
    const resetcode = sandbox.store.outbox.at(-1)?.body.match(/code=([0-9a-f]+)/)?.[1];
    const reset = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/api/v2/resetpassword',
      payload: { resetcode, newpassword: 'Lerato-Sets-Her-Own-2026' },
    });
    expect(reset.json()).toEqual({ success: true });
    expect(await signIn(sandbox.app, 'lerato.mahlangu@example.test', 'Lerato-Sets-Her-Own-2026')).toContain('portal_session=');
  });

  it('resets a password with the e-mailed code', async () => {
    expect(
      (await sandbox.app.inject({ method: 'POST', url: '/api/v2/forgotpassword', payload: { email: 'level1@coachportal.test' } }))
        .statusCode,
    ).toBe(200);
    const link = sandbox.store.outbox.at(-1)?.body ?? '';
    const resetcode = link.split('=').at(-1);
    const weak = await sandbox.app.inject({
      method: 'POST',
      url: '/api/v2/resetpassword',
      payload: { resetcode, newpassword: 'aaaaaaaaaa' },
    });
    expect(weak.json()).toEqual({ error: { info: 'Update failed - there is an issue with the new password - please check and fix.' } });
    const reset = await sandbox.app.inject({
      method: 'POST',
      url: '/api/v2/resetpassword',
      payload: { resetcode, newpassword: 'Drakensberg-Mist-Valley-42' },
    });
    expect(reset.json()).toEqual({ success: true });
    expect(await signIn(sandbox.app, 'level1@coachportal.test', 'Drakensberg-Mist-Valley-42')).toContain('portal_session=');
  });

  it('answers 501 for an operation the sandbox does not implement yet', async () => {
    // Every operation has a handler now; a sandbox built without them shows the 501 answer.
    const bare = await testSandbox({ store: sandbox.store, handlers: {} });
    const response = await bare.app.inject({ method: 'GET', url: '/mintor/initAssessment', headers: { 'x-mini-access': 'x' } });
    await bare.app.close();
    expect(response.statusCode).toBe(501);
    expect(response.json()).toEqual({ error: { info: 'Not implemented in the sandbox: initMiniAssessment' } });
  });
});

describe('two-factor sign-in (spec public-and-guest §4 "Login")', () => {
  it('accepts the current code and refuses a wrong one', async () => {
    const { currentCode } = await import('../domain/totp.ts');
    const { TWO_FACTOR_SECRET } = await import('../seed/accounts.ts');
    const sandbox = await testSandbox();
    const login = (twoFactorToken: string) =>
      sandbox.app.inject({
        method: 'POST',
        url: '/api/v2/login',
        payload: { email: 'twofactor@coachportal.test', password: 'Demo-portal-2026!', twoFactorToken },
      });
    const code = currentCode(TWO_FACTOR_SECRET, new Date(sandbox.clock.now()));
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await login(wrong)).json()).toMatchObject({ allowed: false, needTFA: true, wrongTFA: true });
    expect((await login(code)).json()).toMatchObject({ allowed: true, coach: { uuid: SEED_COACHES.twoFactor.uuid } });
    await sandbox.app.close();
  });
});
