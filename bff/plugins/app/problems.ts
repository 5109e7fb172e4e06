// Every error leaves the BFF as application/problem+json (RFC 9457), the shape of the contract's Problem.
// Causes of 5xx answers stay in the log (under the request id), never in the response.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addRequestLogFields } from '../../logger.ts';
import { notFound, type ProblemBody, ProblemError, titleOf, UNEXPECTED_MESSAGE } from '../../problem.ts';

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

function describeError(error: unknown): Omit<ProblemBody, 'type' | 'instance'> {
  if (error instanceof ProblemError) {
    return { status: error.statusCode, code: error.code, detail: error.detail, title: error.title };
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  if (fastifyError?.validation) {
    const errors = fastifyError.validation.slice(0, MAX_FIELD_ERRORS).map((failure) => ({
      field: fieldOf(failure.instancePath, failure.params, fastifyError.validationContext),
      message: failure.message ?? 'is not valid',
    }));
    return { status: 400, code: 'validation_failed', title: 'Failed', detail: 'The request is not valid.', errors };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, code: CODES[status] ?? 'bad_request', title: titleOf(status), detail: fastifyError?.message ?? '' };
  }
  return { status: 500, code: 'internal_error', title: 'Failed', detail: UNEXPECTED_MESSAGE };
}

/** The dotted field a validation failure is about (a missing property counts as its own field), and whether it is absent. */
export function failedField(instancePath: string, params: Record<string, unknown>): { field: string; missing: boolean } {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof params.missingProperty === 'string' ? params.missingProperty : '';
  return { field: [path, missing].filter(Boolean).join('.'), missing: missing !== '' };
}

function fieldOf(instancePath: string, params: Record<string, unknown>, context: string | undefined): string {
  return failedField(instancePath, params).field || context || 'request';
}

function sendProblem(reply: FastifyReply, body: ProblemBody) {
  return reply.code(body.status).type('application/problem+json').send(body);
}

async function problems(fastify: FastifyInstance) {
  fastify.setErrorHandler((error, request, reply) => {
    const body = problemBody(request, describeError(error), error instanceof ProblemError ? error.extensions : {});
    if (error instanceof ProblemError) reply.headers(error.headers);
    if (!(error instanceof ProblemError) && body.status >= 500) request.log.error({ err: error, code: body.code }, 'request failed');
    else if (body.status >= 500) request.log.warn({ code: body.code, status: body.status }, 'request answered with a problem');
    // A refusal (4xx) writes no line of its own: its code goes into the request's completion line.
    else addRequestLogFields(request, () => ({ code: body.code }));
    return sendProblem(reply, body);
  });

  fastify.setNotFoundHandler((request, reply) => {
    const { statusCode: status, code, title, detail } = notFound();
    return sendProblem(reply, problemBody(request, { status, code, title, detail }));
  });
}

export default fp(problems, { name: 'problems' });
