// getDashboardPipeline against a legacy stand-in that answers what each test tells it: the only legacy calls are
// the lists' (the coach record and tokensX, the received list when the coach has received SCOs), received records
// stay out of the figures, and the failures of those reads. Every answer is checked against the contract.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../app.ts';
import { daysBefore, utcToday } from '../../domain/pipeline-slices.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { signInBff } from '../../test-support/fault-bff.ts';
import { type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { legacyAssessment } from '../../test-support/legacy-assessments.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';
import { testConfig } from '../../test-support/test-server.ts';

const COACH_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}`;
const TOKENS_PATH = `${COACH_PATH}/tokensX`;
const daysAgo = (days: number) => `${daysBefore(utcToday(), days)} 09:00:00`;

let upstream: FaultUpstream;
let server: FastifyInstance;
let session: string;

async function start(coach: Partial<typeof LEGACY_COACH> = {}): Promise<void> {
  upstream = await startFaultUpstream();
  server = buildServer(testConfig({ LEGACY_API_URL: upstream.url, UPSTREAM_TIMEOUT_MS: '2000' }));
  await server.ready();
  session = await signInBff(server, upstream, { ...LEGACY_COACH, ...coach });
  upstream.received.length = 0;
}

const pipeline = () =>
  injectChecked(server, { method: 'GET', url: '/api/dashboard/pipeline?days=30', cookies: { [SESSION_COOKIE]: session } });
const routes = () => upstream.received.map((r) => `${r.method} ${r.url.split('?')[0]}`);

afterEach(async () => {
  await server?.close();
  await upstream?.close();
});

describe('getDashboardPipeline: the legacy calls', () => {
  it('reads only the lists, received assessments left out of the figures', async () => {
    await start({ countOfReceivedSCOs: 1 });
    // The own list is asked at once, the received one once the coach record says there is one.
    upstream.answer(
      TOKENS_PATH,
      {
        status: 200,
        json: [legacyAssessment(1, { tokenCreatedAt: daysAgo(1) }), legacyAssessment(2, { tokenCreatedAt: daysAgo(10), userInvite: 1 })],
      },
      { status: 200, json: [legacyAssessment(9, { tokenCreatedAt: daysAgo(1), userInvite: 1, fromAnotherCoach: 1 })] },
    );
    const response = await pipeline();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.funnel.map((step: { count: number }) => step.count)).toEqual([2, 1, 0, 0, 0]);
    expect(body.nudges.map((nudge: { count: number }) => nudge.count)).toEqual([1, 0, 0]);
    expect(body.projects).toEqual(['Project']);
    expect(routes().sort()).toEqual([COACH_PATH, TOKENS_PATH, TOKENS_PATH].sort());
  });
});

describe('getDashboardPipeline against a failing legacy API', () => {
  it('ends the session at an upstream 403', async () => {
    await start();
    upstream.answer(TOKENS_PATH, { status: 403, json: { error: { info: 'Forbidden' } } });
    const response = await pipeline();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_ended');
  });

  it.each([
    ['a 5xx', { status: 503, text: 'down' }],
    ['broken JSON', { fault: 'garbage' as const }],
  ])('answers 502 upstream_error for %s from the list', async (_, answer) => {
    await start();
    upstream.answer(TOKENS_PATH, answer);
    const response = await pipeline();
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('upstream_error');
  });
});
