import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { SEED_POLICY } from '../seed/extras.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;
const url = `/api/v2/coaches/${demo}/policy/${SEED_POLICY.uuid}`;
const signature = {
  coachTypedName: 'Amara Nkosi',
  coachTypedDate: '20 November 2025',
  extraFields: [
    { name: 'practiceRegistrationNumber', value: 'PR-2019-04471' },
    { name: 'supervisorName', value: 'Dr Nomvula Dlamini' },
  ],
};

describe('the public policy page (spec public-and-guest §2, §4, §5 "Policy")', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const post = (path: string, payload: object) => injectLegacy(sandbox.app, { method: 'POST', url: path, payload });

  it('shows the unsigned policy without a session', async () => {
    const policy = (await injectLegacy(sandbox.app, { method: 'GET', url })).json();
    expect(policy).toMatchObject({ code: 'COC-2025', ackMethod: 'sign', policyCoach: { coachSignedAt: null } });
    expect(policy.extraFields).toHaveLength(2);
  });

  it('refuses a signature without every extra field, or with a too long name', async () => {
    const missing = await post(url, { ...signature, extraFields: signature.extraFields.slice(0, 1) });
    expect(missing.statusCode).toBe(400);
    expect((await post(url, { ...signature, coachTypedName: 'x'.repeat(801) })).statusCode).toBe(400);
  });

  it('signs the policy, shows the typed values, and clears the policy alert', async () => {
    const cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
    const alert = () => sandbox.app.inject({ method: 'GET', url: `/api/v2/coaches/${demo}/policyAlert`, headers: { cookie } });
    expect((await alert()).json()).toEqual({ policyAlert: true });
    expect((await post(url, signature)).json()).toEqual({ success: true });
    const policy = (await injectLegacy(sandbox.app, { method: 'GET', url })).json();
    expect(policy.policyCoach).toEqual({
      coachTypedName: 'Amara Nkosi',
      coachTypedDate: '20 November 2025',
      coachSignedAt: '2025-11-20T10:00:00.000Z',
      coachSignedAtLocal: '2025-11-20 10:00',
    });
    expect((await alert()).json()).toEqual({ policyAlert: false });
    expect((await post(url, signature)).json()).toEqual({ error: { info: 'This policy has already been signed or accepted.' } });
  });

  it('accepts a click-through policy with an empty body', async () => {
    const policyUuid = '90110000-0000-4000-8000-000000000002';
    sandbox.store.policyAssignments.push({
      policyUuid,
      coachUuid: SEED_COACHES.peer.uuid,
      dueAt: null,
      coachTypedName: null,
      coachTypedDate: null,
      coachSignedAt: null,
      extraFieldValues: [],
    });
    const path = `/api/v2/coaches/${SEED_COACHES.peer.uuid}/policy/${policyUuid}`;
    expect((await post(path, {})).json()).toEqual({ success: true });
    expect((await injectLegacy(sandbox.app, { method: 'GET', url: path })).json().policyCoach.coachSignedAt).not.toBeNull();
  });

  it('refuses a policy not addressed to the coach', async () => {
    const response = await injectLegacy(sandbox.app, {
      method: 'GET',
      url: `/api/v2/coaches/${demo}/policy/90110000-0000-4000-8000-000000000002`,
    });
    expect(response.json()).toEqual({ error: { info: 'This policy link is not valid.' } });
  });
});
