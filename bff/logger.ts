// pino JSON logs: one line per event, request ids on every request line, secrets censored.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { traceOf } from './trace-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no "request completed" line for this route (probes that run every few seconds). */
    requestLog?: boolean;
    /** false on a contract operation that has no handler yet (it answers 501 not_implemented). */
    implemented?: boolean;
  }
}

// The secrets that can reach a log line, at the paths where they occur: the browser's headers, login,
// two-factor and reset bodies (ours and the legacy API's spelling), guest tokens and reset codes in URLs,
// the session record and the legacy cookie. Literal paths only: pino runs a redactor for a top-level key
// only when a path starts with it, so the per-request lines (method, route, status, upstream timings) are
// never walked; a wildcard path would walk every key of every line.
const HEADER_SECRETS = ['cookie', 'set-cookie', 'authorization', 'proxy-authorization', 'x-csrf'];
const BODY_SECRETS = [
  'password',
  'newPassword',
  'newpassword',
  'confirmPassword',
  'twoFactorCode',
  'resetCode',
  'resetcode',
  'code',
  'token',
  'twoFactorToken',
  'secret',
];
const URL_SECRETS = ['code', 'resetcode', 'token'];

export const REDACTED_PATHS: readonly string[] = [
  ...HEADER_SECRETS.map((name) => `headers["${name}"]`),
  ...BODY_SECRETS.map((name) => `body.${name}`),
  ...URL_SECRETS.flatMap((name) => [`query.${name}`, `params.${name}`]),
  'session.id',
  'session.legacyCookie',
  'legacyCookie',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/** Lines are written once this many bytes are waiting (one write per ≈ 10 request lines instead of one per line). */
export const LOG_BUFFER_BYTES = 4096;
/** …and at least this often, so a quiet server's lines still reach the log within a second. */
export const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * The server's logger: lines buffered up to LOG_BUFFER_BYTES and written asynchronously (pino's
 * asynchronous mode: one write syscall per 4 KiB instead of one per line), flushed every
 * LOG_FLUSH_INTERVAL_MS and, by pino, synchronously when the process exits (process.exit, an uncaught
 * exception, the end of a graceful shutdown). The trade-off: a process killed outright (SIGKILL, out of
 * memory) loses the lines still in the buffer, at most LOG_FLUSH_INTERVAL_MS or LOG_BUFFER_BYTES of them.
 */
export function createBufferedLogger(level: string, dest: number | string = 1): Logger {
  return createLogger(level, pino.destination({ dest, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_INTERVAL_MS }));
}

/** Always generated here: an id taken from a client header could be forged or reused. */
export function newRequestId(): string {
  return randomUUID();
}

const LOG_FIELDS = Symbol('requestLogFields');
type LogFields = () => Record<string, unknown> | undefined;
type WithLogFields = FastifyRequest & { [LOG_FIELDS]?: LogFields[] };

/**
 * Adds fields to the request's "request completed" line, computed when it is written (the upstream calls).
 * Cheaper than a child logger per request: nothing is serialized unless the line is written.
 */
export function addRequestLogFields(request: FastifyRequest, fields: LogFields): void {
  const withFields = request as WithLogFields;
  if (withFields[LOG_FIELDS]) withFields[LOG_FIELDS].push(fields);
  else withFields[LOG_FIELDS] = [fields];
}

/**
 * One line per request, when it completes: route template (never the raw URL, whose path or query
 * may hold a guest token or a reset code), status and duration, under `requestId`.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (request.routeOptions.config.requestLog === false && !error) return;
    const line: Record<string, unknown> = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
    };
    for (const fields of (request as WithLogFields)[LOG_FIELDS] ?? []) Object.assign(line, fields());
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Fastify's per-request child logger, with `traceId` beside `requestId` when the proxy sent a valid W3C
 * `traceparent` (trace-context.ts): every line of that request, the completion and audit lines included.
 */
export function tracedChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<FastifyBaseLogger['child']>[1],
  rawRequest: IncomingMessage,
): FastifyBaseLogger {
  const trace = traceOf(rawRequest);
  return logger.child(trace ? { ...bindings, traceId: trace.traceId } : bindings, options);
}
