// listPolicies and getPolicyAlert against the stateful sandbox legacy API: the demo coach's seeded policy to
// sign (due in 14 days), then overdue once its due date has come, then no alert once signed. Every answer is
// checked against the contract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';

const DEMO = SEED_COACHES.demo;
const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let bff: SandboxBff;
let session: string;

beforeEach(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 5 }));
});
afterEach(() => bff?.close());

const get = (url: string) => injectChecked(bff.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });
const demoAssignments = () => bff.store.policyAssignments.filter((assignment) => assignment.coachUuid === DEMO.uuid);

describe('listPolicies', () => {
  it('lists the policies to sign with their due date, overdue mark and public page', async () => {
    const response = await get('/api/policies?onlyActionable=true');
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.length).toBe(demoAssignments().length);
    const [first] = items;
    expect(first).toMatchObject({
      dueAt: `${dateIn(14)}T00:00:00Z`,
      overdue: false,
      userActionDisplayText: expect.stringMatching(/^(Sign|Accept)$/),
    });
    expect(first.url).toBe(`/coachportal/policies/${DEMO.uuid}/${first.uuid}`);
  });

  it('marks a policy overdue from its due date on, and leaves out signed ones when only the actionable are asked', async () => {
    const [assignment, ...others] = demoAssignments();
    if (!assignment) throw new Error('the demo coach has no policy');
    assignment.dueAt = dateIn(0);
    for (const other of others) other.coachSignedAt = '2025-01-01 10:00:00';
    const { items } = (await get('/api/policies?onlyActionable=true')).json();
    expect(items).toEqual([expect.objectContaining({ uuid: assignment.policyUuid, overdue: true })]);
    expect((await get('/api/policies')).json().items).toHaveLength(others.length + 1);
  });
});

describe('getPolicyAlert', () => {
  it('is up and not overdue while the earliest due date is ahead', async () => {
    expect((await get('/api/policies/alert')).json()).toEqual({
      policyAlert: true,
      overdue: false,
      earliestDueAt: `${dateIn(14)}T00:00:00Z`,
    });
  });

  it('is overdue from the earliest due date on (yesterday)', async () => {
    const [assignment] = demoAssignments();
    if (!assignment) throw new Error('the demo coach has no policy');
    assignment.dueAt = dateIn(-1);
    expect((await get('/api/policies/alert')).json()).toEqual({
      policyAlert: true,
      overdue: true,
      earliestDueAt: `${dateIn(-1)}T00:00:00Z`,
    });
  });

  it('is down once every policy is signed', async () => {
    for (const assignment of demoAssignments()) {
      assignment.dueAt = dateIn(-3);
      assignment.coachSignedAt = '2025-01-01 10:00:00';
    }
    expect((await get('/api/policies/alert')).json()).toEqual({ policyAlert: false, overdue: false, earliestDueAt: null });
  });

  it('needs a session', async () => {
    const response = await injectChecked(bff.server, { method: 'GET', url: '/api/policies/alert' });
    expect(response.statusCode).toBe(401);
  });
});
