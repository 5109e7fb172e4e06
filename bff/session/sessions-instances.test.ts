// Two BFF instances sharing one real redis-server in front of the sandbox legacy API: a password change or reset
// through one instance ends the account's sessions on both, the changing browser goes on under a new cookie, and
// "Sign out of all other sessions" ends the others wherever they were started.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../sandbox/seed/accounts.ts';
import { seedStore } from '../../sandbox/seed/seed.ts';
import type { Store } from '../../sandbox/state/store.ts';
import { buildServer } from '../app.ts';
import { SESSION_COOKIE } from '../plugins/app/session.ts';
import { CSRF, sessionCookieOf } from '../test-support/bff-session.ts';
import { injectChecked } from '../test-support/contract.ts';
import { type RunningRedis, startRedis } from '../test-support/redis-server.ts';
import { testConfig } from '../test-support/test-server.ts';

const COACH = SEED_COACHES.levelOne;
const NEW_PASSWORD = 'Fynbos-Table-77';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let redis: RunningRedis;
let sandbox: FastifyInstance;
let store: Store;
let one: FastifyInstance;
let two: FastifyInstance;

beforeAll(async () => {
  redis = await startRedis();
  store = seedStore({ now: Date.now(), assessments: 5 });
  sandbox = await buildSandbox({ store });
  const legacyUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  // Sign-in is limited per address: these tests sign the same coach in many times.
  const env = { LEGACY_API_URL: legacyUrl, REDIS_URL: redis.url, RATE_LIMIT_STRICT_MAX: '1000', TRUST_PROXY: '127.0.0.1' };
  one = buildServer(testConfig(env));
  two = buildServer(testConfig(env));
  await Promise.all([one.ready(), two.ready()]);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await sandbox?.close();
  await redis?.stop();
});
beforeEach(() => {
  for (const account of [store.coaches.get(COACH.uuid), store.assistants.get(SEED_ASSISTANT.uuid)]) {
    if (account) account.password = DEMO_PASSWORD;
  }
});

const call = (server: FastifyInstance, session: string, options: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }) =>
  injectChecked(server, { ...options, headers: CSRF, cookies: { [SESSION_COOKIE]: session } });
const getSession = (server: FastifyInstance, session: string) => call(server, session, { method: 'GET', url: '/api/session' });
const listSessions = (server: FastifyInstance, session: string) => call(server, session, { method: 'GET', url: '/api/profile/sessions' });

async function signIn(server: FastifyInstance, email: string = COACH.email, { agent = CHROME_ON_WINDOWS, from = '198.51.100.23' } = {}) {
  const response = await injectChecked(server, {
    method: 'POST',
    url: '/api/session',
    headers: { ...CSRF, 'user-agent': agent, 'x-forwarded-for': from },
    payload: { email, password: DEMO_PASSWORD },
  });
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.body}`);
  return cookie;
}

const changePassword = (server: FastifyInstance, session: string) =>
  call(server, session, {
    method: 'PATCH',
    url: '/api/profile',
    payload: { password: { current: DEMO_PASSWORD, new: NEW_PASSWORD, confirm: NEW_PASSWORD } },
  });

describe('sessions of one account on two BFF instances sharing Redis', () => {
  it("lists where the account is signed in, on either instance, this one first and marked; not an assistant's", async () => {
    const here = await signIn(one);
    const phone = await signIn(two, COACH.email, { agent: SAFARI_ON_IOS, from: '2001:db8:abcd:12::1' });
    // The seeded assistant works for the demo coach: a sign-in of another account is never in this list.
    await signIn(two, SEED_ASSISTANT.email);
    const listed = await listSessions(two, phone);
    expect(listed.statusCode).toBe(200);
    const items = listed.json().items as Array<Record<string, unknown>>;
    expect(items[0]).toMatchObject({ current: true, impersonation: false, browser: 'Safari on iOS', network: '2001:db8:abcd::/48' });
    expect(items).toContainEqual(expect.objectContaining({ current: false, browser: 'Chrome on Windows', network: '198.51.100.0/24' }));
    expect(items.filter((item) => item.current)).toHaveLength(1);
    await call(one, here, { method: 'POST', url: '/api/profile/sessions/sign-outs' });
  });

  it('ends the other sessions on a password change, on both instances, and gives the changing one a new cookie', async () => {
    const changing = await signIn(one);
    const elsewhere = await signIn(two);
    const sameInstance = await signIn(one);
    const assistant = await signIn(two, SEED_ASSISTANT.email);
    expect((await getSession(two, elsewhere)).statusCode).toBe(200);

    const changed = await changePassword(one, changing);
    expect(changed.statusCode).toBe(200);
    const renewed = sessionCookieOf(changed);
    expect(renewed).not.toBe('');
    expect(renewed).not.toBe(changing);

    for (const [server, session] of [
      [two, elsewhere],
      [one, sameInstance],
      [two, changing],
    ] as const) {
      const answer = await getSession(server, session);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('session_ended');
    }
    // The changing browser goes on with its new cookie, on either instance; another account's session too.
    expect((await getSession(one, renewed)).statusCode).toBe(200);
    expect((await getSession(two, renewed)).statusCode).toBe(200);
    expect((await getSession(two, assistant)).statusCode).toBe(200);
    const items = (await listSessions(two, renewed)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0].current).toBe(true);
  });

  it("ends only the assistant's other sessions when an assistant changes the assistant's password", async () => {
    const coach = await signIn(one, SEED_COACHES.demo.email);
    const assistantHere = await signIn(one, SEED_ASSISTANT.email);
    const assistantThere = await signIn(two, SEED_ASSISTANT.email);
    const changed = await changePassword(two, assistantHere);
    expect(changed.statusCode).toBe(200);
    expect((await getSession(one, assistantThere)).statusCode).toBe(401);
    expect((await getSession(one, sessionCookieOf(changed))).statusCode).toBe(200);
    expect((await getSession(two, coach)).statusCode).toBe(200);
  });

  it('keeps every session when the password change is refused', async () => {
    const changing = await signIn(one);
    const elsewhere = await signIn(two);
    const refused = await call(one, changing, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { password: { current: 'not-the-password', new: NEW_PASSWORD, confirm: NEW_PASSWORD } },
    });
    expect(refused.json().code).toBe('current_password_incorrect');
    expect(sessionCookieOf(refused)).toBe('');
    expect((await getSession(two, elsewhere)).statusCode).toBe(200);
    expect((await getSession(one, changing)).statusCode).toBe(200);
  });

  it('signs out of all other sessions on both instances; this one goes on with its cookie', async () => {
    const here = await signIn(two);
    const others = [await signIn(one), await signIn(two)];
    const answer = await call(two, here, { method: 'POST', url: '/api/profile/sessions/sign-outs' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().items).toEqual([expect.objectContaining({ current: true })]);
    expect(sessionCookieOf(answer)).toBe('');
    for (const other of others) expect((await getSession(one, other)).statusCode).toBe(401);
    expect((await getSession(one, here)).statusCode).toBe(200);
  });

  it('refuses to sign out the others without the CSRF header', async () => {
    const here = await signIn(one);
    const other = await signIn(two);
    const refused = await injectChecked(one, {
      method: 'POST',
      url: '/api/profile/sessions/sign-outs',
      cookies: { [SESSION_COOKIE]: here },
    });
    expect(refused.statusCode).toBe(403);
    expect((await getSession(two, other)).statusCode).toBe(200);
  });

  describe('a reset by e-mail', () => {
    async function resetCode(server: FastifyInstance, email: string): Promise<string> {
      const sent = await injectChecked(server, { method: 'POST', url: '/api/password/forgot', headers: CSRF, payload: { email } });
      expect(sent.statusCode).toBe(202);
      const code = [...store.resetCodes.values()].findLast((reset) => reset.email === email)?.code;
      if (!code) throw new Error(`no reset code for ${email}`);
      return code;
    }
    const reset = (server: FastifyInstance, payload: object) =>
      injectChecked(server, { method: 'POST', url: '/api/password/reset', headers: CSRF, payload });

    it('ends every session of the account on both instances', async () => {
      const sessions = [await signIn(one), await signIn(two)];
      const other = await signIn(one, SEED_COACHES.demo.email);
      const code = await resetCode(two, COACH.email);
      const answer = await reset(two, { code, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, email: COACH.email.toUpperCase() });
      expect(answer.statusCode).toBe(200);
      for (const session of sessions) {
        expect((await getSession(one, session)).statusCode).toBe(401);
        expect((await getSession(two, session)).statusCode).toBe(401);
      }
      expect((await getSession(one, other)).statusCode).toBe(200);
      expect(store.coaches.get(COACH.uuid)?.password).toBe(NEW_PASSWORD);
    });

    it("ends no one's sessions for an address that does not sign in with the new password", async () => {
      const victim = await signIn(one, SEED_COACHES.demo.email);
      const mine = await signIn(two);
      const code = await resetCode(one, COACH.email);
      const answer = await reset(one, {
        code,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        email: SEED_COACHES.demo.email,
      });
      expect(answer.statusCode).toBe(200);
      expect((await getSession(two, victim)).statusCode).toBe(200);
      // Nor the account's own: the address named is not the code's.
      expect((await getSession(one, mine)).statusCode).toBe(200);
    });
  });
});
