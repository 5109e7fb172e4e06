// The routes entries' `idempotent` flag and the contract's Idempotency-Key must agree: a batch action whose
// handler ignored the key would send twice on a retry, and a key honoured where the contract declares none is
// one no client sends.
import { describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore } from '../../batch/idempotency-store.ts';
import type { OperationHandler, OperationHandlers, OperationRoute } from '../../operation.ts';
import { idempotentBatches, idempotentOperations } from './idempotency.ts';

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
