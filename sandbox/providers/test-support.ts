// Plays the BFF's PayPal calls (token, then order) and the buyer's approval against an in-process sandbox.
import type { FastifyInstance } from 'fastify';
import { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_PREFIX } from './paypal-api.ts';

export async function payPalToken(app: FastifyInstance, clientId = PAYPAL_CLIENT_ID, secret = PAYPAL_CLIENT_SECRET) {
  return app.inject({
    method: 'POST',
    url: `${PAYPAL_PREFIX}/v1/oauth2/token`,
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
}

/** The order exactly as bff/routes/self-pay/paypal-client.ts creates it; answers its id. */
export async function createPayPalOrder(
  app: FastifyInstance,
  order: { checkoutId: string; value: string; currency: string },
): Promise<string> {
  const token = (await payPalToken(app)).json().access_token;
  const created = await app.inject({
    method: 'POST',
    url: `${PAYPAL_PREFIX}/v2/checkout/orders`,
    headers: { authorization: `Bearer ${token}`, 'paypal-request-id': order.checkoutId, prefer: 'return=minimal' },
    payload: {
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: order.checkoutId, amount: { currency_code: order.currency, value: order.value } }],
    },
  });
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`PayPal stand-in refused the order: ${created.body}`);
  return created.json().id;
}

/** The buyer approves in the buttons stand-in (funding `declined-card`: the capture will be declined). */
export function approvePayPalOrder(app: FastifyInstance, orderId: string, funding: 'paypal' | 'declined-card' = 'paypal') {
  return app.inject({
    method: 'POST',
    url: `${PAYPAL_PREFIX}/sdk/orders/${orderId}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ 'client-id': PAYPAL_CLIENT_ID, funding }).toString(),
  });
}
