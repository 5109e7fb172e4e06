// Liveness and readiness probes (contract: getLiveness, getReadiness).
import type { Log } from '../../operation.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { isSessionEnded, problem } from '../../problem.ts';
import { RedisSessionStore } from '../../session/redis-session-store.ts';

interface ReadinessCheck {
  name: 'upstream' | 'redis';
  status: 'up' | 'down' | 'notConfigured';
  latencyMs: number | null;
}

const RETRY_AFTER_SECONDS = '5';
// Probes come every few seconds from every orchestrator and balancer: the legacy API is asked at most this often.
const UPSTREAM_CHECK_CACHE_MS = 5_000;
const UPSTREAM_CHECK_TIMEOUT_MS = 2_000;
// Probes run every few seconds: their request lines would drown the rest.
const quiet = { requestLog: false };

export const operationsRoutes: TagRoutes = (fastify) => {
  let closing = false;
  let upstreamCheck: { at: number; result: Promise<ReadinessCheck> } | undefined;
  fastify.addHook('preClose', async () => {
    closing = true;
  });

  async function redisCheck(log: Log): Promise<ReadinessCheck> {
    if (!(fastify.sessionStore instanceof RedisSessionStore)) return { name: 'redis', status: 'notConfigured', latencyMs: null };
    const started = performance.now();
    const status = await fastify.sessionStore.ping().then(
      () => 'up' as const,
      (err: unknown) => {
        log.warn({ err }, 'Redis is not ready');
        return 'down' as const;
      },
    );
    return { name: 'redis', status, latencyMs: Math.round(performance.now() - started) };
  }

  // A cheap call without a session: any answer below 500 (even a 403) means the legacy API is there. Not the request's
  // client: the check is shared by the probes of the next few seconds, so no one probe's going away may stop it.
  const client = fastify.appLegacy({ timeoutMs: UPSTREAM_CHECK_TIMEOUT_MS });
  async function askUpstream(log: Log): Promise<ReadinessCheck> {
    const started = performance.now();
    const status = await client.GET('/api/v2/checkForValidSession').then(
      () => 'up' as const,
      (err: unknown) => {
        if (isSessionEnded(err)) return 'up' as const;
        log.warn({ err }, 'the legacy API is not ready');
        return 'down' as const;
      },
    );
    return { name: 'upstream', status, latencyMs: Math.round(performance.now() - started) };
  }

  function upstreamCheckFor(log: Log): Promise<ReadinessCheck> {
    const at = performance.now();
    if (!upstreamCheck || at - upstreamCheck.at >= UPSTREAM_CHECK_CACHE_MS) upstreamCheck = { at, result: askUpstream(log) };
    return upstreamCheck.result;
  }

  function notReady(code: string, detail: string, extensions: Record<string, unknown> = {}) {
    return problem(503, code, detail, 'Service unavailable', extensions, { 'retry-after': RETRY_AFTER_SECONDS });
  }

  return {
    getLiveness: { config: quiet, handler: async () => ({ status: 'ok' }) },
    getReadiness: {
      config: quiet,
      handler: async (_input, ctx) => {
        // Draining: the load balancer stops sending traffic while in-flight requests finish.
        if (closing) throw notReady('shutting_down', 'The service is shutting down. Please try again later.');
        const checks = await Promise.all([upstreamCheckFor(ctx.log), redisCheck(ctx.log)]);
        if (checks.some((check) => check.status === 'down')) {
          throw notReady('dependency_unavailable', 'The service is unavailable. Please try again later.', { checks });
        }
        return { status: 'ready', checks };
      },
    },
  };
};
