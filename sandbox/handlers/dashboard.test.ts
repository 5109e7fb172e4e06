import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { signIn, type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';

const demo = SEED_COACHES.demo.uuid;

describe('dashboard, messages, policies, balance (spec coach-shell §2.3, §2.9, §2.10)', () => {
  let sandbox: TestSandbox;
  let cookie: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    cookie = await signIn(sandbox.app, SEED_COACHES.demo.email);
  });
  afterAll(() => sandbox.app.close());
  const get = (url: string) => sandbox.app.inject({ method: 'GET', url, headers: { cookie } });

  it('answers the dashboard with a policy alert and a message to acknowledge', async () => {
    const info = (await get(`/api/v2/coaches/${demo}/dashboardInfo`)).json();
    expect(info).toMatchObject({ coachName: 'Amara', coachSurname: 'Nkosi', policyAlert: true });
    expect(info.messagesToAck).toEqual([expect.objectContaining({ subject: 'Planned maintenance on Saturday' })]);
    expect(info.tokens.length).toBeGreaterThan(100);
  });

  it('marks messages read once acknowledged', async () => {
    const before = (await get(`/api/v3/coaches/${demo}/messages?all=true`)).json();
    expect(before.messages.filter((m: { newMessage: boolean }) => m.newMessage)).toHaveLength(2);
    await get(`/api/v3/coaches/${demo}/ackedLatestMessages`);
    const after = (await get(`/api/v3/coaches/${demo}/messages?all=true`)).json();
    expect(after.messages.some((m: { newMessage: boolean }) => m.newMessage)).toBe(false);
    expect((await get(`/api/v2/coaches/${demo}`)).json().newMessages).toBe(0);
  });

  it('lists the policy to sign', async () => {
    const { policies } = (await get(`/api/v2/coaches/${demo}/policies?onlyActionable=true`)).json();
    expect(policies).toEqual([expect.objectContaining({ code: 'COC-2025', userActionDisplayText: 'Sign' })]);
  });

  it('lists balance history newest first, its last balance matching the coach record', async () => {
    const history = (await get(`/api/v2/coaches/${demo}/balanceTransactions`)).json();
    const coach = (await get(`/api/v2/coaches/${demo}`)).json();
    expect(history[0].balance).toBe(coach.tokenBalance);
    expect(history.some((entry: { balance: number }) => entry.balance > 0)).toBe(true);
    expect(history.some((entry: { balance: number }) => entry.balance < 0)).toBe(true);
  });
});
