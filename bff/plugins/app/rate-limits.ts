// Rate limits with @fastify/rate-limit's counters (in Redis when REDIS_URL is set, so every
// BFF instance shares one budget): sign-in and two-factor 5 a minute per IP and e-mail and 30 per
// 15 minutes per IP; password reset and the impersonation check RATE_LIMIT_STRICT_MAX per window per IP, the
// profile's two-factor code check as many per session;
// the public pages per resource (PUBLIC_LIMITS, reasoning in bff/README.md "Rate limits"); the Download Reports
// progress poll 1,200 a minute per session; everything else RATE_LIMIT_MAX per window per session (per IP without
// one); logout never. A hit answers 429 `rate_limited` with Retry-After, and its completion line names the limit and
// a hash of the key, as the counter in Redis is named: `portal:rate:<limit>:<hashed key>`. Client IPs come from
// `request.ip`, which honours TRUST_PROXY only (a forged X-Forwarded-For from anyone else changes nothing).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { publishRateLimited } from '../../diagnostics.ts';
import { addRequestLogFields } from '../../logger.ts';
import { isUnknownLink, problem } from '../../problem.ts';

export interface RateLimitsOptions {
  max: number;
  windowMs: number;
  strictMax: number;
  strictWindowMs: number;
  /** Public links whose id is unknown or malformed, per IP in 10 minutes (RATE_LIMIT_PUBLIC_MISSES_MAX). */
  publicMissesMax: number;
}

interface Limit {
  name: string;
  max: number;
  windowMs: number;
  /** What is counted; null skips the limit for this request. */
  key: (request: FastifyRequest) => string | null;
  /** Keys that need the body are counted once it is parsed (preValidation), the rest on arrival. */
  needsBody?: boolean;
  /** Counts only the requests whose link missed: an id that is unknown (`unknownLink`) or malformed. */
  missesOnly?: boolean;
}

type Checker = (
  request: FastifyRequest,
  options?: { increment: boolean },
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; remaining?: number; ttlInSeconds?: number }>;

const MINUTE = 60_000;

/**
 * The 429's text, naming the wait Retry-After gives (spec: none; the contract's TooManyRequests message, whose
 * 'a minute' is said only when the wait is a minute or less): rounded up to whole minutes.
 */
export function tooManyAttempts(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`;
}
// The probes, and logout: a coach who went too fast can always sign out.
const UNLIMITED = new Set(['getLiveness', 'getReadiness', 'deleteSession']);
const TEN_MINUTES = 10 * MINUTE;

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
};

/** How many hashed keys are remembered: a session or an address asks again and again (a SHA-256 a request cost more than the counter). */
const HASHES_KEPT = 10_000;
const hashes = new Map<string, string>();

/** A key's counter name: its SHA-256, cut to 16 hex digits (no e-mail address or IP in clear, in Redis either). */
export function hashKey(key: string): string {
  let hashed = hashes.get(key);
  if (hashed === undefined) {
    hashed = createHash('sha256').update(key).digest('hex').slice(0, 16);
    // Bounded: past the bound the remembered keys start afresh (a flood of new keys costs a hash each, as before).
    if (hashes.size >= HASHES_KEPT) hashes.clear();
    hashes.set(key, hashed);
  }
  return hashed;
}

type Counter = { current: number; ttl: number };
type CounterCallback = (error: Error | null, result?: Counter) => void;
interface Counters {
  incr(key: string, callback: CounterCallback, timeWindow: number, max: number): void;
  read(key: string, callback: CounterCallback, timeWindow: number, max: number): void;
}
// The library's own Redis counters (its Lua scripts); the package exports the class under no name of its own.
const LibraryRedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  prefix: string,
) => Counters;

/**
 * The library's Redis counters, every checker's under one prefix: it would prefix a checker's keys with the method
 * and URL of its route, which a checker made by `createRateLimit` does not have (`portal:rate:undefinedundefined-`).
 * The limit's name is in the key instead (`keyGenerator` below).
 */
function sharedRedisCounters(redis: Redis) {
  const counters = new LibraryRedisStore(false, false, redis, 'portal:rate:');
  return class SharedRedisCounters implements FastifyRateLimitStore {
    incr(...args: Parameters<Counters['incr']>) {
      counters.incr(...args);
    }
    read(...args: Parameters<Counters['read']>) {
      counters.read(...args);
    }
    child() {
      return this;
    }
  };
}

const paramOf = (name: string) => (request: FastifyRequest) => {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : null;
};
const byIp = (name: string, max: number, windowMs: number): Limit => ({ name, max, windowMs, key: (request) => request.ip });
const byParam = (name: string, max: number, windowMs: number, param: string): Limit => ({ name, max, windowMs, key: paramOf(param) });
/**
 * Wrong guesses: every public page is reached through a link holding an id; an IP whose links keep
 * missing (an id that is unknown or malformed) is stopped, whatever page it tries. Shared by all public
 * operations. A known id refused for another reason (a report waiting for marking, a form filled wrongly)
 * is what a guest meets, not a guess, and is not counted.
 */
const MISSES = 'public-misses';

/**
 * The public pages' limits, per resource rather than one IP budget: sized so that an office of 30 behind
 * one address, each opening a report and clicking through its tabs or taking a mini-assessment, never
 * meets them, while a guesser is stopped by MISSES and a flood by the per-IP ceilings.
 */
const PUBLIC_LIMITS: Readonly<Record<string, readonly (Limit | typeof MISSES)[]>> = {
  getGuestReport: [byIp('guest-report-ip', 300, MINUTE), MISSES],
  getPolicyPage: [byIp('policy-page-ip', 120, MINUTE), MISSES],
  acknowledgePolicy: [byParam('policy-sign', 10, MINUTE, 'policyUuid'), MISSES],
  getMiniTranslations: [byIp('mini-texts-ip', 120, MINUTE)],
  startMiniAssessment: [byIp('mini-start-ip', 60, TEN_MINUTES), MISSES],
  submitMiniSection1: [byParam('mini-submit', 10, MINUTE, 'uniqueId'), MISSES],
  submitMiniSection2: [byParam('mini-submit', 10, MINUTE, 'uniqueId'), MISSES],
  getSelfRegistration: [byIp('registration-page-ip', 120, MINUTE), MISSES],
  createCheckout: [byIp('checkout-create-ip', 30, TEN_MINUTES), MISSES],
  // The status page polls a pending payment every few seconds.
  getCheckout: [byParam('checkout-status', 60, MINUTE, 'checkoutId'), MISSES],
  createPayPalOrder: [byParam('paypal-order', 10, MINUTE, 'checkoutId'), MISSES],
  capturePayPalOrder: [byParam('paypal-capture', 10, MINUTE, 'checkoutId'), MISSES],
};

function limitsFor(operationId: string, options: RateLimitsOptions): readonly Limit[] {
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
  // A 6-digit code is guessed like a password: the setup's code check is as strict, per session.
  if (operationId === 'verifyTwoFactor') {
    return [
      { name: 'two-factor-setup', ...strict, key: (request) => (request.session ? `session:${request.session.id}` : `ip:${request.ip}`) },
    ];
  }
  // spec assessments-and-clients §4.6, §9: the Download Reports modal asks for its job every 100 ms (600 a minute) for
  // as long as the zip takes; a budget of its own, so a long download leaves the session's untouched.
  if (operationId === 'getReportDownload') {
    return [
      {
        name: 'download-progress',
        max: 1200,
        windowMs: MINUTE,
        key: (request) => (request.session ? `session:${request.session.id}` : `ip:${request.ip}`),
      },
    ];
  }
  const publicLimits = PUBLIC_LIMITS[operationId];
  if (publicLimits) {
    const misses: Limit = {
      name: 'public-misses-ip',
      max: options.publicMissesMax,
      windowMs: TEN_MINUTES,
      key: (request) => request.ip,
      missesOnly: true,
    };
    return publicLimits.map((limit) => (limit === MISSES ? misses : limit));
  }
  return [
    {
      name: 'general',
      max: options.max,
      windowMs: options.windowMs,
      key: (request) => (request.session ? `session:${request.session.id}` : `ip:${request.ip}`),
    },
  ];
}

/** A link that missed: an id the service found unknown, or a path parameter the contract refused (a malformed id). */
function isMiss(error: unknown): boolean {
  const validation = error as Partial<FastifyError> | undefined;
  return isUnknownLink(error) || (validation?.validation !== undefined && validation.validationContext === 'params');
}

function addHook(
  route: RouteOptions,
  hook: 'onRequest' | 'preValidation' | 'onResponse' | 'onError',
  handler: (request: FastifyRequest, reply: FastifyReply, error: FastifyError) => Promise<void>,
) {
  // Each hook's own handler type differs (onError takes the error third): appended as the route's list of them.
  const hooks = route as unknown as Record<typeof hook, unknown>;
  const existing = hooks[hook];
  hooks[hook] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler];
}

async function rateLimits(fastify: FastifyInstance, options: RateLimitsOptions) {
  // The app's one Redis connection (null without REDIS_URL: counters in memory); the redis plugin closes it.
  const { redis } = fastify;
  // global: false — the limits are attached below, per operation; counters live in Redis or memory.
  await fastify.register(rateLimit, { global: false, ...(redis && { store: sharedRedisCounters(redis) }) });

  const checkers = new Map<string, Checker>();
  function checkerFor(limit: Limit): Checker {
    const id = `${limit.name}:${limit.max}:${limit.windowMs}`;
    let checker = checkers.get(id);
    if (!checker) {
      checker = fastify.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        // Named after the limit (one IP counts separately against each) and hashed: the counters' names (in Redis
        // too) never hold an e-mail address or an IP in clear.
        keyGenerator: (request) => `${limit.name}:${hashKey(limit.key(request) ?? '')}`,
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
      // A misses-only limit is read here and counted once the answer says the guess missed.
      const result = await check(request, { increment: !limit.missesOnly });
      const over = limit.missesOnly ? result.remaining === 0 : result.isExceeded;
      if (result.isAllowed || !over) return;
      // No line of its own: the request's one completion line says which limit and whose (hashed) key, so a
      // flood writes one line per rejected request.
      const rateLimit = { limit: limit.name, key: hashKey(key) };
      addRequestLogFields(request, () => ({ rateLimit }));
      publishRateLimited(limit.name);
      const retryAfter = result.ttlInSeconds ?? Math.ceil(limit.windowMs / 1000);
      reply.header('retry-after', String(retryAfter));
      throw problem(429, 'rate_limited', tooManyAttempts(retryAfter));
    };
  }

  // The requests whose link missed, seen as their error passes (onError) and counted once answered (onResponse).
  const missed = new WeakSet<FastifyRequest>();
  const noteMiss = async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError) => {
    if (isMiss(error)) missed.add(request);
  };

  function countMiss(limit: Limit) {
    const check = checkerFor(limit);
    return async (request: FastifyRequest) => {
      if (!missed.has(request) || limit.key(request) === null) return;
      await check(request).catch((err: unknown) => request.log.warn({ err }, 'a missed guess could not be counted'));
    };
  }

  fastify.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string' || UNLIMITED.has(operationId)) return;
    for (const limit of limitsFor(operationId, options)) {
      addHook(route, limit.needsBody ? 'preValidation' : 'onRequest', enforce(limit));
      if (limit.missesOnly) {
        addHook(route, 'onError', noteMiss);
        addHook(route, 'onResponse', countMiss(limit));
      }
    }
  });
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['problems', 'session', 'redis'] });
