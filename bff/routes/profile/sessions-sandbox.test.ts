// listSignedInSessions, signOutOtherSessions and the sessions a password change or reset ends, on one BFF instance
// (sessions in its memory) in front of the stateful sandbox legacy API. Two instances sharing Redis:
// bff/session/sessions-instances.test.ts. Every answer is checked against the contract.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { sessionCookieOf } from '../../test-support/bff-session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSandboxBff } from '../../test-support/sandbox-bff.ts';

const COACH = SEED_COACHES.demo;
const NEW_PASSWORD = 'Fynbos-Table-77';

let bff: SandboxBff;
// Sign-in is limited per address: these tests sign the same coach in many times.
beforeAll(async () => {
  bff = await startSandboxBff({ assessments: 5, env: { RATE_LIMIT_STRICT_MAX: '1000' } });
});
afterAll(() => bff?.close());
beforeEach(() => {
  const coach = bff.store.coaches.get(COACH.uuid);
  if (coach) coach.password = DEMO_PASSWORD;
});

const call = (session: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectChecked(bff.server, { method, url, headers: CSRF, cookies: { [SESSION_COOKIE]: session }, ...(payload && { payload }) });
const alive = async (session: string) => (await call(session, 'GET', '/api/session')).statusCode === 200;

describe('where the account is signed in (one instance)', () => {
  it('lists the sessions of the address, this one first; an impersonation is marked as such', async () => {
    const own = await bff.signIn();
    const admin = await bff.impersonate();
    const answer = await call(own, 'GET', '/api/profile/sessions');
    expect(answer.statusCode).toBe(200);
    const { items } = answer.json();
    expect(items[0]).toMatchObject({ current: true, impersonation: false, browser: 'Unknown browser', network: '127.0.0.0/24' });
    expect(items).toContainEqual(expect.objectContaining({ current: false, impersonation: true }));
    await call(admin, 'POST', '/api/profile/sessions/sign-outs');
  });

  it('signs out the others (an impersonation too) and keeps this one', async () => {
    const here = await bff.signIn();
    const others = [await bff.signIn(), await bff.impersonate()];
    const answer = await call(here, 'POST', '/api/profile/sessions/sign-outs');
    expect(answer.json().items).toHaveLength(1);
    for (const other of others) expect(await alive(other)).toBe(false);
    expect(await alive(here)).toBe(true);
  });

  it('ends the other sessions on a password change and renews this one', async () => {
    const changing = await bff.signIn();
    const other = await bff.signIn();
    const changed = await call(changing, 'PATCH', '/api/profile', {
      password: { current: DEMO_PASSWORD, new: NEW_PASSWORD, confirm: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = sessionCookieOf(changed);
    expect(renewed).not.toBe('');
    expect(await alive(other)).toBe(false);
    expect(await alive(changing)).toBe(false);
    expect(await alive(renewed)).toBe(true);
  });

  it('ends every session of the address on a reset that names it', async () => {
    const sessions = [await bff.signIn(), await bff.signIn()];
    await injectChecked(bff.server, { method: 'POST', url: '/api/password/forgot', headers: CSRF, payload: { email: COACH.email } });
    const code = [...bff.store.resetCodes.values()].findLast((reset) => reset.email === COACH.email)?.code ?? '';
    const answer = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/password/reset',
      headers: CSRF,
      payload: { code, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, email: COACH.email },
    });
    expect(answer.statusCode).toBe(200);
    for (const session of sessions) expect(await alive(session)).toBe(false);
  });
});
