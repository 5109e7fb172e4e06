// The peer: what an off-the-shelf Fastify gateway for the BFF's job costs, assembled from the usual plugins with
// their defaults. Fastify's own request logs (pino: the "incoming request" and "request completed" lines, to
// /dev/null), `@fastify/helmet`, `@fastify/cookie` with a signed session cookie looked up in an in-memory map,
// `@fastify/rate-limit` (a budget the run cannot reach) and `@fastify/reply-from` forwarding the coach read to
// the legacy stand-in with the session's legacy cookie injected; the legacy answer goes back as it came (no
// mapping, no contract validation, no CSRF, no timeout per call). Run as its own process by scripts/bench.ts.
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import replyFrom from '@fastify/reply-from';
import Fastify, { type FastifyRequest } from 'fastify';
import { request as legacyRequest } from 'undici';
import { profileOnSignal } from './profiler-toggle.ts';
import { BENCH_COACH_ID, readyMessage } from './shared.ts';

const upstreamUrl = process.env.BENCH_UPSTREAM_URL;
if (!upstreamUrl) throw new Error('BENCH_UPSTREAM_URL is not set');
const SESSION_COOKIE = '__Host-portal_session';

interface PeerSession {
  coachId: string;
  legacyCookie: string;
  lastSeenAt: number;
}
const sessions = new Map<string, PeerSession>();

const app = Fastify({ logger: { level: 'info', file: '/dev/null' } });
await app.register(helmet);
await app.register(cookie, { secret: 'bench-peer-secret-0123456789abcdef0123456789' });
await app.register(rateLimit, { max: 100_000, timeWindow: 1_000 });
// The same pool size and keep-alive as the BFF's legacy agent (bff/upstream/legacy-client.ts createLegacyAgent).
await app.register(replyFrom, {
  base: upstreamUrl,
  undici: { connections: 128, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 },
});

function sessionOf(request: FastifyRequest): PeerSession | undefined {
  const signed = request.cookies[SESSION_COOKIE];
  if (!signed) return undefined;
  const { valid, value } = request.unsignCookie(signed);
  return valid && value ? sessions.get(value) : undefined;
}

// Sign-in: the legacy login, its cookie kept in the map under a new session id, the id set as a signed cookie.
app.post('/api/session', async (request, reply) => {
  const login = await legacyRequest(`${upstreamUrl}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
  });
  await login.body.dump();
  const legacyCookie = [login.headers['set-cookie'] ?? []].flat()[0]?.split(';', 1)[0];
  if (login.statusCode !== 200 || !legacyCookie) return reply.code(401).send({ code: 'sign_in_failed' });
  const id = randomBytes(24).toString('base64url');
  sessions.set(id, { coachId: BENCH_COACH_ID, legacyCookie, lastSeenAt: Date.now() });
  reply.setCookie(SESSION_COOKIE, id, { signed: true, path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
  return { signedIn: true };
});

// The coach read, forwarded: the session looked up and touched, the legacy cookie injected.
app.get('/api/session', (request, reply) => {
  const session = sessionOf(request);
  if (!session) {
    reply.code(401).send({ code: 'session_ended' });
    return;
  }
  session.lastSeenAt = Date.now();
  reply.from(`/api/v2/coaches/${session.coachId}`, {
    rewriteRequestHeaders: (_request, headers) => ({ ...headers, cookie: session.legacyCookie }),
  });
});

profileOnSignal();

await app.listen({ host: '127.0.0.1', port: 0 });
readyMessage(app.server, () => app.close());
