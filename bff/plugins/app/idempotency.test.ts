// The routes entries' `idempotent` flag and the contract's Idempotency-Key must agree: a batch action whose
// handler ignored the key would send twice on a retry, and a key honoured where the contract declares none is
// one no client sends.
import { describe, expect, it } from 'vitest';
import { deref, type JsonObject } from '../../../contract/operations.ts';
import { createValidator } from '../../../contract/validator.ts';
import { MemoryIdempotencyStore } from '../../batch/idempotency-store.ts';
import type { OperationHandler, OperationHandlers, OperationRoute } from '../../operation.ts';
import { emptyAnswerOf, idempotentBatches, idempotentOperations } from './idempotency.ts';
import { bffContract, bffOperations } from './openapi-routes.ts';

const handler: OperationHandler<'deleteTeams'> = async () => ({ total: 0, succeeded: 0, failed: [], notAttempted: 0 });
const store = new MemoryIdempotencyStore();

describe('idempotentBatches', () => {
  it("wraps the handler of a routes entry that says `idempotent: true`, and keeps the entry's other fields", () => {
    const invalid = { rules: [] };
    const wrapped = idempotentBatches({ deleteTeams: { invalid, idempotent: true, handler } }, store);
    const route = wrapped.deleteTeams as OperationRoute<'deleteTeams'>;
    expect(route.handler).not.toBe(handler);
    expect(route.invalid).toBe(invalid);
  });

  it('refuses a batch action whose contract declares the key but whose routes entry does not say so', () => {
    expect(idempotentOperations().has('deleteTeams')).toBe(true);
    expect(() => idempotentBatches({ deleteTeams: handler }, store)).toThrow(/disagrees .* on: deleteTeams$/);
  });

  it('refuses `idempotent: true` on an operation whose contract declares no key', () => {
    const dashboard = { idempotent: true, handler: async () => ({}) } as unknown as OperationHandlers['getDashboard'];
    expect(idempotentOperations().has('getDashboard')).toBe(false);
    expect(() => idempotentBatches({ getDashboard: dashboard }, store)).toThrow(/disagrees .* on: getDashboard$/);
  });
});

describe('emptyAnswerOf', () => {
  it("is the contract's success answer with nothing done: every required count 0 and list empty", () => {
    expect(emptyAnswerOf('sendInvites')).toEqual({
      total: 0,
      succeeded: 0,
      failed: [],
      notAttempted: 0,
      skippedCompleted: 0,
      reminders: 0,
      drafts: [],
    });
    expect(emptyAnswerOf('deleteTeams')).toEqual({ total: 0, succeeded: 0, failed: [], notAttempted: 0 });
  });

  it('is an answer the contract accepts for every batch action over a selection of ids', () => {
    const doc = bffContract();
    const validate = createValidator(doc);
    const overIds = bffOperations().filter(
      ({ operationId, requestBody }) => idempotentOperations().has(operationId) && JSON.stringify(requestBody ?? {}).includes('"ids"'),
    );
    expect(overIds.length).toBeGreaterThan(5);
    for (const { operationId, operation } of overIds) {
      const empty = emptyAnswerOf(operationId);
      if (!empty) continue;
      const responses = deref(doc, operation.responses) as JsonObject;
      const success = deref(doc, responses['200'] ?? responses['201']) as JsonObject;
      const schema = ((success.content as JsonObject)['application/json'] as JsonObject).schema as JsonObject;
      expect([operationId, validate(schema, empty)]).toEqual([operationId, []]);
    }
  });
});
