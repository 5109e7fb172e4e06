// Wrap / Unwrap, Assign SCO and Revoke SCO against the stateful sandbox legacy API: the legacy records change as
// asked, the refusals of a received or mixed selection, an unknown receiving coach and an e-mail that is not one;
// a given assessment revoked. Every answer is checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';
import { INVALID_EMAIL, NOT_GIVEN } from './assessment-sco-service.ts';

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 40 }));
});
afterAll(() => bff?.close());

const post = (url: string, payload: object) =>
  injectChecked(bff.server, { method: 'POST', url, headers: CSRF, payload, cookies: { [SESSION_COOKIE]: session } });
const demo = SEED_COACHES.demo;
const own = () => [...bff.store.assessments.values()].filter((a) => a.coachUUID === demo.uuid);
const receivedIds = () => bff.store.scoGrants.filter((grant) => grant.toCoachUuid === demo.uuid).map((grant) => grant.assessmentUuid);
const givenTo = (id: string) => bff.store.scoGrants.filter((grant) => grant.assessmentUuid === id).map((grant) => grant.toCoachUuid);

describe('setAssessmentsWrapped', () => {
  it('wraps up unwrapped assessments and unwraps them again', async () => {
    const ids = own()
      .filter((a) => a.coachWrappedUp === 0)
      .slice(0, 3)
      .map((a) => a.uuid);
    const wrapped = await post('/api/assessments/wrap-ups', { ids, wrapped: true });
    expect(wrapped.json()).toEqual({ total: 3, succeeded: 3, failed: [], notAttempted: 0 });
    for (const id of ids) expect(bff.store.assessments.get(id)?.coachWrappedUp).toBe(1);
    expect((await post('/api/assessments/wrap-ups', { ids, wrapped: false })).json().succeeded).toBe(3);
    for (const id of ids) expect(bff.store.assessments.get(id)?.coachWrappedUp).toBe(0);
  });

  it('refuses a mixed selection and one with a received assessment, changing nothing', async () => {
    const [first, second] = own().filter((a) => a.coachWrappedUp === 0);
    if (!first || !second) throw new Error('seed');
    await post('/api/assessments/wrap-ups', { ids: [first.uuid], wrapped: true });
    const mixed = await post('/api/assessments/wrap-ups', { ids: [first.uuid, second.uuid], wrapped: true });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('mixed_wrap_selection');
    expect(bff.store.assessments.get(second.uuid)?.coachWrappedUp).toBe(0);
    const [received] = receivedIds();
    const refused = await post('/api/assessments/wrap-ups', { ids: [second.uuid, received as string], wrapped: true });
    expect(refused.json().code).toBe('received_from_another_coach');
  });
});

describe('assignAssessmentSco and revokeAssessmentSco', () => {
  it('gives assessments to the peer coach, then takes them back', async () => {
    const ids = own()
      .filter((a) => givenTo(a.uuid).length === 0)
      .slice(0, 2)
      .map((a) => a.uuid);
    const assigned = await post('/api/assessments/sco-assignments', { ids, coachEmail: SEED_COACHES.peer.email });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ total: 2, succeeded: 2, newlyGiven: 2 });
    for (const id of ids) expect(givenTo(id)).toEqual([SEED_COACHES.peer.uuid]);

    const given = await injectChecked(bff.server, {
      method: 'GET',
      url: '/api/assessments?view=given&pageSize=500',
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(given.json().items.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining(ids));

    const revoked = await post('/api/assessments/sco-revocations', { ids, coachId: SEED_COACHES.peer.uuid });
    expect(revoked.json()).toEqual({ total: 2, succeeded: 2, failed: [], notAttempted: 0 });
    for (const id of ids) expect(givenTo(id)).toEqual([]);
    const again = await post('/api/assessments/sco-revocations', { ids });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'not_given', detail: NOT_GIVEN });
  });

  it("refuses an address that is no coach's with the legacy text, and one that is not an address", async () => {
    const [first] = own();
    const unknown = await post('/api/assessments/sco-assignments', { ids: [first?.uuid], coachEmail: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('unknown_coach');
    expect(unknown.json().detail).toMatch(/^That email address is not associated with a coach registered on the .+ system$/);
    for (const coachEmail of ['not-an-address', `${'a'.repeat(40)}@x.test`]) {
      const invalid = await post('/api/assessments/sco-assignments', { ids: [first?.uuid], coachEmail });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ code: 'validation_failed', detail: INVALID_EMAIL });
    }
  });

  it('refuses to pass on a received assessment', async () => {
    const [received] = receivedIds();
    const response = await post('/api/assessments/sco-assignments', { ids: [received], coachEmail: SEED_COACHES.peer.email });
    expect(response.json().code).toBe('received_from_another_coach');
  });
});
