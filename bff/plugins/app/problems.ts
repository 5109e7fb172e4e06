// Every error leaves the BFF as application/problem+json (RFC 9457), the shape of the contract's Problem.
// Causes of 5xx answers stay in the log (under the request id), never in the response.
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { describeFailures } from '../../field-messages.ts';
import { addRequestLogFields } from '../../logger.ts';
import { dependencyUnavailable, notFound, type ProblemBody, ProblemError, titleOf, UNEXPECTED_MESSAGE } from '../../problem.ts';
import { isRedisUnavailableError } from '../../redis/availability.ts';
import { API_HEADERS } from '../external/helmet.ts';
import { bffContract } from './bff-contract.ts';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
};
const MAX_FIELD_ERRORS = 100;

export function problemBody(
  request: FastifyRequest,
  { status, code, detail, title, errors }: Omit<ProblemBody, 'type' | 'instance'>,
  extensions: Record<string, unknown> = {},
): ProblemBody {
  return { ...extensions, type: `/problems/${code}`, title, status, code, detail, instance: request.id, ...(errors && { errors }) };
}

function describeError(error: unknown, request: FastifyRequest): Omit<ProblemBody, 'type' | 'instance'> {
  if (error instanceof ProblemError) {
    return { status: error.statusCode, code: error.code, detail: error.detail, title: error.title };
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  if (fastifyError?.validation) {
    const where = fastifyError.validationContext;
    const { detail, errors } = describeFailures(fastifyError.validation.slice(0, MAX_FIELD_ERRORS), {
      schema: routeSchemaOf(request, where),
      textPatterns: contractTextPatterns(),
      emojiPatterns: contractEmojiPatterns(),
      updating: request.method === 'PATCH' || request.method === 'PUT',
      where,
    });
    return { status: 400, code: 'validation_failed', title: 'Failed', detail, errors };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: CODES[status] ?? 'bad_request', title: titleOf(status), detail: fastifyError?.message ?? '' };
  }
  return { status: 500, code: 'internal_error', title: 'Failed', detail: UNEXPECTED_MESSAGE };
}

type Schema = { [key: string]: unknown };
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The route's schema of the refused part (a body declared per media type: its JSON schema), where the fields' titles are. */
function routeSchemaOf(request: FastifyRequest, where: string | undefined): Schema | undefined {
  const schema = (request.routeOptions.schema as Schema | undefined)?.[where ?? ''];
  const content = isSchema(schema) && isSchema(schema.content) ? schema.content['application/json'] : undefined;
  return isSchema(content) && isSchema(content.schema) ? content.schema : isSchema(schema) ? schema : undefined;
}

/** The contract's text rules (openapi/CONVENTIONS.md "Free text"), whose patterns a refusal is recognised by: read once. */
const TEXT_SCHEMAS = ['SingleLineText', 'MultiLineText', 'EmailText'];
let textPatterns: ReadonlySet<string> | undefined;
export function contractTextPatterns(): ReadonlySet<string> {
  if (!textPatterns) {
    const schemas = ((bffContract().components as Schema | undefined)?.schemas ?? {}) as Record<string, Schema | undefined>;
    textPatterns = new Set(TEXT_SCHEMAS.map((name) => String(schemas[name]?.pattern)));
  }
  return textPatterns;
}

/** The contract's emoji rule (NoEmojis, part of SingleLineText and MultiLineText), whose pattern a refusal is recognised by. */
let emojiPatterns: ReadonlySet<string> | undefined;
export function contractEmojiPatterns(): ReadonlySet<string> {
  if (!emojiPatterns) {
    const schemas = ((bffContract().components as Schema | undefined)?.schemas ?? {}) as Record<string, Schema | undefined>;
    emojiPatterns = new Set([String(schemas.NoEmojis?.pattern)]);
  }
  return emojiPatterns;
}

function sendProblem(reply: FastifyReply, body: ProblemBody) {
  return reply.code(body.status).type('application/problem+json').send(body);
}

/**
 * Marks the answers this handler has written: an error on their way out must not reach the handler a second time. A
 * property of the reply, not a WeakSet of replies (V8's young-generation GC keeps such entries, and all the reply
 * reaches, alive until a full GC: client-gone.ts).
 */
const ANSWERED_WITH_PROBLEM = Symbol('answered with a problem');
type Marked = FastifyReply & { [ANSWERED_WITH_PROBLEM]?: true };

/**
 * The problem a thrown error is answered with, its headers set and its log line written: the one mapping of
 * every failure. An ioredis error (Redis gone: a command timed out, the connection closed, no retry left),
 * wherever a request met it, is 503 `dependency_unavailable` with Retry-After, like a request refused while
 * Redis is known to be down.
 */
function problemFor(thrown: unknown, request: FastifyRequest, reply: FastifyReply): ProblemBody {
  (reply as Marked)[ANSWERED_WITH_PROBLEM] = true;
  // Redis gone (a timeout, a closed connection): the client may retry in a few seconds, it is not our bug.
  if (isRedisUnavailableError(thrown)) request.log.warn({ err: thrown }, 'Redis unavailable');
  const error = isRedisUnavailableError(thrown) ? dependencyUnavailable() : thrown;
  const body = problemBody(request, describeError(error, request), error instanceof ProblemError ? error.extensions : {});
  if (error instanceof ProblemError) reply.headers(error.headers);
  if (!(error instanceof ProblemError) && body.status >= 500) request.log.error({ err: error, code: body.code }, 'request failed');
  else if (body.status >= 500) request.log.warn({ code: body.code, status: body.status }, 'request answered with a problem');
  // A refusal (4xx) writes no line of its own: its code goes into the request's completion line.
  else addRequestLogFields(request, () => ({ code: body.code }));
  return body;
}

/**
 * For an onSend hook whose own work failed (the session's touch when Redis vanished mid-request): the answer
 * becomes that failure's problem. Thrown, the error reaches the error handler only once per answer: an answer
 * that is already a problem would leave as Fastify's default JSON with the cause's text (ioredis's "Command
 * timed out", under whatever status the first problem had). So the first failure is thrown to the handler, and
 * a failure on the way out of a problem answer replaces that answer here. A streamed payload (a zip) is
 * destroyed either way: nobody will read it.
 */
export function failedOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown, thrown: unknown): string {
  if (payload instanceof Readable) payload.destroy();
  if ((reply as Marked)[ANSWERED_WITH_PROBLEM] !== true) throw thrown;
  const body = problemFor(thrown, request, reply);
  // The payload is serialized here, so the charset Fastify adds on serializing is named here too.
  reply.code(body.status).type('application/problem+json; charset=utf-8');
  return JSON.stringify(body);
}

async function problems(fastify: FastifyInstance) {
  fastify.setErrorHandler((thrown, request, reply) => {
    // The browser left before its answer (the upstream work was cancelled with it): nothing failed, nobody to answer.
    if (reply.raw.destroyed && !reply.raw.writableFinished) {
      request.log.info({ route: request.routeOptions.url ?? null }, 'client went away before the answer');
      return reply.send();
    }
    return sendProblem(reply, problemFor(thrown, request, reply));
  });

  fastify.setNotFoundHandler((request, reply) => {
    const { statusCode: status, code, title, detail } = notFound();
    return sendProblem(reply, problemBody(request, { status, code, title, detail }));
  });
}

export default fp(problems, { name: 'problems' });

// What the router refuses before any route or hook runs (no echo of the address: it may hold a link's secret).
const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

/**
 * Fastify's `frameworkErrors`: a malformed address (bad percent-encoding, a path parameter over the router's
 * limit) answers problem+json with the request id and the API's security headers, like every other answer.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const detail = FRAMEWORK_DETAILS[error.code] ?? 'The request is not valid.';
  addRequestLogFields(request, () => ({ code: error.code }));
  void reply
    .headers(API_HEADERS)
    .header('x-request-id', request.id)
    .code(status)
    .type('application/problem+json')
    .send(problemBody(request, { status, code: CODES[status] ?? 'bad_request', title: titleOf(status), detail }));
}

const CLIENT_ERRORS: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
  ERR_HTTP_REQUEST_HEADERS_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
};

/**
 * Node's `clientError` (a request that never became one: headers too large, too slow, not HTTP): answered
 * as problem+json with the API's security headers and a request id of its own, then the socket is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, detail: 'The request is not valid.' };
  const id = randomUUID();
  this.log.info({ requestId: id, code: error.code, status }, 'request refused before it was read');
  if (socket.writable) {
    const code = CODES[status] ?? 'bad_request';
    const body = JSON.stringify({ type: `/problems/${code}`, title: titleOf(status), status, code, detail, instance: id });
    const headers = {
      ...API_HEADERS,
      'content-type': 'application/problem+json',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': id,
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\n${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };
