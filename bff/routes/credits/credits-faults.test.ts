// The Balance operations against a legacy stand-in that answers what each test tells it: the exact legacy calls
// (the order's body, nothing sent when an order is pending), the mapping of legacy times, and the failures: a
// legacy refusal or 5xx of an order is the toast's 'Failed' (502 credit_order_failed), a slow answer 504, a 403
// ends the session, an unusable history is 502 (its list and its export alike).
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../plugins/app/session.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { COACH_PATH, CSRF, type FaultBff, startFaultBff } from '../../test-support/fault-bff.ts';
import type { CannedAnswer } from '../../test-support/fault-upstream.ts';
import { LEGACY_COACH, LEGACY_COACH_ID } from '../../test-support/session-fixtures.ts';

const HISTORY = `GET /api/v2/coaches/${LEGACY_COACH_ID}/balanceTransactions`;
const UPDATE = `PUT /api/v2/coaches/${LEGACY_COACH_ID}`;

let bff: FaultBff;
afterEach(() => bff?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  injectChecked(bff.server, { method, url, headers: CSRF, ...(payload ? { payload } : {}), cookies: { [SESSION_COOKIE]: bff.session } });
const coach = (pendingCredits: number) => ({ status: 200, json: { ...LEGACY_COACH, pendingCredits } });

describe('listCreditTransactions', () => {
  it('maps legacy times and sorts on the column asked', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(HISTORY, {
      status: 200,
      json: [
        { datetime: '2025-10-28 09:14:22', description: 'Enneagram assessment: Thandiwe Mokoena', credits: -1, balance: 42 },
        { datetime: '2025-10-20 08:30:05', description: 'Bulk credit order', credits: 50, balance: 43 },
      ],
    });
    const response = await call('GET', '/api/credits/transactions?sort=description&order=asc');
    expect(response.json()).toEqual({
      items: [
        { datetime: '2025-10-20T08:30:05Z', description: 'Bulk credit order', credits: 50, balance: 43 },
        { datetime: '2025-10-28T09:14:22Z', description: 'Enneagram assessment: Thandiwe Mokoena', credits: -1, balance: 42 },
      ],
      total: 2,
      filteredTotal: 2,
      page: 1,
      pageSize: 50,
    });
  });

  it.each(['/api/credits/transactions', '/api/credits/transactions/export'])(
    '%s answers 502 for a time that is not a legacy time, 504 when too slow, 401 after a 403',
    async (path) => {
      bff = await startFaultBff();
      bff.upstream.answer(
        HISTORY,
        { status: 200, json: [{ datetime: 'yesterday', description: 'x', credits: 1, balance: 1 }] },
        { fault: 'slow', delayMs: 1500 },
        { status: 403 },
      );
      expect((await call('GET', path)).json().code).toBe('upstream_error');
      expect((await call('GET', path)).json().code).toBe('upstream_timeout');
      expect((await call('GET', path)).json().code).toBe('session_ended');
    },
  );
});

describe('orderCredits', () => {
  it('sends the order as the legacy API expects it', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(COACH_PATH, coach(0));
    bff.upstream.answer(UPDATE, { status: 200 });
    const response = await call('POST', '/api/credits/orders', { credits: 120 });
    expect(response.statusCode).toBe(201);
    expect(JSON.parse(bff.calls(UPDATE)[0]?.body ?? '')).toEqual({ pendingCredits: 120, newCreditOrder: true });
  });

  it('sends nothing while an order is pending', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(COACH_PATH, coach(30));
    const response = await call('POST', '/api/credits/orders', { credits: 20 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'credit_order_pending', pendingCredits: 30 });
    expect(bff.calls(UPDATE)).toEqual([]);
  });

  it.each<[CannedAnswer, number]>([
    [{ status: 400, json: { error: { info: 'Failed' } } }, 400],
    [{ status: 422 }, 400],
    [{ status: 500 }, 502],
    [{ fault: 'reset' }, 502],
  ])("makes a legacy failure (%o) the toast's 'Failed', %i", async (answer, status) => {
    bff = await startFaultBff();
    bff.upstream.answer(COACH_PATH, coach(0));
    bff.upstream.answer(UPDATE, answer);
    const response = await call('POST', '/api/credits/orders', { credits: 10 });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code: 'credit_order_failed', detail: 'Failed' });
  });
});

describe('cancelCreditOrder', () => {
  it('cancels a pending order, answers 404 when none is, and ends the session on a 403', async () => {
    bff = await startFaultBff();
    bff.upstream.answer(COACH_PATH, coach(30), coach(0), coach(30));
    bff.upstream.answer(UPDATE, { status: 200 }, { status: 403 });
    expect((await call('DELETE', '/api/credits/orders/pending')).statusCode).toBe(204);
    expect(JSON.parse(bff.calls(UPDATE)[0]?.body ?? '')).toEqual({ cancelCreditOrder: true });
    expect((await call('DELETE', '/api/credits/orders/pending')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/credits/orders/pending')).json().code).toBe('session_ended');
  });
});
