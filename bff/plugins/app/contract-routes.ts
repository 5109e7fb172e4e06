// The routes the contract makes — method, URL and request schemas of every operation — as fastify-openapi-glue
// builds them from openapi/bff.yaml, once per process. The glue checks the whole document against the OpenAPI
// schema and resolves it on every registration; a process builds every server from the one contract (the tests
// build one per test), so the routes are made once and each server registers them with its own handlers.
import Fastify, { type RouteOptions } from 'fastify';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import type { JsonObject } from '../../../contract/operations.ts';
import type { OperationId } from '../../operation.ts';

/** One operation's route as the contract makes it (no handler: the server adds its own). */
export interface ContractRoute {
  operationId: OperationId;
  method: RouteOptions['method'];
  url: string;
  schema: NonNullable<RouteOptions['schema']>;
}

const acceptAll = Object.assign(() => true, { schema: {}, schemaEnv: {} }) as never;

let made: Promise<readonly ContractRoute[]> | undefined;

/**
 * The contract's routes, made the first time they are asked for. `streamedTypes` (request bodies read as a
 * stream, uploads) keep no body schema: a schema cannot validate a stream.
 */
export function contractRoutes(specification: JsonObject, streamedTypes: readonly string[]): Promise<readonly ContractRoute[]> {
  made ??= makeRoutes(specification, streamedTypes);
  return made;
}

async function makeRoutes(specification: JsonObject, streamedTypes: readonly string[]): Promise<readonly ContractRoute[]> {
  const routes: ContractRoute[] = [];
  // A scratch server only to collect what the glue registers: its validators are never used, so none is compiled.
  const scratch = Fastify({ logger: false, schemaController: { compilersFactory: { buildValidator: () => () => acceptAll } } });
  for (const type of streamedTypes) scratch.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  scratch.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: OperationId } | undefined)?.operationId;
    // Fastify adds a HEAD route for each GET, with the GET's config: the operation's route is the first.
    if (!operationId || routes.some((made) => made.operationId === operationId)) return;
    const schema = route.schema ?? {};
    const content = (schema.body as { content?: Record<string, unknown> } | undefined)?.content;
    if (content) for (const type of streamedTypes) delete content[type];
    routes.push({ operationId, method: route.method, url: route.url, schema });
  });
  await scratch.register(openapiGlue, {
    specification,
    addCookieSchema: true,
    operationResolver: ((operationId: OperationId) => ({
      config: { operationId },
      handler: async () => undefined,
    })) as unknown as NonNullable<FastifyOpenapiGlueOptions['operationResolver']>,
  });
  await scratch.close();
  return routes;
}
