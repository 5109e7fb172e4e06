// The BFF as a Fastify plugin (used by server.ts and by tests through `app.inject`), and the server
// options both share. Order: third-party plugins, then ours, then routes.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { IdempotencyStore } from './batch/idempotency-store.ts';
import type { Config } from './config.ts';
import { createLogger, newRequestId, RequestLogController, tracedChildLogger } from './logger.ts';
import type { OperationHandlers } from './operation.ts';
import assessmentSnapshots from './plugins/app/assessment-snapshots.ts';
import audit from './plugins/app/audit.ts';
import batchJobs from './plugins/app/batch-jobs.ts';
import { batchRuns } from './plugins/app/batch-runs.ts';
import clientGone from './plugins/app/client-gone.ts';
import csrf from './plugins/app/csrf.ts';
import idempotency from './plugins/app/idempotency.ts';
import jsonBody from './plugins/app/json-body.ts';
import metrics from './plugins/app/metrics.ts';
import openapiRoutes, { CONTRACT_AJV_OPTIONS } from './plugins/app/openapi-routes.ts';
import problems, { clientErrorHandler, frameworkErrorHandler } from './plugins/app/problems.ts';
import rateLimits from './plugins/app/rate-limits.ts';
import redis from './plugins/app/redis.ts';
import reportJobs from './plugins/app/report-jobs.ts';
import requestId from './plugins/app/request-id.ts';
import selfPay from './plugins/app/self-pay.ts';
import session from './plugins/app/session.ts';
import sessionStore from './plugins/app/session-store.ts';
import staticWeb from './plugins/app/static-web.ts';
import updates from './plugins/app/updates.ts';
import upstream from './plugins/app/upstream.ts';
import { bodiesUncoerced } from './plugins/app/validator-compilers.ts';
import cookies from './plugins/external/cookie.ts';
import securityHeaders from './plugins/external/helmet.ts';
import { assessmentsRoutes } from './routes/assessments/assessments-routes.ts';
import { clientsRoutes } from './routes/clients/clients-routes.ts';
import { creditsRoutes } from './routes/credits/credits-routes.ts';
import { insightsRoutes } from './routes/insights/insights-routes.ts';
import { miniRoutes } from './routes/mini/mini-routes.ts';
import { operationsRoutes } from './routes/operations/health-routes.ts';
import { pairsRoutes } from './routes/pairs/pairs-routes.ts';
import { profileRoutes } from './routes/profile/profile-routes.ts';
import { publicRoutes } from './routes/public/public-routes.ts';
import { scoRoutes } from './routes/sco/sco-routes.ts';
import { sessionRoutes } from './routes/session/session-routes.ts';
import { shellRoutes } from './routes/shell/shell-routes.ts';
import { teamsRoutes } from './routes/teams/teams-routes.ts';
import { templatesRoutes } from './routes/templates/templates-routes.ts';
import type { SessionStore } from './session/session-store.ts';

export interface AppOptions {
  config: Config;
  /** Replaces the store the config would choose (tests). */
  sessionStore?: SessionStore | undefined;
  /** The clock for session timeouts, the download jobs' leases and the updates' interval without Redis (tests). */
  now?: (() => number) | undefined;
  /** Replaces the Idempotency-Key store the config would choose (tests: a short lease, an instance that dies). */
  idempotencyStore?: IdempotencyStore | undefined;
}

export async function app(fastify: FastifyInstance, { config, sessionStore: store, now, idempotencyStore }: AppOptions) {
  await fastify.register(securityHeaders, { selfPay: config.selfPay });
  await fastify.register(cookies, { secrets: config.sessionSecrets });

  await fastify.register(problems);
  await fastify.register(jsonBody);
  await fastify.register(requestId);
  await fastify.register(csrf, { allowedOrigins: config.allowedOrigins });
  await fastify.register(redis, { url: config.redisUrl });
  await fastify.register(metrics, config.metrics);
  await fastify.register(sessionStore, { store, now });
  await fastify.register(session, { ...config.session, now });
  await fastify.register(rateLimits, { ...config.rateLimit });
  await fastify.register(clientGone);
  await fastify.register(audit);
  await fastify.register(upstream, { baseUrl: config.legacyApiUrl, timeoutMs: config.upstream.timeoutMs });
  await fastify.register(reportJobs, { now });
  await fastify.register(idempotency, { store: idempotencyStore });
  await fastify.register(batchJobs, { now });
  await fastify.register(assessmentSnapshots, config.snapshots);
  await fastify.register(updates, { intervalSeconds: config.updates.intervalSeconds, now });
  await fastify.register(selfPay, { ...config.selfPay, allowedOrigins: config.allowedOrigins, timeoutMs: config.upstream.timeoutMs });

  // One routes folder per contract tag, each exporting the same signature (TagRoutes).
  const tags = [
    operationsRoutes,
    sessionRoutes,
    publicRoutes,
    shellRoutes,
    assessmentsRoutes,
    clientsRoutes,
    profileRoutes,
    templatesRoutes,
    creditsRoutes,
    miniRoutes,
    teamsRoutes,
    scoRoutes,
    pairsRoutes,
    insightsRoutes,
  ];
  const routes: OperationHandlers = Object.assign({}, ...tags.map((tag) => tag(fastify, config)));
  // The flags a routes entry sets beside its handler (operation.ts OperationRoute), each checked against the contract
  // and applied by the one wrapper that gives the call its run, in the order it writes (plugins/app/batch-runs.ts):
  // `job`, a call asking for a job answers 202 while the rest runs as it would have for the call; `changesLists`, the
  // list copies are patched or dropped (on every instance) when the action ends; `idempotent`, a batch repeated with
  // its Idempotency-Key repeats nothing it did; `idempotentCreate`, a create repeated with its key answers the first
  // outcome (a repeat while it runs waits for it, up to the legacy timeout).
  const handlers = batchRuns(routes, {
    idempotency: fastify.idempotency,
    snapshots: fastify.snapshots,
    jobs: fastify.batchJobs,
    create: { waitMs: config.upstream.timeoutMs },
  });
  await fastify.register(openapiRoutes, { handlers });
  await fastify.register(staticWeb, { distDir: config.webDistDir });
}

export interface ServerOptions extends Omit<AppOptions, 'config'> {
  logger?: Logger | undefined;
}

export function buildServer(config: Config, { logger, ...appOptions }: ServerOptions = {}): FastifyInstance {
  const loggerInstance: FastifyBaseLogger = logger ?? createLogger(config.logLevel);
  const server = Fastify({
    loggerInstance,
    genReqId: newRequestId,
    logController: new RequestLogController(),
    // A proxy's W3C traceparent puts its trace id on every line of the request.
    childLoggerFactory: tracedChildLogger,
    // A list, never `true`: only these proxies may set X-Forwarded-For.
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    // While closing, keep serving what still arrives (in-flight clients); /readyz answers shutting_down.
    return503OnClosing: false,
    ajv: { customOptions: CONTRACT_AJV_OPTIONS },
    // Bodies are JSON: their types are checked as sent (`surname: 12345` is refused, never turned into "12345");
    // path, query and headers arrive as text and are still read as the contract's numbers and booleans.
    schemaController: { compilersFactory: { buildValidator: bodiesUncoerced } },
    // Refusals before any route runs are problems too, with the request id and security headers.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A client that trickles its headers or body is cut off (408), never holds a socket indefinitely.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    maxRequestsPerSocket: config.http.maxRequestsPerSocket,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node checks those timeouts (its default, 30 s, would let a short timeout run long).
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.http.headersTimeoutMs / 2)),
    },
  });
  server.server.maxConnections = config.http.maxConnections;
  server.register(fp(app, { name: 'bff' }), { config, ...appOptions });
  return server;
}
