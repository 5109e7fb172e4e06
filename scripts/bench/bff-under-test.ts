// The BFF as the benchmark runs it: bff/app.ts buildServer with the production configuration rules, the
// stand-in as LEGACY_API_URL, JSON logs at info buffered as in production and written to /dev/null (serialized, not silenced), and the
// rate limiter on with a budget the benchmark cannot reach. Run as its own process by scripts/bench.ts.
import { writeHeapSnapshot } from 'node:v8';
import type { FastifySchema } from 'fastify';
import { buildServer } from '../../bff/app.ts';
import { loadConfig } from '../../bff/config.ts';
import { passThroughFile } from '../../bff/downloads/pass-through.ts';
import { createBufferedLogger } from '../../bff/logger.ts';
import { sendAnswer } from '../../bff/plugins/app/openapi-routes.ts';
import { problem, SESSION_ENDED_DETAIL } from '../../bff/problem.ts';

import { profileOnSignal } from './profiler-toggle.ts';
import { BENCH_DOWNLOAD_ROUTE, BENCH_GC_ROUTE, BENCH_MEMORY_ROUTE, memoryAccount, readyMessage } from './shared.ts';

const upstreamUrl = process.env.BENCH_UPSTREAM_URL;
if (!upstreamUrl) throw new Error('BENCH_UPSTREAM_URL is not set');

const config = loadConfig({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  LEGACY_API_URL: upstreamUrl,
  SESSION_SECRETS: 'bench-secret-0123456789abcdef0123456789abcdef',
  ALLOWED_ORIGINS: 'https://portal.bench.test',
  RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_WINDOW_MS: '1000',
  // BENCH_ONLY=metrics: the same BFF with its Prometheus metrics on (a listener of its own on this port).
  METRICS_PORT: process.env.BENCH_METRICS_PORT,
  // BENCH_ONLY=insights: a BFF that holds no copy (0), for a panel's figure as it was before its copy.
  SNAPSHOT_TTL_MS: process.env.BENCH_SNAPSHOT_TTL_MS,
});
// The production logger (bff/server.ts), writing to /dev/null instead of stdout.
const server = buildServer(config, { logger: createBufferedLogger(config.logLevel, '/dev/null') });

// Bench-only: what the contract's downloadActivitySummary does (stream the legacy workbook through
// bff/downloads/pass-through.ts), for as long as that operation answers 501. The operationId gives it the
// per-session rate limit of every operation; request id, session, upstream and logging hooks are global.
const benchRoute: FastifySchema & { operationId: string } = { operationId: 'benchActivitySummary' };
server.get(BENCH_DOWNLOAD_ROUTE, { schema: benchRoute }, async (request, reply) => {
  const coachId = request.session?.coachId;
  if (!coachId) throw problem(401, 'session_ended', SESSION_ENDED_DETAIL);
  const { data, response } = await request.legacy.GET('/api/v2/coaches/{coachId}/downloadActivitySummary', {
    params: { path: { coachId } },
    parseAs: 'stream',
  });
  if (!data) throw problem(502, 'download_failed', 'There was an unexpected error', 'Failed');
  return sendAnswer(reply, passThroughFile({ headers: response.headers, body: data }, { fileName: 'activity-summary.xlsx' }));
});

// Bench-only, with `--expose-gc` (the sessions part): RSS read after full collections holds what the BFF keeps, not
// the garbage of the requests before, which moves RSS by tens of MB whatever is kept.
const { gc } = globalThis;
if (gc) {
  const benchGc: FastifySchema & { operationId: string } = { operationId: 'benchGc' };
  server.get(BENCH_GC_ROUTE, { schema: benchGc }, async () => {
    gc();
    gc();
    return { heapUsed: process.memoryUsage().heapUsed };
  });
}

// Bench-only: where the process's memory is (the resting-memory part): V8's heap by space, code, the buffers outside it,
// and with `?snapshot=<path>` a heap snapshot written there (the process stops while it is written).
const benchMemory: FastifySchema & { operationId: string } = { operationId: 'benchMemory' };
server.get(BENCH_MEMORY_ROUTE, { schema: benchMemory }, async (request) => {
  const { snapshot } = request.query as { snapshot?: string };
  if (snapshot) writeHeapSnapshot(snapshot);
  return memoryAccount();
});

profileOnSignal();

await server.listen({ host: config.host, port: config.port });
readyMessage(server.server, () => server.close(), { batchConcurrency: config.batch.concurrency });
