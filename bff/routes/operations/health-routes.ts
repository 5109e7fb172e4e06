// Liveness and readiness probes (contract: getLiveness, getReadiness).
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { OperationHandlers } from '../plugins/app/openapi-routes.ts';
import { ProblemError, problem } from '../plugins/app/problems.ts';
import { RedisSessionStore } from '../session/redis-session-store.ts';
import { createLegacyClient } from '../upstream/legacy-client.ts';

interface ReadinessCheck {
  name: 'upstream' | 'redis';
  status: 'up' | 'down' | 'notConfigured';
  latencyMs: number | null;
}

export interface HealthOptions {
  legacyApiUrl: string;
}

const RETRY_AFTER_SECONDS = '5';
// Probes come every few seconds from every orchestrator and balancer: the legacy API is asked at most this often.
const UPSTREAM_CHECK_CACHE_MS = 5_000;
const UPSTREAM_CHECK_TIMEOUT_MS = 2_000;
// Probes run every few seconds: their request lines would drown the rest.
const quiet = { requestLog: false };

export function healthRoutes(
  fastify: FastifyInstance,
  { legacyApiUrl }: HealthOptions,
): Pick<OperationHandlers, 'getLiveness' | 'getReadiness'> {
  let closing = false;
  let upstreamCheck: { at: number; result: Promise<ReadinessCheck> } | undefined;
  fastify.addHook('preClose', async () => {
    closing = true;
  });

  async function redisCheck(log: FastifyBaseLogger): Promise<ReadinessCheck> {
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

  // A cheap call without a session: any answer below 500 (even a 403) means the legacy API is there.
  async function askUpstream(log: FastifyBaseLogger): Promise<ReadinessCheck> {
    const client = createLegacyClient({ baseUrl: legacyApiUrl, agent: fastify.legacyAgent, timeoutMs: UPSTREAM_CHECK_TIMEOUT_MS });
    const started = performance.now();
    const status = await client.GET('/api/v2/checkForValidSession').then(
      () => 'up' as const,
      (err: unknown) => {
        if (err instanceof ProblemError && err.code === 'session_ended') return 'up' as const;
        log.warn({ err }, 'the legacy API is not ready');
        return 'down' as const;
      },
    );
    return { name: 'upstream', status, latencyMs: Math.round(performance.now() - started) };
  }

  function upstreamCheckFor(log: FastifyBaseLogger): Promise<ReadinessCheck> {
    const at = performance.now();
    if (!upstreamCheck || at - upstreamCheck.at >= UPSTREAM_CHECK_CACHE_MS) upstreamCheck = { at, result: askUpstream(log) };
    return upstreamCheck.result;
  }

  function notReady(reply: FastifyReply, code: string, detail: string, extensions: Record<string, unknown> = {}) {
    reply.header('retry-after', RETRY_AFTER_SECONDS);
    return problem(503, code, detail, 'Service unavailable', extensions);
  }

  return {
    getLiveness: { config: quiet, handler: async () => ({ status: 'ok' }) },
    getReadiness: {
      config: quiet,
      handler: async (request, reply) => {
        // Draining: the load balancer stops sending traffic while in-flight requests finish.
        if (closing) throw notReady(reply, 'shutting_down', 'The service is shutting down. Please try again later.');
        const checks = await Promise.all([upstreamCheckFor(request.log), redisCheck(request.log)]);
        if (checks.some((check) => check.status === 'down')) {
          throw notReady(reply, 'dependency_unavailable', 'The service is unavailable. Please try again later.', { checks });
        }
        return { status: 'ready', checks };
      },
    },
  };
}
