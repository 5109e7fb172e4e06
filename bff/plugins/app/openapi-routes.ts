// Every /api route comes from openapi/bff.yaml through fastify-openapi-glue: method, path and request
// validation from the contract, handlers keyed by operationId. An operation without a handler
// answers 501 `not_implemented`, never a fake success. Request bodies other than JSON (uploads) reach
// their handler as the unparsed stream.
import { readFileSync } from 'node:fs';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import fp from 'fastify-plugin';
import { parse } from 'yaml';
import type { operations } from '../../../generated/bff.ts';
import { SESSION_ENDED_DETAIL } from '../../upstream/legacy-client.ts';
import { problem } from './problems.ts';

export const BFF_CONTRACT_FILE = new URL('../../../openapi/bff.yaml', import.meta.url);

export type OperationId = keyof operations & string;
type Operation<K extends OperationId> = operations[K];
type Content<T> = T extends { content: infer C } ? C : never;
type JsonOf<T> = T extends { 'application/json': infer B } ? B : never;
type ParametersOf<K extends OperationId, Where extends string> =
  Operation<K> extends { parameters: infer P }
    ? P extends Record<Where, infer V>
      ? V
      : P extends Partial<Record<Where, infer V>>
        ? Exclude<V, undefined>
        : never
    : never;
type BodyOf<K extends OperationId> = Operation<K> extends { requestBody?: infer R } ? JsonOf<Content<Exclude<R, undefined>>> : never;
type Success<K extends OperationId> =
  Operation<K> extends { responses: infer R }
    ? { [S in keyof R]: S extends 200 | 201 | 202 ? JsonOf<Content<R[S]>> : never }[keyof R]
    : never;

/** The request of one operation, typed from generated/bff.ts. */
export type OperationRequest<K extends OperationId> = FastifyRequest<{
  Body: BodyOf<K>;
  Params: ParametersOf<K, 'path'>;
  Querystring: ParametersOf<K, 'query'>;
}>;
/** A handler returns the success body (JSON) or sends something else itself (a stream, a 204) through `reply`. */
export type OperationHandler<K extends OperationId> = (
  request: OperationRequest<K>,
  reply: FastifyReply,
) => Promise<Success<K> | FastifyReply>;
export type OperationRoute<K extends OperationId> =
  | OperationHandler<K>
  | { handler: OperationHandler<K>; config?: FastifyContextConfig; attachValidation?: boolean };
export type OperationHandlers = { [K in OperationId]?: OperationRoute<K> };

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

type OperationResolver = NonNullable<FastifyOpenapiGlueOptions['operationResolver']>;
type Json = { [key: string]: unknown };
let contract: Json | undefined;

/** The bundled contract, parsed once per process (13k lines: every test server would re-read it). */
export function bffContract(): Json {
  contract ??= parse(readFileSync(BFF_CONTRACT_FILE, 'utf8'), { maxAliasCount: -1 }) as Json;
  return contract;
}

const JSON_MEDIA_TYPE = 'application/json';

/**
 * What the router needs of the contract: the request side. Responses keep only their descriptions:
 * they are checked by the tests (test-support/contract.ts), and a serializer built from them would
 * silently drop any field the contract does not list. (The glue also treats every response media type
 * as a body it must parse, and warns for each.)
 */
export function routingContract(spec: Json): Json {
  const paths: Record<string, Json> = {};
  for (const [path, item] of Object.entries((spec.paths ?? {}) as Record<string, Json>)) {
    paths[path] = Object.fromEntries(
      Object.entries(item).map(([key, value]) => {
        const operation = value as Json | undefined;
        if (typeof operation?.operationId !== 'string' || !operation.responses) return [key, value];
        const responses = Object.fromEntries(
          Object.entries(operation.responses as Record<string, Json>).map(([status, response]) => [
            status,
            { description: response.description ?? '' },
          ]),
        );
        return [key, { ...operation, responses }];
      }),
    );
  }
  return { ...spec, paths };
}

/** The media types of the contract's request bodies other than JSON (uploads: multipart/form-data). */
export function streamedMediaTypes(spec: Json): string[] {
  const types = new Set<string>();
  for (const item of Object.values((spec.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      const content = ((operation?.requestBody as Json | undefined)?.content ?? {}) as Json;
      for (const type of Object.keys(content)) if (type !== JSON_MEDIA_TYPE) types.add(type);
    }
  }
  return [...types];
}

/** Operations whose security asks for the session cookie (and offers no anonymous alternative). */
function sessionOperations(spec: Json): Set<string> {
  const secured = new Set<string>();
  const global = (spec.security ?? []) as Json[];
  for (const item of Object.values((spec.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      if (typeof operation?.operationId !== 'string') continue;
      const security = (operation.security ?? global) as Json[];
      if (security.length > 0 && security.every((requirement) => 'session' in requirement)) secured.add(operation.operationId);
    }
  }
  return secured;
}

async function requireSession(request: FastifyRequest) {
  if (!request.session) throw problem(401, 'session_ended', SESSION_ENDED_DETAIL);
}

function notImplemented(operationId: string) {
  return async () => {
    throw problem(501, 'not_implemented', `${operationId} is not available yet.`, 'Not implemented');
  };
}

async function openapiRoutes(fastify: FastifyInstance, { handlers }: OpenapiRoutesOptions) {
  const spec = bffContract();
  const secured = sessionOperations(spec);
  const routes = handlers as Record<string, OperationRoute<OperationId> | undefined>;

  const streamed = streamedMediaTypes(spec);

  await fastify.register(async (api) => {
    // Uploads stream through: the body is the request stream, whose size and type the handler checks
    // while reading (a schema cannot validate a stream, so the route keeps no body schema for these types).
    for (const type of streamed) api.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    api.addHook('onRoute', (route: RouteOptions) => {
      const content = (route.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
      for (const type of streamed) if (content) delete content[type];
    });
    await api.register(openapiGlue, {
      specification: routingContract(spec),
      addCookieSchema: true,
      // The glue spreads what this returns over the route it builds from the contract.
      operationResolver: ((operationId: string) => {
        const route = routes[operationId];
        const options = typeof route === 'function' ? { handler: route } : (route ?? { handler: notImplemented(operationId) });
        return secured.has(operationId) ? { ...options, onRequest: requireSession } : options;
      }) as unknown as OperationResolver,
    });
  });
}

export default fp(openapiRoutes, { name: 'openapi-routes', dependencies: ['problems', 'session'] });
