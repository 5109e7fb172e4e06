// getUpdates against a legacy stand-in that answers what each test tells it, on a clock the test moves: the exact
// legacy calls (the coach record and the own list of the assessments copy, the teams, the pairs; none within the
// interval), and the failures: a 5xx or an unusable answer is 502, a timeout 504, a 403 ends the session (401).
// A failed read keeps nothing and keeps the interval (the back-off while the legacy API fails): every other call of
// the interval, on any instance, answers what the log holds without a legacy call; the first call after it reads
// again, and still finds the change.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { buildServer } from '../../app.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { COACH_PATH, forbidden, signInBff, slow, TOKENS_PATH } from '../../test-support/fault-bff.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { completedLegacyAssessment, legacyAssessment } from '../../test-support/legacy-assessments.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { redisServerForTests } from '../../test-support/test-redis.ts';
import { testConfig } from '../../test-support/test-server.ts';
import { FUTURE_CURSOR } from './updates-service.ts';

type Updates = components['schemas']['Updates'];

const TEAMS_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/teams`;
const COUPLES_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/couples`;
const INTERVAL_MS = 120_000;
const ok = (json: unknown): CannedAnswer => ({ status: 200, json });

const redis = redisServerForTests();
let upstream: FaultUpstream;
let server: FastifyInstance;
let session: string;
let now: number;
/** More instances of a test (on Redis), closed after it. */
const others: FastifyInstance[] = [];

async function start(env: Record<string, string> = {}): Promise<void> {
  upstream = await startFaultUpstream();
  now = Date.parse('2026-11-27T02:00:00Z');
  server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '500', ...env }), { now: () => now });
  await server.ready();
  session = await signInBff(server, upstream, LEGACY_COACH);
  upstream.answer(COACH_PATH, ok(LEGACY_COACH));
}
afterEach(async () => {
  await Promise.all(others.splice(0).map((other) => other.close()));
  await server?.close();
  await upstream?.close();
});

const calls = (route: string) => upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);
const updates = (after?: string, on: FastifyInstance = server) =>
  injectChecked(on, {
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
    ['a 5xx', 502, 'upstream_error', { status: 500, json: { error: { info: 'down' } } } satisfies CannedAnswer],
    ['an answer that is not a list', 502, 'upstream_error', ok({ teams: [] })],
    ['a timeout', 504, 'upstream_timeout', slow],
    ['a 403', 401, 'session_ended', forbidden],
  ] as const)(
    'answers %s of the teams %i %s, keeps nothing, and the first call after the interval reads again and finds the change',
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
      // Within the same interval: the failed read kept it, and the call answers what the log holds.
      now += INTERVAL_MS - 1;
      const held = await updates(first.json().cursor);
      expect(held.statusCode).toBe(200);
      expect(held.json().changes).toEqual([]);
      expect(calls(TEAMS_PATH)).toHaveLength(2);

      now += 1;
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

  it('answers a 5xx of the own list 502 and reads again at the first call after the interval', async () => {
    await start();
    lists();
    upstream.answer(TOKENS_PATH, { status: 503, json: { error: { info: 'down' } } });
    const failed = await updates();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('upstream_error');
    lists();
    now += INTERVAL_MS;
    const retried = await updates();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ version: '0', cursor: '0-0', changes: [] });
    expect(calls(TOKENS_PATH)).toHaveLength(2);
  });

  it('reads the lists once per interval while the legacy API fails, however many calls come', async () => {
    await start({ METRICS_PORT: '0' });
    lists();
    const first = await updates();
    expect(first.statusCode).toBe(200);
    upstream.answer(TOKENS_PATH, { status: 500, json: { error: { info: 'down' } } });
    for (let interval = 1; interval <= 3; interval++) {
      now += INTERVAL_MS;
      // 40 calls of the interval, one after another (tabs asking in turn, a second apart): one legacy read, its caller
      // told the failure, the others what the log holds.
      const answers = [];
      for (let call = 0; call < 40; call++) {
        answers.push(await updates(first.json().cursor));
        now += 1000;
      }
      expect(answers.map((a) => a.statusCode)).toEqual([502, ...Array(39).fill(200)]);
      expect(answers.slice(1).map((a) => a.json<Updates>().changes)).toEqual(Array(39).fill([]));
      expect(calls(TOKENS_PATH)).toHaveLength(1 + interval);
      // Until the interval ends, nothing more: the back-off is measured from the failed read's claim.
      now += INTERVAL_MS - 40_000 - 1;
      expect((await updates(first.json().cursor)).statusCode).toBe(200);
      now -= INTERVAL_MS - 1;
    }
    expect(calls(TOKENS_PATH)).toHaveLength(4);
    expect(calls(TEAMS_PATH)).toHaveLength(4);
    const metrics = await (await fetch(server.metrics?.url() ?? '')).text();
    expect(metrics).toContain('bff_updates_refreshes_total{outcome="failed"} 3');
  });

  it('holds the back-off on every instance sharing Redis: the lock outlives the failed read', async () => {
    await redis.inspector.flushall();
    upstream = await startFaultUpstream();
    now = Date.parse('2026-11-27T02:00:00Z');
    const env = { LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '500', REDIS_URL: redis.url };
    server = buildServer(testConfig(env), { now: () => now });
    const other = buildServer(testConfig(env), { now: () => now });
    others.push(other);
    await Promise.all([server.ready(), other.ready()]);
    session = await signInBff(server, upstream, LEGACY_COACH);
    lists();
    upstream.answer(TOKENS_PATH, { status: 500, json: { error: { info: 'down' } } });
    const answers = [];
    for (let call = 0; call < 40; call++) answers.push(await updates(undefined, call % 2 === 0 ? server : other));
    expect(answers.map((a) => a.statusCode)).toEqual([502, ...Array(39).fill(200)]);
    expect(calls(TOKENS_PATH)).toHaveLength(1);
    const lock = await redis.inspector.pttl(`portal:updates-lock:${LEGACY_COACH_ID}`);
    expect(lock).toBeGreaterThan(INTERVAL_MS - 10_000);
    expect(lock).toBeLessThanOrEqual(INTERVAL_MS);

    // The lock's expiry is Redis's own (PX), brought forward here rather than waited for: the next call reads.
    await redis.inspector.del(`portal:updates-lock:${LEGACY_COACH_ID}`);
    lists();
    expect((await updates(undefined, other)).statusCode).toBe(200);
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

  it('refuses a cursor from the future with 400 validation_failed, before any legacy read', async () => {
    await start();
    lists();
    const reads = calls(TOKENS_PATH).length;
    const refused = await updates(`${now + 10 * 60_000}-0`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      detail: FUTURE_CURSOR,
      errors: [{ field: 'after', message: 'is later than now' }],
    });
    expect(calls(TOKENS_PATH)).toHaveLength(reads);
    // Within what clocks may differ by: taken, and nothing is told before it.
    expect((await updates(`${now + 30_000}-0`)).json()).toMatchObject({ cursor: `${now + 30_000}-0`, changes: [] });
  });

  it('takes a cursor it gave even when its clock has gone back since', async () => {
    await start();
    lists();
    const first = await updates();
    now += INTERVAL_MS;
    lists({ completed: true });
    const found = await updates(first.json().cursor);
    expect(found.json().changes).toHaveLength(1);
    now -= 10 * 60_000;
    const answer = await updates(found.json().cursor);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ cursor: found.json().cursor, changes: [] });
  });
});
