// Every /api route comes from openapi/bff.yaml (the routes fastify-openapi-glue makes of it, once per process:
// contract-routes.ts): method, path and request validation from the contract, handlers keyed by operationId. An operation without a handler
// answers 501 `not_implemented`, never a fake success. Request bodies other than JSON (uploads) reach
// their handler as the unparsed stream.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { failedField } from '../../field-messages.ts';
import {
  HttpAnswer,
  type InvalidField,
  type InvalidInput,
  type OperationContext,
  type OperationHandler,
  type OperationHandlers,
  type OperationId,
  type OperationRoute,
} from '../../operation.ts';
import { problem, sessionEnded } from '../../problem.ts';
import { roleRefusal } from '../../roles.ts';
import {
  bffContract,
  bffOperations,
  publicOperationsDisagreeing,
  type RequestBody,
  requestBodies,
  routingContract,
  sessionOperations,
  streamedMediaTypes,
} from './bff-contract.ts';
import { contractRoutes } from './contract-routes.ts';

/**
 * Options for Fastify's Ajv (set in app.ts): the contract's schemas carry OpenAPI keywords
 * (`example`, `discriminator`, `x-*`) and formats (`int32`, `binary`…) that Ajv does not know.
 */
export const CONTRACT_AJV_OPTIONS = {
  strictSchema: false,
  formats: { int32: true, int64: true, binary: true, html: true, password: true, pdf: true, pptx: true },
} as const;

export interface OpenapiRoutesOptions {
  handlers: OperationHandlers;
}

/** What every `routes/<tag>/<tag>-routes.ts` exports: the tag's handlers, given the app (its plugins' decorations) and the config. */
export type TagRoutes = (app: FastifyInstance, config: Config) => OperationHandlers;

async function requireSession(request: FastifyRequest) {
  if (!request.session) throw sessionEnded();
}

/** After the session: a role the operation is refused to (bff/roles.ts) gets 403 before anything is read. */
function refuseRoles(operationId: OperationId) {
  return async (request: FastifyRequest) => {
    const refusal = roleRefusal(operationId, request.session?.flags);
    if (refusal) throw refusal;
  };
}

function notImplemented(operationId: string): OperationHandler<OperationId> {
  return async () => {
    throw problem(501, 'not_implemented', `${operationId} is not available yet.`, 'Not implemented');
  };
}

/** The context a handler gets: everything it may use of the request, nothing of Fastify. */
function contextOf(request: FastifyRequest): OperationContext {
  return {
    session: request.session,
    get legacy() {
      return request.legacy;
    },
    get publicLegacy() {
      return request.publicLegacy;
    },
    legacyWithCookie: (cookie) => request.legacyWithCookie(cookie),
    log: request.log,
    get signal() {
      return request.clientGone;
    },
    headers: request.headers,
    startSession: (session) => request.startSession(session),
    endSession: () => request.endSession(),
    sessions: {
      list: () => request.accountSessions(),
      endOthers: (options) => request.endOtherSessions(options),
      endAll: (account) => request.endAccountSessions(account),
    },
  };
}

type ValidationFailure = { instancePath: string; params: Record<string, unknown> };

/** The failures of a refused request, each as where + dotted field (a missing property counts as its own field). */
type ValidationError = NonNullable<FastifyRequest['validationError']>;

function invalidFields(error: ValidationError): InvalidField[] {
  const where = (error.validationContext ?? 'body') as InvalidField['in'];
  return ((error.validation ?? []) as ValidationFailure[]).map(({ instancePath, params }) => ({
    in: where,
    ...failedField(instancePath, params),
  }));
}

/** The answer to input the contract refused: the operation's own rule or form check, else `otherwise` (validation_failed). */
function refusal(failures: InvalidField[], body: unknown, invalid: InvalidInput | undefined, otherwise: Error): Error {
  const rule = invalid?.rules?.find(({ when }) => failures.every(when));
  if (rule) return rule.answer();
  if (failures.every((failure) => failure.in === 'body')) return invalid?.form?.(body) ?? otherwise;
  return otherwise;
}

const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';

/**
 * Before validation: a body in a media type the contract does not declare is 415, a missing required one 400.
 * (Fastify validates only the JSON body against its schema: a `text/plain` or empty body reached the handler unchecked.)
 */
function checkBody(declared: RequestBody | undefined, invalid: InvalidInput | undefined) {
  return async (request: FastifyRequest) => {
    if (!declared) return;
    const type = mediaTypeOf(request.headers['content-type']);
    if ((request.body !== undefined || type !== '') && !declared.types.has(type)) {
      throw problem(415, 'unsupported_media_type', `The body must be ${[...declared.types].join(' or ')}.`, 'Failed');
    }
    if (declared.required && request.body === undefined) {
      const missing = problem(400, 'validation_failed', 'The request is not valid.', 'Failed', {
        errors: [{ field: 'body', message: 'is required' }],
      });
      // The operation's own answer to a refused form applies to a missing one too (e.g. the login page's message).
      throw refusal([{ in: 'body', field: 'body', missing: true }], undefined, invalid, missing);
    }
  };
}

function routeOf(
  operationId: OperationId,
  route: OperationHandler<OperationId> | OperationRoute<OperationId> | undefined,
  body: RequestBody | undefined,
) {
  // A route without a handler says so in its config (the bad-input suite leaves those out).
  const { handler, invalid, config, bodyLimit } =
    typeof route === 'function' ? { handler: route } : (route ?? { handler: notImplemented(operationId), config: { implemented: false } });
  return {
    ...(config && { config }),
    ...(bodyLimit && { bodyLimit }),
    preValidation: checkBody(body, invalid),
    // The operation answers refused input itself (the spec's texts), so the validation error reaches the handler.
    ...(invalid && { attachValidation: true }),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.validationError && invalid) {
        throw refusal(invalidFields(request.validationError), request.body, invalid, request.validationError);
      }
      // Fastify gives an empty object for an absent query; an absent body stays undefined.
      const input = { params: request.params, query: request.query, body: request.body } as Parameters<typeof handler>[0];
      const answer = await handler(input, contextOf(request) as Parameters<typeof handler>[1]);
      return answer instanceof HttpAnswer ? sendAnswer(reply, answer) : answer;
    },
  };
}

/** Writes a handler's `HttpAnswer` (a status, headers, a JSON body or a stream) to the reply: the one place that does. */
export function sendAnswer(reply: FastifyReply, answer: HttpAnswer<unknown>): FastifyReply {
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

async function openapiRoutes(fastify: FastifyInstance, { handlers }: OpenapiRoutesOptions) {
  const spec = bffContract();
  const operations = bffOperations();
  const secured = sessionOperations(operations);
  const disagreeing = publicOperationsDisagreeing(operations);
  if (disagreeing.length > 0)
    throw new Error(`PUBLIC_OPERATIONS (bff/operation.ts) disagrees with the contract's security on: ${disagreeing.join(', ')}`);
  const bodies = requestBodies(operations);
  const routes = handlers as Record<string, OperationHandler<OperationId> | OperationRoute<OperationId> | undefined>;

  const streamed = streamedMediaTypes(operations);
  const contract = await contractRoutes(routingContract(spec, operations), streamed);

  await fastify.register(async (api) => {
    // Uploads stream through: the body is the request stream, whose size and type the handler checks
    // while reading (the contract's routes keep no body schema for these types).
    for (const type of streamed) api.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    for (const { operationId, method, url, schema } of contract) {
      api.route({
        method,
        url,
        schema,
        ...routeOf(operationId, routes[operationId], bodies.get(operationId)),
        ...(secured.has(operationId) && { onRequest: [requireSession, refuseRoles(operationId)] }),
      });
    }
  });
}

export default fp(openapiRoutes, { name: 'openapi-routes', dependencies: ['problems', 'session', 'client-gone'] });
