// getUpdates against the stateful sandbox legacy API, on a clock the test moves: the first call records the coach's
// baseline and tells nothing; an assessment completed (the sandbox's completion control) is told once, with its text
// and link, to every session of the coach, after the interval and never before it; the version moves and the
// assessments table shows the fresh copy without reading the legacy list again; reports ready, a team report and a
// pair report are told too; an assistant and a mini-only coach read nothing and are told nothing.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { buildSandbox } from '../../../sandbox/app.ts';
import { COMPLETIONS_PATH } from '../../../sandbox/controls/completions.ts';
import { legacyDateTime } from '../../../sandbox/domain/dates.ts';
import { DEMO_PASSWORD, SEED_ASSISTANT, SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { seedStore } from '../../../sandbox/seed/seed.ts';
import { ownAssessments, type Store } from '../../../sandbox/state/store.ts';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { signInToBff } from '../../test-support/bff-session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { testConfig } from '../../test-support/test-server.ts';

type Updates = components['schemas']['Updates'];
const DEMO = SEED_COACHES.demo;
const INTERVAL_MS = 120_000;

let sandbox: FastifyInstance;
let store: Store;
let server: FastifyInstance;
let now: number;
/** The legacy reads the sandbox answered, by method, path and `mode` (the received list is a tokensX of its own). */
let reads: Map<string, number>;
const TOKENS = `GET /api/v2/coaches/${DEMO.uuid}/tokensX`;
const TEAMS = `GET /api/v2/coaches/${DEMO.uuid}/teams`;
const COUPLES = `GET /api/v2/coaches/${DEMO.uuid}/couples`;

beforeEach(async () => {
  store = seedStore({ now: Date.now(), assessments: 120 });
  sandbox = await buildSandbox({ store });
  reads = new Map();
  sandbox.addHook('onRequest', async (request) => {
    const url = new URL(request.url, 'http://sandbox');
    const mode = url.searchParams.get('mode');
    const key = `${request.method} ${url.pathname}${mode ? `?mode=${mode}` : ''}`;
    reads.set(key, (reads.get(key) ?? 0) + 1);
  });
  const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  now = Date.now();
  server = buildServer(testConfig({ LEGACY_API_URL: url, METRICS_PORT: '0' }), { now: () => now });
  await server.ready();
});
afterEach(async () => {
  await server?.close();
  await sandbox?.close();
});

const signIn = (email: string = DEMO.email) => signInToBff(server, email, DEMO_PASSWORD);
async function updates(session: string, after?: string): Promise<Updates> {
  const response = await injectChecked(server, {
    method: 'GET',
    url: '/api/updates',
    query: after === undefined ? {} : { after },
    cookies: { [SESSION_COOKIE]: session },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Updates>();
}
const complete = async (assessmentId: string) => {
  const response = await sandbox.inject({ method: 'POST', url: COMPLETIONS_PATH, payload: { assessmentId } });
  expect(response.statusCode).toBe(204);
};
/** An own, unwrapped, invited assessment of this type the client has not completed yet. */
function incomplete(type: 'ennea' | 'EIT' | 'full') {
  const found = ownAssessments(store, DEMO.uuid).find(
    (a) => a.assessmentType === type && a.guestCompletedAt === null && a.coachWrappedUp === 0 && a.userInvite === 1,
  );
  if (!found) throw new Error(`the seed has no incomplete ${type}`);
  const client = store.clients.get(found.clientUUID);
  return { assessment: found, name: `${client?.name} ${client?.surname}` };
}

describe('getUpdates (sandbox)', () => {
  it('tells a completion once to every session of the coach, after the interval, and the table shows it without another read', async () => {
    const [first, second] = [await signIn(), await signIn()];
    const start = await updates(first);
    expect(start).toEqual({ version: '0', cursor: '0-0', intervalSeconds: 120, changes: [] });
    const secondStart = await updates(second);
    expect(secondStart.changes).toEqual([]);
    expect(reads.get(TOKENS)).toBe(1);

    const { assessment, name } = incomplete('ennea');
    await complete(assessment.uuid);
    // Within the interval: no read, nothing told.
    now += INTERVAL_MS - 1;
    expect(await updates(first, start.cursor)).toEqual(start);
    expect(reads.get(TOKENS)).toBe(1);

    now += 1;
    const found = await updates(first, start.cursor);
    expect(found.changes).toEqual([
      {
        id: found.cursor,
        kind: 'assessmentCompleted',
        text: `${name} completed the Enneagram`,
        link: `/clighent/${assessment.clientUUID}`,
        at: new Date(now).toISOString(),
        assessmentId: assessment.uuid,
      },
    ]);
    expect(found.version).not.toBe(start.version);
    expect(reads.get(TOKENS)).toBe(2);
    expect(reads.get(TEAMS)).toBe(2);
    expect(reads.get(COUPLES)).toBe(2);

    // The other session: the same change (the same id), once; then nothing new for either.
    const other = await updates(second, secondStart.cursor);
    expect(other).toEqual(found);
    expect((await updates(second, other.cursor)).changes).toEqual([]);
    expect((await updates(first, found.cursor)).changes).toEqual([]);
    // A session that starts now is told nothing old.
    expect(await updates(await signIn())).toMatchObject({ cursor: found.cursor, changes: [] });

    const table = await injectChecked(server, {
      method: 'GET',
      url: '/api/assessments',
      query: { q: store.clients.get(assessment.clientUUID)?.email ?? '' },
      cookies: { [SESSION_COOKIE]: first },
    });
    expect(table.statusCode).toBe(200);
    const row = (table.json() as { items: { id: string; completedAt?: string; markingState: string }[] }).items.find(
      (item) => item.id === assessment.uuid,
    );
    expect(row).toMatchObject({ completedAt: expect.any(String), markingState: 'autoMarked' });
    expect(reads.get(TOKENS)).toBe(2);

    // What operators see: 8 calls, 2 of them read the legacy lists; one change recorded.
    const metrics = await (await fetch(server.metrics?.url() ?? '')).text();
    expect(metrics).toContain('bff_updates_refreshes_total{outcome="read"} 2');
    expect(metrics).toContain('bff_updates_refreshes_total{outcome="shared"} 6');
    expect(metrics).toContain('bff_updates_refreshes_total{outcome="failed"} 0');
    expect(metrics).toContain('bff_updates_changes_total{kind="assessmentCompleted"} 1');
  });

  it('tells a Maturity completed, then its reports ready once marked; a team report and a pair report arrived', async () => {
    const session = await signIn();
    let cursor = (await updates(session)).cursor;
    const { assessment, name } = incomplete('EIT');
    await complete(assessment.uuid);
    now += INTERVAL_MS;
    let answer = await updates(session, cursor);
    expect(answer.changes.map(({ kind, text }) => ({ kind, text }))).toEqual([
      { kind: 'assessmentCompleted', text: `${name} completed the Maturity` },
    ]);
    cursor = answer.cursor;

    // The marking done (the legacy API's), a requested team report and a pair report supplied.
    Object.assign(assessment, { marked: 1, finalTPR: 4 });
    const team = [...store.teams.values()].find(
      (t) => t.coachUuid === DEMO.uuid && t.reportRequested !== null && t.reportSuppliedAt === null,
    );
    const couple = [...store.couples.values()].find((c) => c.coachUuid === DEMO.uuid && c.reportSuppliedAt === null);
    if (!team || !couple) throw new Error('the seed has no team or pair waiting for its report');
    team.reportSuppliedAt = legacyDateTime(new Date());
    couple.reportSuppliedAt = legacyDateTime(new Date());
    now += INTERVAL_MS;
    answer = await updates(session, cursor);
    expect(answer.changes).toEqual([
      expect.objectContaining({
        kind: 'reportsReady',
        text: `The Maturity reports for ${name} are ready to send`,
        assessmentId: assessment.uuid,
      }),
      expect.objectContaining({
        kind: 'teamReportAvailable',
        text: `The team report for ${team.name} is available`,
        link: `/team?id=${team.uuid}`,
        teamId: team.uuid,
      }),
      expect.objectContaining({ kind: 'pairReportAvailable', link: '/pairs', pairId: couple.uuid }),
    ]);
    expect(answer.changes[2]?.text).toMatch(/^The pair report for .+ is available$/);
    now += INTERVAL_MS;
    expect((await updates(session, answer.cursor)).changes).toEqual([]);
  });

  it('tells nothing of a change that is not news, but moves the version so the screens show it', async () => {
    const session = await signIn();
    const start = await updates(session);
    now += INTERVAL_MS;
    expect(await updates(session, start.cursor)).toEqual(start);

    // Edited in the legacy portal: nothing to tell, something to show.
    const { assessment } = incomplete('ennea');
    assessment.userCoach = 'Renamed in the legacy portal';
    now += INTERVAL_MS;
    const answer = await updates(session, start.cursor);
    expect(answer.changes).toEqual([]);
    expect(answer.version).not.toBe(start.version);
    const readsBefore = reads.get(TOKENS);
    const table = await injectChecked(server, {
      method: 'GET',
      url: '/api/assessments',
      query: { q: 'Renamed in the legacy portal' },
      cookies: { [SESSION_COOKIE]: session },
    });
    expect((table.json() as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([assessment.uuid]);
    expect(reads.get(TOKENS)).toBe(readsBefore);
  });

  it('reads nothing for an assistant or a mini-only coach and tells them nothing', async () => {
    const coach = await signIn();
    const coachStart = await updates(coach);
    await complete(incomplete('ennea').assessment.uuid);
    now += INTERVAL_MS;
    const assistant = await signIn(SEED_ASSISTANT.email);
    const readsBefore = reads.get(TOKENS);
    const assisted = await updates(assistant, coachStart.cursor);
    expect(assisted.changes).toEqual([]);
    expect(reads.get(TOKENS)).toBe(readsBefore);
    // The coach's own call reads and is told.
    expect((await updates(coach, coachStart.cursor)).changes).toHaveLength(1);
    expect((await updates(assistant, coachStart.cursor)).changes).toEqual([]);

    const mini = await signIn(SEED_COACHES.miniOnly.email);
    expect(await updates(mini)).toEqual({ version: '0', cursor: '0-0', intervalSeconds: 120, changes: [] });
    expect(reads.get(TOKENS)).toBe((readsBefore ?? 0) + 1);
  });
});
