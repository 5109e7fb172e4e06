// `fastify.idempotency`: the store of the batch actions' Idempotency-Key records (in Redis when there is
// one, like the sessions), and `idempotentBatches`, which app.ts applies to every routes entry that says
// `idempotent: true` (each an operation whose contract declares the header).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Operation } from '../../../contract/operations.ts';
import { type IdempotencyStore, MemoryIdempotencyStore, RedisIdempotencyStore } from '../../batch/idempotency-store.ts';
import { idempotent } from '../../batch/idempotent.ts';
import { flagDisagreements, flaggedOperations, type OperationHandlers, type OperationId, type OperationRoute } from '../../operation.ts';
import { bffOperations } from './openapi-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    idempotency: IdempotencyStore;
  }
}

/** The operations whose contract declares the Idempotency-Key header. */
export function idempotentOperations(operations: readonly Operation[] = bffOperations()): Set<string> {
  return new Set(
    operations
      .filter(({ parameters }) => parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'))
      .map(({ operationId }) => operationId),
  );
}

/**
 * Every handler whose routes entry says `idempotent: true`, wrapped to honour the key. The flag and the
 * contract's Idempotency-Key must agree (a handler that would ignore a key the client sends, or honour one the
 * client was never told about, stops the app at start).
 */
export function idempotentBatches(handlers: OperationHandlers, store: IdempotencyStore): OperationHandlers {
  const disagreeing = flagDisagreements(handlers, 'idempotent', idempotentOperations());
  if (disagreeing.length > 0)
    throw new Error(`\`idempotent: true\` in bff/routes disagrees with the contract's Idempotency-Key on: ${disagreeing.join(', ')}`);
  const wrapped: OperationHandlers = { ...handlers };
  for (const operationId of flaggedOperations(handlers, 'idempotent')) {
    const route = handlers[operationId] as OperationRoute<OperationId>;
    (wrapped as Record<string, unknown>)[operationId] = { ...route, handler: idempotent(operationId, route.handler, store) };
  }
  return wrapped;
}

export interface IdempotencyOptions {
  /** Replaces the store (tests). */
  store?: IdempotencyStore | undefined;
}

async function idempotency(fastify: FastifyInstance, { store }: IdempotencyOptions) {
  fastify.decorate('idempotency', store ?? (fastify.redis ? new RedisIdempotencyStore(fastify.redis) : new MemoryIdempotencyStore()));
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['redis'] });
