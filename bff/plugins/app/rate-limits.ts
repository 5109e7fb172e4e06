// Rate limits with @fastify/rate-limit's counters (in Redis when REDIS_URL is set, so every
// BFF instance shares one budget): failed sign-ins (a wrong password or two-factor code) 5 a minute per IP and
// e-mail, 10 a minute per e-mail from any address and 30 per 15 minutes per IP, a successful one never counted;
// password reset and the impersonation check RATE_LIMIT_STRICT_MAX per window per IP, the
// profile's two-factor code check as many per session;
// the public pages per resource (PUBLIC_LIMITS, reasoning in bff/README.md "Rate limits"); the Download Reports
// progress poll 1,200 a minute per session; everything else RATE_LIMIT_MAX per window per session (per IP without
// one); logout never. A hit answers 429 `rate_limited` with Retry-After, and its completion line names the limit and
// a hash of the key, as the counter in Redis is named: `portal:rate:<limit>:<hashed key>`. Client IPs come from
// `request.ip`, which honours TRUST_PROXY only (a forged X-Forwarded-For from anyone else changes nothing).
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { publishRateLimited } from '../../diagnostics.ts';
import { addRequestLogFields } from '../../logger.ts';
import { isUnknownLink, problem } from '../../problem.ts';
import { hashKey, memoryAttemptCounters, redisAttemptCounters, sharedRedisCounters } from './rate-limit-counters.ts';

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
  /**
   * Counts only the attempts answered as failed (a 401: wrong password or code): each attempt is counted as it
   * arrives, so attempts sent at once are all counted, and given back once it is answered otherwise.
   */
  failuresOnly?: boolean;
  /** A success (a 2xx) clears the key's count: a coach who mistyped, then signed in, starts afresh. */
  clearedBySuccess?: boolean;
}

type Checker = (
  request: FastifyRequest,
  options?: { increment: boolean },
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; remaining?: number; ttlInSeconds?: number }>;

// What a request took from the failures-only limits (settled once answered), and whether its public link missed: plain
// properties of the request, not a WeakMap or WeakSet keyed by it (V8's young-generation GC keeps such entries, and
// all the request reaches, alive until a full GC: plugins/app/client-gone.ts).
const TAKEN = Symbol('rate-limit attempts taken');
const MISSED = Symbol('public link missed');
type Tracked = FastifyRequest & { [TAKEN]?: { limit: Limit; counter: string }[] | undefined; [MISSED]?: true };

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

/**
 * Sign-in counts failures only (a wrong password or two-factor code): an office or a workshop behind one address
 * signs in as often as it needs, a guesser is stopped per address, per address and account, and per account from
 * any address (many addresses guessing one password). Every window is short and fixed (refusals do not extend it):
 * nobody can keep an account locked for longer than they keep failing against it.
 */
const SIGN_IN_LIMITS: readonly Limit[] = [
  { name: 'sign-in-ip', max: 30, windowMs: 15 * MINUTE, key: (request) => request.ip, failuresOnly: true },
  {
    name: 'sign-in-email',
    max: 5,
    windowMs: MINUTE,
    key: (request) => `${request.ip}|${emailOf(request)}`,
    needsBody: true,
    failuresOnly: true,
    clearedBySuccess: true,
  },
  { name: 'sign-in-account', max: 10, windowMs: MINUTE, key: emailOf, needsBody: true, failuresOnly: true },
];
/** The answer a failed sign-in gets (wrong password, wrong two-factor code, a refusal the legacy API words). */
const FAILED_SIGN_IN = 401;

function limitsFor(operationId: string, options: RateLimitsOptions): readonly Limit[] {
  const strict = { max: options.strictMax, windowMs: options.strictWindowMs };
  const perIp = (name: string) => ({ name, ...strict, key: (request: FastifyRequest) => request.ip });
  if (operationId === 'createSession') return SIGN_IN_LIMITS;
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
  hook: 'onRequest' | 'preValidation' | 'onSend' | 'onResponse' | 'onError',
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

  function refuse(limit: Limit, key: string, request: FastifyRequest, reply: FastifyReply, retryAfter: number): never {
    // No line of its own: the request's one completion line says which limit and whose (hashed) key, so a
    // flood writes one line per rejected request.
    const rateLimit = { limit: limit.name, key: hashKey(key) };
    addRequestLogFields(request, () => ({ rateLimit }));
    publishRateLimited(limit.name);
    reply.header('retry-after', String(retryAfter));
    // The wait in the body too: a page counts it down before it offers to ask again (Retry-After is the header's).
    throw problem(429, 'rate_limited', tooManyAttempts(retryAfter), undefined, { retryAfterSeconds: retryAfter });
  }

  function enforce(limit: Limit) {
    if (limit.failuresOnly) return enforceFailures(limit);
    const check = checkerFor(limit);
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const key = limit.key(request);
      if (key === null) return;
      // A misses-only limit is read here and counted once the answer says the guess missed.
      const result = await check(request, { increment: !limit.missesOnly });
      const over = limit.missesOnly ? result.remaining === 0 : result.isExceeded;
      if (result.isAllowed || !over) return;
      refuse(limit, key, request, reply, result.ttlInSeconds ?? Math.ceil(limit.windowMs / 1000));
    };
  }

  // The failures-only limits: each attempt taken as it arrives (the counters the request took, to settle once answered).
  const attempts = redis ? redisAttemptCounters(redis) : memoryAttemptCounters();

  function enforceFailures(limit: Limit) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const key = limit.key(request);
      if (key === null) return;
      const counter = `${limit.name}:${hashKey(key)}`;
      const { count, ttlMs } = await attempts.take(counter, limit.windowMs);
      const tracked: Tracked = request;
      tracked[TAKEN] = [...(tracked[TAKEN] ?? []), { limit, counter }];
      // Over the limit: refused (and the refusal given back, so it neither counts nor extends the window).
      if (count > limit.max) refuse(limit, key, request, reply, Math.max(1, Math.ceil(ttlMs / 1000)));
    };
  }

  /**
   * Settles the attempts a request took: kept when it failed, given back otherwise, cleared by a success. Before the
   * answer leaves (onSend), so the client's next attempt finds them settled.
   */
  async function settleAttempts(request: Tracked, reply: FastifyReply) {
    const counters = request[TAKEN];
    request[TAKEN] = undefined;
    if (!counters || reply.statusCode === FAILED_SIGN_IN) return;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    for (const { limit, counter } of counters) {
      const settle = succeeded && limit.clearedBySuccess ? attempts.clear(counter) : attempts.giveBack(counter);
      await settle.catch((err: unknown) => request.log.warn({ err }, 'a sign-in attempt could not be given back'));
    }
  }

  // The requests whose link missed, seen as their error passes (onError) and counted once answered (onResponse).
  const noteMiss = async (request: Tracked, _reply: FastifyReply, error: FastifyError) => {
    if (isMiss(error)) request[MISSED] = true;
  };

  function countMiss(limit: Limit) {
    const check = checkerFor(limit);
    return async (request: Tracked) => {
      if (request[MISSED] !== true || limit.key(request) === null) return;
      await check(request).catch((err: unknown) => request.log.warn({ err }, 'a missed guess could not be counted'));
    };
  }

  fastify.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string' || UNLIMITED.has(operationId)) return;
    const limits = limitsFor(operationId, options);
    for (const limit of limits) {
      addHook(route, limit.needsBody ? 'preValidation' : 'onRequest', enforce(limit));
      if (limit.missesOnly) {
        addHook(route, 'onError', noteMiss);
        addHook(route, 'onResponse', countMiss(limit));
      }
    }
    if (limits.some((limit) => limit.failuresOnly)) addHook(route, 'onSend', settleAttempts);
  });
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['problems', 'session', 'redis'] });
