// Prometheus metrics on a listener of their own (METRICS_PORT, bound to METRICS_HOST, loopback by default),
// never on the public one: the public listener has no /metrics route at all. Off (nothing registered,
// nothing counted) without METRICS_PORT. The counters themselves are in ../../metrics/bff-metrics.ts; here
// are the hooks that feed them and the listener. `GET /metrics` answers the text format; anything else 404.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { BffMetrics } from '../../metrics/bff-metrics.ts';
import { isRedisUnavailableError } from '../../redis/availability.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics and their listener's URL once the app is ready (null with metrics off). */
    metrics: { readonly registry: BffMetrics['registry']; url(): string | undefined } | null;
  }
}

export interface MetricsOptions {
  /** Unset: metrics off. 0: any free port (tests). */
  port: number | undefined;
  host: string;
}

const DOWNLOAD_OPERATION = 'downloadReportArchive';

type Hooks = Record<string, unknown>;
function appendHook(route: RouteOptions, hook: 'onResponse' | 'onSend', handler: unknown) {
  const existing = (route as unknown as Hooks)[hook];
  (route as unknown as Hooks)[hook] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), handler];
}

async function metrics(fastify: FastifyInstance, { port, host }: MetricsOptions) {
  if (port === undefined) {
    fastify.decorate('metrics', null);
    return;
  }
  // Loaded only with METRICS_PORT: a BFF without metrics holds none of prom-client's code.
  const { createBffMetrics } = await import('../../metrics/bff-metrics.ts');
  const bff = createBffMetrics();
  let listener: Server | undefined;
  fastify.decorate('metrics', {
    registry: bff.registry,
    url() {
      const address = listener?.address() as AddressInfo | null | undefined;
      if (!address) return undefined;
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${shown}:${address.port}/metrics`;
    },
  });

  // Each route counts its own answers with a recorder made when the route is added (its label known then);
  // a request without a route (404) is counted here. Callback hooks: no promise per request.
  const unmatched = bff.requestsOf('unmatched');
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (fastify.redis && fastify.redisAvailability) {
    const availability = fastify.redisAvailability;
    bff.watchRedis(() => availability.up);
    fastify.redis.on('error', () => bff.redisError('connection'));
    fastify.addHook('onError', (_request, _reply, error, done) => {
      if (isRedisUnavailableError(error)) bff.redisError('command');
      done();
    });
  }

  // Download Reports: a zip that streams from here counts as running until its response closes; its bytes
  // are what the socket sent meanwhile (an HTTP/1.1 connection carries one response at a time).
  const countDownload = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const streaming = reply.statusCode === 200 && typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';
    if (streaming) {
      const socket = request.raw.socket;
      const before = socket?.bytesWritten ?? 0;
      const ended = bff.downloadStarted();
      reply.raw.once('close', () => ended((socket?.bytesWritten ?? before) - before));
    }
    done(null, payload);
  };
  fastify.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    const record = bff.requestsOf(typeof operationId === 'string' ? operationId : 'static');
    appendHook(route, 'onResponse', (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      record(reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    if (operationId === DOWNLOAD_OPERATION) appendHook(route, 'onSend', countDownload);
  });

  fastify.addHook('onReady', async () => {
    listener = createServer((request, response) => {
      if (request.method !== 'GET' || (request.url ?? '').split('?', 1)[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      bff.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': bff.registry.contentType }).end(text),
        (err: unknown) => {
          fastify.log.error({ err }, 'metrics could not be collected');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
        },
      );
    });
    listener.listen(port, host);
    await once(listener, 'listening');
    fastify.log.info({ metrics: fastify.metrics?.url() }, 'metrics listening');
  });
  fastify.addHook('onClose', async () => {
    bff.close();
    if (!listener?.listening) return;
    listener.closeAllConnections();
    await new Promise<void>((resolve) => listener?.close(() => resolve()));
  });
}

export default fp(metrics, { name: 'metrics', dependencies: ['redis'] });
