import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { SEED_POLICY } from '../seed/extras.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { POLICY_ASSIGNMENTS_PATH } from './policy-assignments.ts';

describe('PUT /__sandbox/policy-assignments (a policy waiting for a coach)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const assign = (payload: object) => sandbox.app.inject({ method: 'PUT', url: POLICY_ASSIGNMENTS_PATH, payload });

  it('makes the coach’s policy unsigned and overdue, as the legacy policies list then says', async () => {
    const coach = SEED_COACHES.peer;
    expect((await assign({ coachEmail: coach.email, dueInDays: -1 })).statusCode).toBe(204);
    const assignments = sandbox.store.policyAssignments.filter(
      (entry) => entry.coachUuid === coach.uuid && entry.policyUuid === SEED_POLICY.uuid,
    );
    expect(assignments).toHaveLength(1);
    expect(assignments[0]?.coachSignedAt).toBeNull();
    const cookie = await signIn(sandbox.app, coach.email);
    const list = await injectLegacy(sandbox.app, {
      method: 'GET',
      url: `/api/v2/coaches/${coach.uuid}/policies?onlyActionable=true`,
      headers: { cookie },
    });
    const due = new Date(sandbox.clock.now() - 86_400_000).toISOString().slice(0, 10);
    expect(list.json().policies).toContainEqual(expect.objectContaining({ uuid: SEED_POLICY.uuid, dueAt: due }));
  });

  it('refuses an unknown coach, an unknown policy and a due date that is not whole days', async () => {
    expect((await assign({ coachEmail: 'nobody@example.test', dueInDays: 1 })).statusCode).toBe(400);
    expect((await assign({ coachEmail: SEED_COACHES.peer.email, policyUuid: 'nope', dueInDays: 1 })).statusCode).toBe(400);
    expect((await assign({ coachEmail: SEED_COACHES.peer.email, dueInDays: 1.5 })).statusCode).toBe(400);
  });
});
