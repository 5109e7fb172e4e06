import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_PREFIX } from './paypal-api.ts';
import { approvePayPalOrder, createPayPalOrder, payPalToken } from './test-support.ts';

const CHECKOUT = 'c4ec0000-0000-4000-8000-000000000001';

describe('the PayPal REST stand-in (/__paypal: OAuth token, Orders v2)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const createOrder = (token: string, body: object, requestId?: string) =>
    sandbox.app.inject({
      method: 'POST',
      url: `${PAYPAL_PREFIX}/v2/checkout/orders`,
      headers: { authorization: `Bearer ${token}`, ...(requestId && { 'paypal-request-id': requestId }) },
      payload: body,
    });
  const order = (value: string) => ({
    intent: 'CAPTURE',
    purchase_units: [{ custom_id: CHECKOUT, amount: { currency_code: 'USD', value } }],
  });

  it('issues a bearer token for the sandbox app only, with client credentials', async () => {
    const token = await payPalToken(sandbox.app);
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ token_type: 'Bearer', expires_in: 32_400, access_token: expect.stringMatching(/^A21AA/) });
    const wrong = await payPalToken(sandbox.app, PAYPAL_CLIENT_ID, 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    const grant = await sandbox.app.inject({
      method: 'POST',
      url: `${PAYPAL_PREFIX}/v1/oauth2/token`,
      headers: {
        authorization: `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=password',
    });
    expect(grant.statusCode).toBe(400);
  });

  it('creates an order (201, minimal answer with the approve link), and answers the same order for the same PayPal-Request-Id', async () => {
    const token = (await payPalToken(sandbox.app)).json().access_token;
    const created = await createOrder(token, order('55.00'), CHECKOUT);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toEqual({
      id,
      status: 'CREATED',
      links: [
        { href: `http://localhost:4010/__paypal/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        { href: `http://localhost:4010/__paypal/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
      ],
    });
    const again = await createOrder(token, order('55.00'), CHECKOUT);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(id);
    expect((await createOrder(token, order('55.00'), 'another-request')).json().id).not.toBe(id);

    await approvePayPalOrder(sandbox.app, id);
    const read = await sandbox.app.inject({
      method: 'GET',
      url: `${PAYPAL_PREFIX}/v2/checkout/orders/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.json()).toMatchObject({
      id,
      intent: 'CAPTURE',
      status: 'APPROVED',
      purchase_units: [{ custom_id: CHECKOUT, amount: { currency_code: 'USD', value: '55.00' } }],
      payer: { payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/) },
    });
  });

  it('refuses a missing or expired token and a malformed order the way PayPal does', async () => {
    const token = (await payPalToken(sandbox.app)).json().access_token;
    expect((await createOrder('not-a-token', order('55.00'))).json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
    const bad = await createOrder(token, order('55.001'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue: 'INVALID_PARAMETER_SYNTAX' }] });
    expect((await createOrder(token, { ...order('55.00'), intent: 'SALE' })).statusCode).toBe(400);
    expect((await createOrder(token, { intent: 'CAPTURE', purchase_units: [] })).statusCode).toBe(400);
    sandbox.clock.advance(32_400_000);
    expect((await createOrder(token, order('55.00'))).statusCode).toBe(401);
  });

  it('approves only for the app that created the order, for any page origin (CORS)', async () => {
    const id = await createPayPalOrder(sandbox.app, {
      checkoutId: 'c4ec0000-0000-4000-8000-000000000002',
      value: '55.00',
      currency: 'USD',
    });
    const foreign = await sandbox.app.inject({
      method: 'POST',
      url: `${PAYPAL_PREFIX}/sdk/orders/${id}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client-id=someone-else&funding=paypal',
    });
    expect(foreign.statusCode).toBe(404);
    const approved = await approvePayPalOrder(sandbox.app, id);
    expect(approved.headers['access-control-allow-origin']).toBe('*');
    expect(approved.json()).toMatchObject({ orderID: id, status: 'APPROVED' });
  });
});
