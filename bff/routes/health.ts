// Liveness and readiness probes (contract: getLiveness, getReadiness). Kept thin: re-wired through
// the contract later, when the upstream check joins the Redis one.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { problem } from '../plugins/app/problems.ts';
import { RedisSessionStore } from '../session/redis-session-store.ts';

interface ReadinessCheck {
  name: 'upstream' | 'redis';
  status: 'up' | 'down' | 'notConfigured';
  latencyMs: number | null;
}

const RETRY_AFTER_SECONDS = '5';

export default async function health(fastify: FastifyInstance) {
  // Probes run every few seconds: their request lines would drown the rest.
  const quiet = { config: { requestLog: false } };
  let closing = false;
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

  function notReady(reply: FastifyReply, code: string, detail: string, extensions: Record<string, unknown> = {}) {
    reply.header('retry-after', RETRY_AFTER_SECONDS);
    return problem(503, code, detail, 'Service unavailable', extensions);
  }

  fastify.get('/healthz', quiet, async () => ({ status: 'ok' }));

  fastify.get('/readyz', quiet, async (request, reply) => {
    // Draining: the load balancer stops sending traffic while in-flight requests finish.
    if (closing) throw notReady(reply, 'shutting_down', 'The service is shutting down. Please try again later.');
    const checks = [await redisCheck(request.log)];
    if (checks.some((check) => check.status === 'down')) {
      throw notReady(reply, 'dependency_unavailable', 'The service is unavailable. Please try again later.', { checks });
    }
    return { status: 'ready', checks };
  });
}
