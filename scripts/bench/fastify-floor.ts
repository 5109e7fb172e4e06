// The floor of any Fastify BFF, for comparison: Fastify with no logger, no plugin and no hook, one call of
// the same legacy read through undici's dispatch (as the BFF's legacy client makes it), one JSON parse, and
// the BFF's own mapping to the same Session answer. No session store, CSRF, rate limit, security headers,
// contract routing and validation, timeout or cancellation, and no log line: what those add to it is the
// BFF's own cost. Run as its own process by scripts/bench.ts.
import Fastify from 'fastify';
import { Agent } from 'undici';
import { toSession } from '../../bff/routes/session/session-service.ts';
import type { SessionRecord } from '../../bff/session/session-record.ts';
import { dispatchBuffered } from '../../bff/upstream/buffered-dispatch.ts';
import { profileOnSignal } from './profiler-toggle.ts';
import { BENCH_COACH_ID, LEGACY_COOKIE, readyMessage } from './shared.ts';

const upstreamUrl = process.env.BENCH_UPSTREAM_URL;
if (!upstreamUrl) throw new Error('BENCH_UPSTREAM_URL is not set');
const origin = new URL(upstreamUrl).origin;
const agent = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 128 });
const app = Fastify({ logger: false });
const never = new AbortController().signal;
const settings = {
  idleTimeoutMs: 1_800_000,
  supportEmail: 'support@coachportal.test',
  portalVersion: '20251030t113749',
  adminCoachesUrl: '/admin/coaches',
};
const started = Date.now();
const record: SessionRecord = {
  id: 'bench-floor-session-id-0123456789abcdefghijk',
  legacyCookie: LEGACY_COOKIE,
  coachId: BENCH_COACH_ID,
  createdAt: started,
  lastSeenAt: started,
  absoluteExpiresAt: started + 8 * 3_600_000,
  flags: { impersonator: false, assisted: false },
};

app.get('/api/session', async () => {
  const path = `/api/v2/coaches/${BENCH_COACH_ID}?t=${Date.now()}`;
  const answer = await dispatchBuffered(agent, { origin, path, method: 'GET', headers: { cookie: LEGACY_COOKIE } }, never);
  return toSession(JSON.parse(await answer.body.text()), { ...record, lastSeenAt: Date.now() }, settings);
});

profileOnSignal();

await app.listen({ host: '127.0.0.1', port: 0 });
readyMessage(app.server, async () => {
  await app.close();
  await agent.close();
});
