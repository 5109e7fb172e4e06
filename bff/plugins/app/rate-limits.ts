// Rate limits with @fastify/rate-limit's counters (in Redis when REDIS_URL is set, so every
// BFF instance shares one budget): sign-in and two-factor 5 a minute per IP and e-mail and 30 per
// 15 minutes per IP; password reset, the impersonation check and the public self-pay and
// mini-assessment calls RATE_LIMIT_STRICT_MAX per window per IP; everything else RATE_LIMIT_MAX per
// window per session (per IP without one); logout never. A hit answers 429 `rate_limited` with Retry-After,
// and its completion line names the limit and a hash of the key. Client IPs come from `request.ip`, which honours
// TRUST_PROXY only (a forged X-Forwarded-For from anyone else changes nothing).
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { addRequestLogFields } from '../../logger.ts';
import { problem } from '../../problem.ts';

export interface RateLimitsOptions {
  max: number;
  windowMs: number;
  strictMax: number;
  strictWindowMs: number;
}

interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** What is counted; null skips the limit for this request. */
  key: (request: FastifyRequest) => string | null;
  /** Keys that need the body are counted once it is parsed (preValidation), the rest on arrival. */
  needsBody?: boolean;
}

type Checker = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

const MINUTE = 60_000;
// spec: none; the contract's TooManyRequests message.
const DETAIL = 'Too many attempts. Please wait a minute and try again.';
// The probes, and logout: a coach who went too fast can always sign out.
const UNLIMITED = new Set(['getLiveness', 'getReadiness', 'deleteSession']);
const PUBLIC_STRICT_PATHS = [
  '/api/public/self-registration',
  '/api/public/checkouts',
  '/api/public/mini',
  '/api/public/reports',
  '/api/public/policies',
];

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
};

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

function limitsFor(operationId: string, url: string, options: RateLimitsOptions): Limit[] {
  const strict = { max: options.strictMax, windowMs: options.strictWindowMs };
  const perIp = (name: string) => ({ name, ...strict, key: (request: FastifyRequest) => request.ip });
  if (operationId === 'createSession') {
    return [
      { name: 'sign-in-ip', max: 30, windowMs: 15 * MINUTE, key: (request) => request.ip },
      { name: 'sign-in-email', max: 5, windowMs: MINUTE, key: (request) => `${request.ip}|${emailOf(request)}`, needsBody: true },
    ];
  }
  if (operationId === 'requestPasswordReset') {
    return [perIp('password-forgot-ip'), { name: 'password-forgot-email', ...strict, key: emailOf, needsBody: true }];
  }
  if (operationId === 'resetPassword') return [perIp('password-reset-ip')];
  if (operationId === 'startImpersonatedSession') return [perIp('impersonation-ip')];
  if (PUBLIC_STRICT_PATHS.some((prefix) => url.startsWith(prefix))) return [perIp('public-ip')];
  return [
    {
      name: 'general',
      max: options.max,
      windowMs: options.windowMs,
      key: (request) => (request.session ? `session:${request.session.id}` : `ip:${request.ip}`),
    },
  ];
}

function withName(limit: Limit, request: FastifyRequest): string | null {
  const key = limit.key(request);
  return key === null ? null : `${limit.name}:${key}`;
}

function addHook(
  route: RouteOptions,
  hook: 'onRequest' | 'preValidation',
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  const existing = route[hook];
  route[hook] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler] as RouteOptions['onRequest'];
}

async function rateLimits(fastify: FastifyInstance, options: RateLimitsOptions) {
  // The app's one Redis connection (null without REDIS_URL: counters in memory); the redis plugin closes it.
  const { redis } = fastify;
  // global: false — the limits are attached below, per operation; counters live in Redis or memory.
  await fastify.register(rateLimit, { global: false, ...(redis && { redis, nameSpace: 'portal:rate:' }) });

  const checkers = new Map<string, Checker>();
  function checkerFor(limit: Limit): Checker {
    const id = `${limit.name}:${limit.max}:${limit.windowMs}`;
    let checker = checkers.get(id);
    if (!checker) {
      checker = fastify.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        // Hashed: the counters' names (in Redis too) never hold an e-mail address or an IP in clear.
        keyGenerator: (request) => hashKey(limit.key(request) ?? ''),
      }) as Checker;
      checkers.set(id, checker);
    }
    return checker;
  }

  function enforce(limit: Limit) {
    const check = checkerFor(limit);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const key = limit.key(request);
      if (key === null) return;
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      // No line of its own: the request's one completion line says which limit and whose (hashed) key, so a
      // flood writes one line per rejected request.
      const rateLimit = { limit: limit.name, key: hashKey(key) };
      addRequestLogFields(request, () => ({ rateLimit }));
      reply.header('retry-after', String(result.ttlInSeconds ?? Math.ceil(limit.windowMs / 1000)));
      throw problem(429, 'rate_limited', DETAIL);
    };
  }

  fastify.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string' || UNLIMITED.has(operationId)) return;
    for (const limit of limitsFor(operationId, route.url, options)) {
      // The limit's name in the key: one IP counts separately against each limit.
      const named: Limit = { ...limit, key: (request) => withName(limit, request) };
      addHook(route, limit.needsBody ? 'preValidation' : 'onRequest', enforce(named));
    }
  });
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['problems', 'session', 'redis'] });
