// The routes entries' `idempotent` and `idempotentCreate` flags and the contract's Idempotency-Key must agree: an
// action whose handler ignored the key would send twice on a retry, and a key honoured where the contract declares
// none is one no client sends.
import { describe, expect, it } from 'vitest';
import { deref, type JsonObject } from '../../../contract/operations.ts';
import { createValidator } from '../../../contract/validator.ts';
import { MemoryIdempotencyStore } from '../../batch/idempotency-store.ts';
import type { OperationHandler, OperationHandlers, OperationRoute } from '../../operation.ts';
import { bffContract, bffOperations } from './bff-contract.ts';
import { emptyAnswerOf, idempotentBatches, idempotentCreates, idempotentOperations } from './idempotency.ts';

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

describe('idempotentCreates', () => {
  const feedback: OperationHandler<'sendFeedback'> = async () => ({}) as never;
  const options = { waitMs: 1_000 };

  it('wraps the handler of a routes entry that says `idempotentCreate: true`; the batch check then accepts it', () => {
    const wrapped = idempotentCreates({ sendFeedback: { idempotentCreate: true, handler: feedback } }, store, options);
    expect((wrapped.sendFeedback as OperationRoute<'sendFeedback'>).handler).not.toBe(feedback);
    expect(() => idempotentBatches(wrapped, store)).not.toThrow();
  });

  it('refuses a create whose contract declares the key but whose routes entry says neither flag', () => {
    expect(idempotentOperations().has('sendFeedback')).toBe(true);
    const unflagged = idempotentCreates({ sendFeedback: feedback }, store, options);
    expect(() => idempotentBatches(unflagged, store)).toThrow(/disagrees .* on: sendFeedback$/);
  });

  it('refuses `idempotentCreate: true` on an operation whose contract declares no key, or with `idempotent: true` too', () => {
    const dashboard = { idempotentCreate: true, handler: async () => ({}) } as unknown as OperationHandlers['getDashboard'];
    expect(() => idempotentCreates({ getDashboard: dashboard }, store, options)).toThrow(/disagrees .* on: getDashboard$/);
    const both = { idempotent: true, idempotentCreate: true, handler: feedback } as const;
    expect(() => idempotentCreates({ sendFeedback: both }, store, options)).toThrow(/disagrees .* on: sendFeedback$/);
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
