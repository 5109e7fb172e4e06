// `fastify.idempotency`: the store of the Idempotency-Key records (in Redis when there is one, like the
// sessions), and the wrappers app.ts applies: `idempotentBatches` to every routes entry that says
// `idempotent: true`, `idempotentCreates` to every one that says `idempotentCreate: true` (each an operation
// whose contract declares the header).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deref, isObject, type Json, type JsonObject, type Operation } from '../../../contract/operations.ts';
import { type IdempotencyStore, MemoryIdempotencyStore, RedisIdempotencyStore } from '../../batch/idempotency-store.ts';
import { idempotent } from '../../batch/idempotent.ts';
import { type IdempotentCreateOptions, idempotentCreate } from '../../batch/idempotent-create.ts';
import { flagDisagreements, flaggedOperations, type OperationHandlers, type OperationId, type OperationRoute } from '../../operation.ts';
import { bffContract, bffOperations } from './bff-contract.ts';

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
 * The answer of a batch that ran no item, from the contract's success schema: every required count 0, every
 * required list empty, every required flag false; undefined for an answer that is not a per-item result or needs what the ledger does
 * not hold. A repeat whose items an earlier attempt all recorded answers
 * this with the recorded outcomes added (batch/idempotent.ts), without calling the handler.
 */
export function emptyAnswerOf(operationId: string, operations: readonly Operation[] = bffOperations(), doc: JsonObject = bffContract()) {
  const operation = operations.find((candidate) => candidate.operationId === operationId)?.operation;
  const responses = operation && deref(doc, operation.responses);
  const success = isObject(responses) ? deref(doc, responses['200'] ?? responses['201']) : undefined;
  const content = isObject(success) && isObject(success.content) ? success.content['application/json'] : undefined;
  const answer: Record<string, unknown> = {};
  let told = true;
  const collect = (schema: Json | undefined): void => {
    const resolved = deref(doc, schema);
    if (!isObject(resolved)) return;
    for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : []) collect(part);
    const properties = isObject(resolved.properties) ? resolved.properties : {};
    for (const name of Array.isArray(resolved.required) ? resolved.required : []) {
      const property = deref(doc, properties[name as string]);
      const type = isObject(property) ? property.type : undefined;
      if (type === 'integer' || type === 'number') answer[name as string] = 0;
      else if (type === 'array') answer[name as string] = [];
      else if (type === 'boolean') answer[name as string] = false;
      else told = false; // a text or an object (the coach an SCO went to) the ledger does not hold
    }
  };
  collect(isObject(content) ? content.schema : undefined);
  // Only a per-item result (the contract's BatchResult) can be told from the ledger alone.
  return told && 'total' in answer && 'failed' in answer ? answer : undefined;
}

/**
 * Every handler whose routes entry says `idempotent: true`, wrapped to honour the key. The flag and the
 * contract's Idempotency-Key must agree (a handler that would ignore a key the client sends, or honour one the
 * client was never told about, stops the app at start).
 */
export function idempotentBatches(handlers: OperationHandlers, store: IdempotencyStore): OperationHandlers {
  const creates = new Set<string>(flaggedOperations(handlers, 'idempotentCreate'));
  const batches = new Set([...idempotentOperations()].filter((operationId) => !creates.has(operationId)));
  const disagreeing = flagDisagreements(handlers, 'idempotent', batches);
  if (disagreeing.length > 0)
    throw new Error(`\`idempotent: true\` in bff/routes disagrees with the contract's Idempotency-Key on: ${disagreeing.join(', ')}`);
  const wrapped: OperationHandlers = { ...handlers };
  for (const operationId of flaggedOperations(handlers, 'idempotent')) {
    const route = handlers[operationId] as OperationRoute<OperationId>;
    const nothingLeft = emptyAnswerOf(operationId);
    (wrapped as Record<string, unknown>)[operationId] = { ...route, handler: idempotent(operationId, route.handler, store, nothingLeft) };
  }
  return wrapped;
}

/**
 * Every handler whose routes entry says `idempotentCreate: true` (an action that makes one record or costs
 * credits), wrapped to answer a repeat with the first outcome (batch/idempotent-create.ts). The flag needs the
 * contract's Idempotency-Key (the app refuses to start otherwise); `idempotentBatches` checks that no keyed
 * operation is left without either flag.
 */
export function idempotentCreates(
  handlers: OperationHandlers,
  store: IdempotencyStore,
  options: IdempotentCreateOptions,
): OperationHandlers {
  const keyed = idempotentOperations();
  const batches = new Set<string>(flaggedOperations(handlers, 'idempotent'));
  const flagged = flaggedOperations(handlers, 'idempotentCreate');
  const disagreeing = flagged.filter((operationId) => !keyed.has(operationId) || batches.has(operationId));
  if (disagreeing.length > 0)
    throw new Error(`\`idempotentCreate: true\` in bff/routes disagrees with the contract's Idempotency-Key on: ${disagreeing.join(', ')}`);
  const wrapped: OperationHandlers = { ...handlers };
  for (const operationId of flagged) {
    const route = handlers[operationId] as OperationRoute<OperationId>;
    (wrapped as Record<string, unknown>)[operationId] = { ...route, handler: idempotentCreate(operationId, route.handler, store, options) };
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
