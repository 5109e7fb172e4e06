// `fastify.idempotency`: the store of the batch actions' Idempotency-Key records (in Redis when there is
// one, like the sessions), and `idempotentBatches`, which app.ts wraps around every handler whose
// operation declares the header in the contract.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type IdempotencyStore, MemoryIdempotencyStore, RedisIdempotencyStore } from '../../batch/idempotency-store.ts';
import { idempotent } from '../../batch/idempotent.ts';
import type { OperationHandler, OperationHandlers, OperationId, OperationRoute } from '../../operation.ts';
import { bffContract } from './openapi-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyStore;
  }
}

type Json = Record<string, unknown>;

/** The operations whose contract declares the Idempotency-Key header. */
export function idempotentOperations(spec: Json = bffContract()): Set<string> {
  const found = new Set<string>();
  const shared = ((spec.components as Json | undefined)?.parameters ?? {}) as Record<string, Json>;
  const resolved = (parameter: Json): Json =>
    typeof parameter.$ref === 'string' ? (shared[parameter.$ref.replace('#/components/parameters/', '')] ?? {}) : parameter;
  for (const item of Object.values((spec.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item) as Json[]) {
      const parameters = ((operation?.parameters ?? []) as Json[]).map(resolved);
      if (typeof operation?.operationId !== 'string') continue;
      if (parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'))
        found.add(operation.operationId);
    }
  }
  return found;
}

/** Every handler of an operation that takes an Idempotency-Key, wrapped to honour it. */
export function idempotentBatches(handlers: OperationHandlers, store: IdempotencyStore): OperationHandlers {
  const wrapped: OperationHandlers = { ...handlers };
  for (const operationId of idempotentOperations() as Set<OperationId>) {
    const route = handlers[operationId] as OperationHandler<OperationId> | OperationRoute<OperationId> | undefined;
    if (!route) continue;
    const handler = idempotent(operationId, typeof route === 'function' ? route : route.handler, store);
    (wrapped as Record<string, unknown>)[operationId] = typeof route === 'function' ? handler : { ...route, handler };
  }
  return wrapped;
}

async function idempotency(fastify: FastifyInstance) {
  const store: IdempotencyStore = fastify.redis ? new RedisIdempotencyStore(fastify.redis) : new MemoryIdempotencyStore();
  fastify.decorate('idempotency', store);
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['redis'] });
