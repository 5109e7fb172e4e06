// getUpdates against a legacy stand-in that answers what each test tells it, on a clock the test moves: the exact
// legacy calls (the coach record and the own list of the assessments copy, the teams, the pairs; none within the
// interval), and the failures: a 5xx or an unusable answer is 502, a timeout 504, a 403 ends the session (401).
// A failed read keeps nothing and gives the interval back: the next call reads again, and still finds the change.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { COACH_PATH, forbidden, signInBff, slow, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { type Answer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { completedLegacyAssessment, legacyAssessment } from '../../test-support/legacy-assessments.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { testConfig } from '../../test-support/test-server.ts';

const TEAMS_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/teams`;
const COUPLES_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/couples`;
const INTERVAL_MS = 120_000;
const ok = (json: unknown): Answer => ({ status: 200, json });

let upstream: FaultUpstream;
let server: FastifyInstance;
let session: string;
let now: number;

async function start(): Promise<void> {
  upstream = await startFaultUpstream();
  now = Date.parse('2026-11-27T02:00:00Z');
  server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '500' }), { now: () => now });
  await server.ready();
  session = await signInBff(server, upstream, LEGACY_COACH);
  upstream.answer(COACH_PATH, ok(LEGACY_COACH));
}
afterEach(async () => {
  await server?.close();
  await upstream?.close();
});

const calls = (route: string) => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);
const updates = (after?: string) =>
  injectChecked(server, {
    method: 'GET',
    url: '/api/updates',
    query: after === undefined ? {} : { after },
    cookies: { [SESSION_COOKIE]: session },
  });
/** The lists as the legacy API answers them: the first assessment incomplete, or completed. */
function lists({ completed = false } = {}): void {
  upstream.answer(
    TOKENS_PATH,
    ok([completed ? completedLegacyAssessment(1) : legacyAssessment(1, { userInvite: 1 }), completedLegacyAssessment(2)]),
  );
  upstream.answer(TEAMS_PATH, ok([]));
  upstream.answer(COUPLES_PATH, ok([]));
}

describe('getUpdates (faults)', () => {
  it('reads the coach record, the own list, the teams and the pairs once per interval, with the session cookie', async () => {
    await start();
    lists();
    const coachCalls = calls(COACH_PATH).length;
    expect((await updates()).statusCode).toBe(200);
    for (const route of [TOKENS_PATH, TEAMS_PATH, COUPLES_PATH]) {
      expect(calls(route)).toHaveLength(1);
      expect(calls(route)[0]?.headers.cookie).toBe('portal_session=s%3Alegacy-1');
    }
    expect(calls(TOKENS_PATH)[0]?.url).not.toContain('mode=');
    expect(calls(COACH_PATH)).toHaveLength(coachCalls + 1);
    now += INTERVAL_MS - 1;
    expect((await updates()).statusCode).toBe(200);
    expect(upstream.received.filter((r) => r.url.includes('/tokensX'))).toHaveLength(1);
  });

  it.each([
    ['a 5xx', 502, 'upstream_error', { status: 500, json: { error: { info: 'down' } } } satisfies Answer],
    ['an answer that is not a list', 502, 'upstream_error', ok({ teams: [] })],
    ['a timeout', 504, 'upstream_timeout', slow],
    ['a 403', 401, 'session_ended', forbidden],
  ] as const)(
    'answers %s of the teams %i %s, keeps nothing, and the next call reads again and finds the change',
    async (_name, status, code, answer) => {
      await start();
      lists();
      const first = await updates();
      expect(first.statusCode).toBe(200);
      now += INTERVAL_MS;
      lists({ completed: true });
      upstream.answer(TEAMS_PATH, answer);
      const failed = await updates(first.json().cursor);
      expect(failed.statusCode).toBe(status);
      expect(failed.json().code).toBe(code);
      expect(calls(TEAMS_PATH)).toHaveLength(2);

      if (status === 401) session = await signInBff(server, upstream, LEGACY_COACH);
      upstream.answer(COACH_PATH, ok(LEGACY_COACH));
      upstream.answer(TEAMS_PATH, ok([]));
      // Within the same interval: the failed read gave it back.
      const retried = await updates(first.json().cursor);
      expect(retried.statusCode).toBe(200);
      expect(calls(TEAMS_PATH)).toHaveLength(3);
      expect(retried.json().changes).toEqual([
        expect.objectContaining({
          kind: 'assessmentCompleted',
          text: 'Client1 Person1 completed the Enneagram',
          assessmentId: completedLegacyAssessment(1).uuid,
        }),
      ]);
    },
  );

  it('answers a 5xx of the own list 502 and reads again at the next call', async () => {
    await start();
    lists();
    upstream.answer(TOKENS_PATH, { status: 503, json: { error: { info: 'down' } } });
    const failed = await updates();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('upstream_error');
    lists();
    const retried = await updates();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ version: '0', cursor: '0-0', changes: [] });
    expect(calls(TOKENS_PATH)).toHaveLength(2);
  });

  it('answers a cursor it never gave as a first call: no changes, the cursor to start from', async () => {
    await start();
    lists();
    const answer = await updates('not-a-cursor');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ cursor: '0-0', changes: [] });
    const refused = await updates('../etc');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('validation_failed');
  });
});
