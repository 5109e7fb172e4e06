// listPolicies and getPolicyAlert against a legacy stand-in that answers what each test tells it: the calls
// made (the policies are asked for only while the alert is up), the mapping of dates, and the failures: a
// date it cannot read, a 5xx or garbage are 502, no answer in time 504, a 403 ends the session.
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const ALERT_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/policyAlert`;
const POLICIES_PATH = `GET /api/v2/coaches/${LEGACY_COACH_ID}/policies`;

let bff: FaultBff;

async function start(): Promise<void> {
  bff = await startFaultBff();
}

const get = (url: string) => injectChecked(bff.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: bff.session } });
const calls = (route: string) => bff.upstream.received.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);
const policy = (fields: Record<string, unknown> = {}) => ({
  uuid: '90110000-0000-4000-8000-000000000001',
  title: 'Data Processing Agreement',
  code: 'DPA-2025',
  dueAt: '2999-01-31',
  userActionDisplayText: 'Sign',
  ...fields,
});

afterEach(async () => {
  await bff?.close();
});

describe('listPolicies', () => {
  it('maps the legacy dates to date-times, marks past ones overdue and links each public page', async () => {
    await start();
    bff.upstream.answer(POLICIES_PATH, {
      status: 200,
      json: {
        policies: [policy(), policy({ uuid: '90110000-0000-4000-8000-000000000002', dueAt: '2000-01-01' }), policy({ dueAt: null })],
      },
    });
    const { items } = (await get('/api/policies?onlyActionable=true')).json();
    expect(items.map(({ dueAt, overdue }: { dueAt: string; overdue: boolean }) => [dueAt, overdue])).toEqual([
      ['2999-01-31T00:00:00Z', false],
      ['2000-01-01T00:00:00Z', true],
      [null, false],
    ]);
    expect(items[0].url).toBe(`/coachportal/policies/${LEGACY_COACH_ID}/90110000-0000-4000-8000-000000000001`);
    expect(calls(POLICIES_PATH)[0]?.url).toContain('onlyActionable=true');
  });

  it.each<[string, CannedAnswer, number, string]>([
    ['a date it cannot read', { status: 200, json: { policies: [policy({ dueAt: 'soon' })] } }, 502, 'upstream_error'],
    ['a 5xx', { status: 500, json: { error: { info: 'down' } } }, 502, 'upstream_error'],
    ['garbage', { fault: 'garbage' }, 502, 'upstream_error'],
    ['no answer in time', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
    ['a 403', { status: 403, json: { error: { info: 'Forbidden' } } }, 401, 'session_ended'],
  ])('answers %s (%j) with %i %s', async (_name, answer, status, code) => {
    await start();
    bff.upstream.answer(POLICIES_PATH, answer);
    const response = await get('/api/policies');
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});

describe('getPolicyAlert', () => {
  it('asks for no policies while the alert is down', async () => {
    await start();
    bff.upstream.answer(ALERT_PATH, { status: 200, json: { policyAlert: false } });
    expect((await get('/api/policies/alert')).json()).toEqual({ policyAlert: false, overdue: false, earliestDueAt: null });
    expect(calls(POLICIES_PATH)).toHaveLength(0);
  });

  it('takes the earliest due date of the actionable policies (undated ones do not count)', async () => {
    await start();
    bff.upstream.answer(ALERT_PATH, { status: 200, json: { policyAlert: true } });
    bff.upstream.answer(POLICIES_PATH, {
      status: 200,
      json: { policies: [policy({ dueAt: null }), policy({ dueAt: '2999-03-01' }), policy({ dueAt: '2001-02-03' })] },
    });
    expect((await get('/api/policies/alert')).json()).toEqual({ policyAlert: true, overdue: true, earliestDueAt: '2001-02-03T00:00:00Z' });
  });

  it('is up but never overdue when no policy has a due date', async () => {
    await start();
    bff.upstream.answer(ALERT_PATH, { status: 200, json: { policyAlert: true } });
    bff.upstream.answer(POLICIES_PATH, { status: 200, json: { policies: [policy({ dueAt: null })] } });
    expect((await get('/api/policies/alert')).json()).toEqual({ policyAlert: true, overdue: false, earliestDueAt: null });
  });

  it.each<[string, string, CannedAnswer, number, string]>([
    ['the alert', 'alert', { status: 500 }, 502, 'upstream_error'],
    ['the alert', 'alert', { fault: 'slow', delayMs: 2_000 }, 504, 'upstream_timeout'],
    ['the alert', 'alert', { status: 403, json: { error: { info: 'Forbidden' } } }, 401, 'session_ended'],
    ['the policies', 'policies', { status: 502 }, 502, 'upstream_error'],
  ])('answers a failure of %s (%s: %j) with %i %s', async (_name, which, answer, status, code) => {
    await start();
    bff.upstream.answer(ALERT_PATH, which === 'alert' ? answer : { status: 200, json: { policyAlert: true } });
    if (which === 'policies') bff.upstream.answer(POLICIES_PATH, answer);
    const response = await get('/api/policies/alert');
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });
});
