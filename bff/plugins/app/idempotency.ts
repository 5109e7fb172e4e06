// `fastify.idempotency`: the store of the Idempotency-Key records (in Redis when there is one, like the
// sessions), and the check that the routes entries' `idempotent` and `idempotentCreate` flags agree with the
// contract's Idempotency-Key header (plugins/app/batch-runs.ts applies the wrappers).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deref, isObject, type Json, type JsonObject, type Operation } from '../../../contract/operations.ts';
import { type IdempotencyStore, MemoryIdempotencyStore } from '../../batch/idempotency-store.ts';
import { RedisIdempotencyStore } from '../../batch/redis-idempotency-store.ts';
import { flagDisagreements, flaggedOperations, type OperationHandlers } from '../../operation.ts';
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
 * The two flags and the contract's Idempotency-Key must agree (the app refuses to start otherwise): each keyed
 * operation says `idempotent: true` (a batch: batch/idempotent.ts) or `idempotentCreate: true` (an action that makes
 * one record or costs credits: batch/idempotent-create.ts), never both; neither flag without the key (a handler
 * that would ignore a key the client sends, or honour one the client was never told about).
 */
export function checkIdempotentFlags(handlers: OperationHandlers): void {
  const keyed = idempotentOperations();
  const batches = new Set<string>(flaggedOperations(handlers, 'idempotent'));
  const flagged = flaggedOperations(handlers, 'idempotentCreate');
  const creating = flagged.filter((operationId) => !keyed.has(operationId) || batches.has(operationId));
  if (creating.length > 0)
    throw new Error(`\`idempotentCreate: true\` in bff/routes disagrees with the contract's Idempotency-Key on: ${creating.join(', ')}`);
  const creates = new Set<string>(flagged);
  const disagreeing = flagDisagreements(handlers, 'idempotent', new Set([...keyed].filter((operationId) => !creates.has(operationId))));
  if (disagreeing.length > 0)
    throw new Error(`\`idempotent: true\` in bff/routes disagrees with the contract's Idempotency-Key on: ${disagreeing.join(', ')}`);
}

export interface IdempotencyOptions {
  /** Replaces the store (tests). */
  store?: IdempotencyStore | undefined;
}

async function idempotency(fastify: FastifyInstance, { store }: IdempotencyOptions) {
  fastify.decorate('idempotency', store ?? (fastify.redis ? new RedisIdempotencyStore(fastify.redis) : new MemoryIdempotencyStore()));
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['redis'] });
