// The routes entries' `idempotent` and `idempotentCreate` flags and the contract's Idempotency-Key must agree: an
// action whose handler ignored the key would send twice on a retry, and a key honoured where the contract declares
// none is one no client sends.
import { describe, expect, it } from 'vitest';
import { deref, type JsonObject } from '../../../contract/operations.ts';
import { createValidator } from '../../../contract/validator.ts';
import type { OperationHandler, OperationHandlers } from '../../operation.ts';
import { bffContract, bffOperations } from './bff-contract.ts';
import { checkIdempotentFlags, emptyAnswerOf, idempotentOperations } from './idempotency.ts';

const handler: OperationHandler<'deleteTeams'> = async () => ({ total: 0, succeeded: 0, failed: [], notAttempted: 0 });

describe('checkIdempotentFlags', () => {
  it('accepts a batch action that says `idempotent: true` as its contract declares the key', () => {
    expect(() => checkIdempotentFlags({ deleteTeams: { idempotent: true, handler } })).not.toThrow();
  });

  it('refuses a batch action whose contract declares the key but whose routes entry does not say so', () => {
    expect(idempotentOperations().has('deleteTeams')).toBe(true);
    expect(() => checkIdempotentFlags({ deleteTeams: handler })).toThrow(/disagrees .* on: deleteTeams$/);
  });

  it('refuses `idempotent: true` on an operation whose contract declares no key', () => {
    const dashboard = { idempotent: true, handler: async () => ({}) } as unknown as OperationHandlers['getDashboard'];
    expect(idempotentOperations().has('getDashboard')).toBe(false);
    expect(() => checkIdempotentFlags({ getDashboard: dashboard })).toThrow(/disagrees .* on: getDashboard$/);
  });
});

describe('checkIdempotentFlags on creates', () => {
  const feedback: OperationHandler<'sendFeedback'> = async () => ({}) as never;

  it('accepts a create that says `idempotentCreate: true` as its contract declares the key', () => {
    expect(() => checkIdempotentFlags({ sendFeedback: { idempotentCreate: true, handler: feedback } })).not.toThrow();
  });

  it('refuses a create whose contract declares the key but whose routes entry says neither flag', () => {
    expect(idempotentOperations().has('sendFeedback')).toBe(true);
    expect(() => checkIdempotentFlags({ sendFeedback: feedback })).toThrow(/disagrees .* on: sendFeedback$/);
  });

  it('refuses `idempotentCreate: true` on an operation whose contract declares no key, or with `idempotent: true` too', () => {
    const dashboard = { idempotentCreate: true, handler: async () => ({}) } as unknown as OperationHandlers['getDashboard'];
    expect(() => checkIdempotentFlags({ getDashboard: dashboard })).toThrow(/disagrees .* on: getDashboard$/);
    const both = { idempotent: true, idempotentCreate: true, handler: feedback } as const;
    expect(() => checkIdempotentFlags({ sendFeedback: both })).toThrow(/disagrees .* on: sendFeedback$/);
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
