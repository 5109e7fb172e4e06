// The floor of any Fastify BFF, for comparison: Fastify with pino writing its request lines to /dev/null,
// no plugins and no hooks, one undici `Agent.request` of the same legacy read, one JSON parse, a small mapped
// answer. No session, CSRF, rate limit, security headers or contract routing: what those add to it is the
// BFF's own cost. Run as its own process by scripts/bench.ts.
import Fastify from 'fastify';
import { Agent } from 'undici';
import { createBufferedLogger } from '../../bff/logger.ts';
import { BENCH_COACH_ID, LEGACY_COOKIE, readyMessage } from './shared.ts';

const upstreamUrl = process.env.BENCH_UPSTREAM_URL;
if (!upstreamUrl) throw new Error('BENCH_UPSTREAM_URL is not set');
const origin = new URL(upstreamUrl).origin;
const agent = new Agent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 128 });
const app = Fastify({ loggerInstance: createBufferedLogger('info', '/dev/null') });

app.get('/api/session', async () => {
  const { body } = await agent.request({
    origin,
    path: `/api/v2/coaches/${BENCH_COACH_ID}?t=${Date.now()}`,
    method: 'GET',
    headers: { cookie: LEGACY_COOKIE },
  });
  const coach = JSON.parse(await body.text()) as Record<string, unknown>;
  return { coach: { uuid: coach.uuid, name: coach.name, surname: coach.surname, email: coach.email }, expiresAt: new Date().toISOString() };
});

await app.listen({ host: '127.0.0.1', port: 0 });
readyMessage(app.server, async () => {
  await app.close();
  await agent.close();
});
