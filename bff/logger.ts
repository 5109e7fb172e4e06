// pino JSON logs: one line per event, request ids on every request line, secrets censored.
import { randomUUID } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no "request completed" line for this route (probes that run every few seconds). */
    requestLog?: boolean;
  }
}

// Keys whose values are secrets wherever they appear (headers, bodies, upstream calls, records).
const SECRET_KEYS = [
  'cookie',
  'set-cookie',
  'authorization',
  'proxy-authorization',
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'confirmPassword',
  'twoFactorCode',
  'resetCode',
  'resetcode',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'sessionSecrets',
  'legacyCookie',
];
// Keys too common to censor everywhere (`code` is also ECONNRESET or rate_limited), only in these containers.
const SCOPED_SECRETS = [
  ['body', 'code'],
  ['query', 'code'],
  ['params', 'code'],
  ['session', 'id'],
] as const;
const MAX_DEPTH = 4;

function pathsAtEveryDepth(key: string): string[] {
  const leaf = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
    const prefix = '*.'.repeat(depth);
    return leaf.startsWith('[') ? `${prefix.slice(0, -1)}${leaf}` : `${prefix}${leaf}`;
  });
}

export const REDACTED_PATHS: readonly string[] = [
  ...SECRET_KEYS.flatMap(pathsAtEveryDepth),
  ...SCOPED_SECRETS.flatMap(([container, key]) => pathsAtEveryDepth(container).map((path) => `${path}.${key}`)),
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

/** Always generated here: an id taken from a client header could be forged or reused. */
export function newRequestId(): string {
  return randomUUID();
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
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
