// The BFF's own calls to PayPal's Orders API (contract: createPayPalOrder, x-unspecified: the legacy
// API has no call for it). An OAuth client-credentials token per PayPal app (the client id from
// selfpay/init, the secret from PAYPAL_CLIENT_SECRET), cached until shortly before it expires; then
// one order with intent CAPTURE and `custom_id` the checkout id. `PayPal-Request-Id` is the checkout
// id, so a repeated call (a retry, a second click) answers the same order instead of a new one.

import { type Agent, request } from 'undici';
import type { Log } from '../operation.ts';
import { ProblemError, problem, upstreamTimeout } from '../problem.ts';

export const PAYMENT_FAILED = 'Sorry, your transaction could not be processed.';
const ORDER_ID = /^[A-Z0-9]{1,36}$/;
// A token is renewed this long before PayPal says it expires.
const TOKEN_MARGIN_MS = 60_000;

export interface PayPalClientOptions {
  apiUrl: string;
  clientSecret: string | undefined;
  agent: Agent;
  timeoutMs: number;
  now?: () => number;
}

export interface PayPalOrderRequest {
  clientId: string;
  checkoutId: string;
  amount: string;
  currency: string;
  signal?: AbortSignal | undefined;
  log: Log;
}

export interface PayPalClient {
  createOrder(order: PayPalOrderRequest): Promise<string>;
}

class PayPalFailure extends Error {}

export const paymentProviderError = () => problem(502, 'payment_provider_error', PAYMENT_FAILED, 'Failed');

export function createPayPalClient({ apiUrl, clientSecret, agent, timeoutMs, now = Date.now }: PayPalClientOptions): PayPalClient {
  const base = apiUrl.replace(/\/+$/, '');
  const tokens = new Map<string, { value: string; expiresAt: number }>();

  async function call(path: string, init: { headers: Record<string, string>; body: string }, signal: AbortSignal | undefined) {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await request(`${base}${path}`, {
        method: 'POST',
        dispatcher: agent,
        headers: init.headers,
        body: init.body,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      const text = await response.body.text();
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw new PayPalFailure(`PayPal ${path} answered ${response.statusCode}: ${text.slice(0, 500)}`);
      }
      return JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      if (timeout.aborted) throw upstreamTimeout();
      throw error;
    }
  }

  async function token(clientId: string, signal: AbortSignal | undefined): Promise<string> {
    const cached = tokens.get(clientId);
    if (cached && cached.expiresAt > now()) return cached.value;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const answer = await call(
      '/v1/oauth2/token',
      {
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      },
      signal,
    );
    const { access_token: value, expires_in: expiresIn } = answer;
    if (typeof value !== 'string' || value === '') throw new PayPalFailure('PayPal answered no access token');
    const lifetimeMs = typeof expiresIn === 'number' ? expiresIn * 1000 : 0;
    tokens.set(clientId, { value, expiresAt: now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) });
    return value;
  }

  return {
    async createOrder({ clientId, checkoutId, amount, currency, signal, log }) {
      if (!clientSecret) {
        log.error('PAYPAL_CLIENT_SECRET is not set: the BFF cannot create PayPal orders');
        throw paymentProviderError();
      }
      try {
        const bearer = await token(clientId, signal);
        const order = await call(
          '/v2/checkout/orders',
          {
            headers: {
              authorization: `Bearer ${bearer}`,
              'content-type': 'application/json',
              'paypal-request-id': checkoutId,
              prefer: 'return=minimal',
            },
            body: JSON.stringify({
              intent: 'CAPTURE',
              purchase_units: [{ custom_id: checkoutId, amount: { currency_code: currency, value: amount } }],
            }),
          },
          signal,
        );
        if (typeof order.id !== 'string' || !ORDER_ID.test(order.id)) throw new PayPalFailure('PayPal answered no usable order id');
        return order.id;
      } catch (error) {
        if (error instanceof ProblemError) throw error; // the timeout
        if (signal?.aborted) throw error;
        // An unauthorised answer may mean a revoked token: the next call asks for a new one.
        tokens.delete(clientId);
        log.error({ err: error }, 'PayPal order creation failed');
        throw paymentProviderError();
      }
    },
  };
}
