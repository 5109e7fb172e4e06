// listMessages and acknowledgeMessages against the stateful sandbox legacy API: the demo coach's seeded
// messages newest first with their 'new' badges, marked read once acknowledged; an administrator
// impersonating the coach reads them but never marks them read. Every answer is checked against the contract.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../../sandbox/app.ts';
import { IMPERSONATE_PATH } from '../../../sandbox/controls/impersonate.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { seedStore } from '../../../sandbox/seed/seed.ts';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { testConfig } from '../../test-support/test-server.ts';

const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };
const DEMO = SEED_COACHES.demo;

let sandbox: FastifyInstance;
let server: FastifyInstance;

beforeEach(async () => {
  sandbox = await buildSandbox({ store: seedStore({ now: Date.now(), assessments: 10 }) });
  const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  server = buildServer(testConfig({ LEGACY_API_URL: url }));
  await server.ready();
});
afterEach(async () => {
  await server?.close();
  await sandbox?.close();
});

const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';

async function signIn(): Promise<string> {
  const response = await injectChecked(server, {
    method: 'POST',
    url: '/api/session',
    headers: CSRF,
    payload: { email: DEMO.email, password: DEMO_PASSWORD },
  });
  return cookieOf(response);
}

/** The admin tool's legacy session for the demo coach, then the portal's session check around it. */
async function impersonate(): Promise<string> {
  const legacy = await sandbox.inject({ method: 'POST', url: IMPERSONATE_PATH, payload: { coachEmail: DEMO.email } });
  const legacyCookie = legacy.cookies.find((c) => c.name === 'portal_session');
  if (!legacyCookie) throw new Error(`impersonation failed: ${legacy.body}`);
  const response = await injectChecked(server, {
    method: 'POST',
    url: '/api/session/impersonation',
    headers: { ...CSRF, cookie: `portal_session=${legacyCookie.value}` },
  });
  expect(response.json().roles.impersonator).toBe(true);
  return cookieOf(response);
}

const list = (session: string) => injectChecked(server, { method: 'GET', url: '/api/messages', cookies: { [SESSION_COOKIE]: session } });
const acknowledge = (session: string) =>
  injectChecked(server, { method: 'POST', url: '/api/messages/acknowledgements', headers: CSRF, cookies: { [SESSION_COOKIE]: session } });

describe('GET /api/messages (listMessages)', () => {
  it("lists the coach's messages newest first, with RFC 3339 times and the 'new' badges counted", async () => {
    const response = await list(await signIn());
    expect(response.statusCode).toBe(200);
    const { items, newCount } = response.json() as { items: { subject: string; updatedAt: string; isNew: boolean }[]; newCount: number };
    expect(items.map((item) => item.subject)).toEqual([
      'Planned maintenance on Saturday',
      'Team reports now offered as PowerPoint',
      'Welcome to the new coach portal',
    ]);
    expect(items.map((item) => item.isNew)).toEqual([true, true, false]);
    expect(newCount).toBe(2);
    for (const item of items) expect(Date.parse(item.updatedAt)).not.toBeNaN();
    const times = items.map((item) => Date.parse(item.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 401 session_ended without a session', async () => {
    const response = await injectChecked(server, { method: 'GET', url: '/api/messages' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_ended');
  });
});

describe('POST /api/messages/acknowledgements (acknowledgeMessages)', () => {
  it("marks the coach's messages read", async () => {
    const session = await signIn();
    const response = await acknowledge(session);
    expect(response.json()).toEqual({ acknowledged: true });
    const after = (await list(session)).json() as { items: { isNew: boolean }[]; newCount: number };
    expect(after.newCount).toBe(0);
    expect(after.items.every((item) => !item.isNew)).toBe(true);
  });

  it('never marks them read for an administrator impersonating the coach (spec coach-shell §4)', async () => {
    const session = await impersonate();
    expect((await acknowledge(session)).json()).toEqual({ acknowledged: false });
    expect((await list(session)).json().newCount).toBe(2);
    // The coach still sees them as new.
    expect((await list(await signIn())).json().newCount).toBe(2);
  });

  it('is refused without the CSRF header', async () => {
    const session = await signIn();
    const response = await injectChecked(server, {
      method: 'POST',
      url: '/api/messages/acknowledgements',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('csrf_required');
    expect((await list(session)).json().newCount).toBe(2);
  });
});
