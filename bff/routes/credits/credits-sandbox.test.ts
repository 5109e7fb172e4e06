// getCredits, listCreditTransactions, orderCredits and cancelCreditOrder against the stateful sandbox legacy API:
// the demo coach's balance and price lists, the history sorted and paged, one pending bulk order at a time
// (placed, refused while pending, cancelled), and the refusals of the contract. Every answer is checked against it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from '../../../sandbox/state/views.ts';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { CSRF, type SandboxBff, startSignedInSandboxBff } from '../../test-support/sandbox-bff.ts';

let bff: SandboxBff;
let session: string;

beforeAll(async () => {
  ({ bff, session } = await startSignedInSandboxBff({ assessments: 40 }));
});
afterAll(() => bff?.close());

const get = (url: string) => injectChecked(bff.server, { method: 'GET', url, cookies: { [SESSION_COOKIE]: session } });
const order = (payload: unknown) =>
  injectChecked(bff.server, {
    method: 'POST',
    url: '/api/credits/orders',
    headers: CSRF,
    payload: payload as object,
    cookies: { [SESSION_COOKIE]: session },
  });
const cancel = () =>
  injectChecked(bff.server, {
    method: 'DELETE',
    url: '/api/credits/orders/pending',
    headers: CSRF,
    cookies: { [SESSION_COOKIE]: session },
  });
const demo = () => [...bff.store.coaches.values()].find((coach) => coach.email === 'demo@coachportal.test');

describe('getCredits', () => {
  it("answers the coach record's balance, no pending order, the completed own assessments and the spec's price lists", async () => {
    const response = await get('/api/credits');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.balance).toBe(balanceOf(bff.store, demo()?.uuid ?? ''));
    expect(body).toMatchObject({
      pendingCredits: 0,
      hasPendingOrder: false,
      minimumOrder: 10,
      maximumOrder: 100_000,
      historyStartsOn: '2023-04-19',
    });
    const completed = [...bff.store.assessments.values()].filter((a) => a.coachUUID === demo()?.uuid && a.guestCompletedAt).length;
    expect(completed).toBeGreaterThan(0);
    expect(body.facilitatedAssessments).toBe(completed);
    expect(body.creditPrices).toContainEqual({ region: 'sadc', currency: 'ZAR', amount: 500, plusVat: true });
    expect(body.discountTiers.at(-1)).toEqual({ minCredits: 200, maxCredits: null, discountPercent: 15 });
  });
});

describe('listCreditTransactions', () => {
  it('answers the history newest first by default, with RFC 3339 times, and sorts and pages it', async () => {
    const all = (await get('/api/credits/transactions?pageSize=500')).json();
    expect(all.total).toBeGreaterThan(10);
    const times = all.items.map((item: { datetime: string }) => Date.parse(item.datetime));
    expect(times.every((time: number) => !Number.isNaN(time) && time >= Date.parse('2023-04-19'))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const page2 = (await get('/api/credits/transactions?pageSize=10&page=2')).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 10, total: all.total });
    expect(page2.items).toEqual(all.items.slice(10, 20));

    const byCredits = (await get('/api/credits/transactions?pageSize=500&sort=credits&order=asc')).json();
    const credits = byCredits.items.map((item: { credits: number }) => item.credits);
    expect([...credits].sort((a, b) => a - b)).toEqual(credits);
  });

  it('searches the descriptions, accents and case aside', async () => {
    const all = (await get('/api/credits/transactions?pageSize=500')).json();
    const found = (await get('/api/credits/transactions?pageSize=500&q=BULK')).json();
    expect(found.total).toBe(all.total);
    expect(found.filteredTotal).toBeGreaterThan(0);
    expect(found.filteredTotal).toBeLessThan(all.total);
    expect(found.items.every((item: { description: string }) => /bulk/i.test(item.description))).toBe(true);
  });

  it('refuses a page size the table does not offer', async () => {
    expect((await get('/api/credits/transactions?pageSize=20')).statusCode).toBe(400);
  });
});

describe('orderCredits and cancelCreditOrder', () => {
  it('places one order at a time, refuses another while it is pending, and cancels it', async () => {
    expect((await cancel()).statusCode).toBe(404);
    expect((await order({ credits: 9 })).statusCode).toBe(400);
    // The largest order getCredits names is the contract's: one more is refused before the legacy call.
    const tooMany = await order({ credits: 100_001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'validation_failed', detail: 'The credits can be at most 100000.' });
    expect(demo()?.pendingCredits).toBe(0);
    const placed = await order({ credits: 50 });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toEqual({ pendingCredits: 50 });
    expect(demo()?.pendingCredits).toBe(50);
    expect((await get('/api/credits')).json()).toMatchObject({ pendingCredits: 50, hasPendingOrder: true });

    const again = await order({ credits: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'credit_order_pending', detail: 'Failed' });
    expect(demo()?.pendingCredits).toBe(50);

    expect((await cancel()).statusCode).toBe(204);
    expect(demo()?.pendingCredits).toBe(0);
    expect((await get('/api/credits')).json().hasPendingOrder).toBe(false);
  });

  it('needs the CSRF header', async () => {
    const response = await injectChecked(bff.server, {
      method: 'POST',
      url: '/api/credits/orders',
      payload: { credits: 20 },
      cookies: { [SESSION_COOKIE]: session },
    });
    expect(response.statusCode).toBe(403);
    expect(demo()?.pendingCredits).toBe(0);
  });
});
