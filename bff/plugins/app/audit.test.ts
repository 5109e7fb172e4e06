// The audit line of coach actions: one per state-changing call that needs a session, with the counts of a batch
// that ran, the selection of one refused before running, and none for reads or public calls.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../../sandbox/app.ts';
import { DEMO_PASSWORD, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { seedStore } from '../../../sandbox/seed/seed.ts';
import { buildServer } from '../../app.ts';
import { type CapturedLogs, captureLogs, testConfig } from '../../test-support/test-server.ts';
import { SESSION_COOKIE } from './session.ts';

const CSRF = { 'x-csrf': '1', origin: 'http://localhost:3000' };

describe('audit lines', () => {
  let sandbox: FastifyInstance;
  let server: FastifyInstance;
  let logs: CapturedLogs;
  let cookies: Record<string, string>;
  let rows: Array<{ id: string; receivedFromAnotherCoach: boolean }>;

  beforeAll(async () => {
    sandbox = await buildSandbox({ store: seedStore({ now: Date.now(), assessments: 12 }) });
    const sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    logs = captureLogs('info');
    server = buildServer(testConfig({ LEGACY_API_URL: sandboxUrl }), { logger: logs.logger });
    await server.ready();
    const signedIn = await server.inject({
      method: 'POST',
      url: '/api/session',
      headers: CSRF,
      payload: { email: SEED_COACHES.demo.email, password: DEMO_PASSWORD },
    });
    cookies = { [SESSION_COOKIE]: signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '' };
    rows = (await server.inject({ url: '/api/assessments?pageSize=100', cookies })).json().items;
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  const audits = () => logs.lines().filter((line) => line.msg === 'coach action');

  it('writes none for sign-in and reads', () => {
    expect(audits()).toEqual([]);
  });

  it('counts a batch refused before it ran as its whole selection failed', async () => {
    const own = rows.find((row) => !row.receivedFromAnotherCoach);
    const received = rows.find((row) => row.receivedFromAnotherCoach);
    expect(own && received).toBeTruthy();
    const refused = await server.inject({
      method: 'POST',
      url: '/api/assessments/deletions',
      headers: CSRF,
      cookies,
      payload: { ids: [own?.id, received?.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(audits().at(-1)).toMatchObject({
      requestId: expect.any(String),
      audit: { operation: 'deleteAssessments', coachId: SEED_COACHES.demo.uuid, statusCode: 400, requested: 2, succeeded: 0, failed: 2 },
    });
    expect(audits().at(-1)?.audit).not.toHaveProperty('notAttempted');
  });

  it('counts a batch done as a whole by one legacy call (Add To Team) as its selection succeeded', async () => {
    const teams = (await server.inject({ url: '/api/teams', cookies })).json().items as Array<{
      id: string;
      reportState: string;
      isReceived: boolean;
    }>;
    const team = teams.find((entry) => entry.reportState === 'notRequested' && !entry.isReceived);
    const ids = rows
      .filter((row) => !row.receivedFromAnotherCoach)
      .slice(-2)
      .map((row) => row.id);
    const added = await server.inject({ method: 'POST', url: `/api/teams/${team?.id}/members`, headers: CSRF, cookies, payload: { ids } });
    expect(added.statusCode).toBe(200);
    expect(audits().at(-1)?.audit).toMatchObject({ operation: 'addTeamMembers', statusCode: 200, requested: 2, succeeded: 2, failed: 0 });
  });

  it('counts a batch that ran from its result', async () => {
    const ids = rows
      .filter((row) => !row.receivedFromAnotherCoach)
      .slice(0, 3)
      .map((row) => row.id);
    const done = await server.inject({ method: 'POST', url: '/api/assessments/deletions', headers: CSRF, cookies, payload: { ids } });
    expect(done.statusCode).toBe(200);
    expect(audits().at(-1)?.audit).toEqual({
      operation: 'deleteAssessments',
      coachId: SEED_COACHES.demo.uuid,
      statusCode: 200,
      requested: 3,
      succeeded: 3,
      failed: 0,
      notAttempted: 0,
    });
  });
});
