import { describe, expect, it } from 'vitest';
import { flagDisagreements, flaggedOperations, type OperationHandlers } from './operation.ts';

const handler = async () => ({}) as never;
const handlers = {
  sendInvites: { idempotent: true, changesLists: true, handler },
  copyAssessmentLink: { changesLists: true, handler },
  getDashboard: handler,
} as unknown as OperationHandlers;

describe('route flags', () => {
  it('name the operations whose routes entry sets them (a bare handler sets none)', () => {
    expect(flaggedOperations(handlers, 'changesLists')).toEqual(['sendInvites', 'copyAssessmentLink']);
    expect(flaggedOperations(handlers, 'idempotent')).toEqual(['sendInvites']);
  });

  it('disagree where an operation with a handler is flagged and should not be, or should be and is not', () => {
    expect(flagDisagreements(handlers, 'changesLists', new Set(['sendInvites', 'copyAssessmentLink']))).toEqual([]);
    expect(flagDisagreements(handlers, 'changesLists', new Set(['sendInvites', 'getDashboard']))).toEqual([
      'copyAssessmentLink',
      'getDashboard',
    ]);
    // An operation without a handler yet (501) has no entry to flag.
    expect(flagDisagreements(handlers, 'idempotent', new Set(['sendInvites', 'deleteTeams']))).toEqual([]);
  });
});
