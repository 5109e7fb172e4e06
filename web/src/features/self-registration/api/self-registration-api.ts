import type { components } from '../../../../../generated/bff.ts';
import { api, CSRF_HEADER } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';

export type SelfRegistration = components['schemas']['SelfRegistration'];
export type CheckoutRequest = components['schemas']['CheckoutRequest'];
export type Checkout = components['schemas']['Checkout'];
export type CardCheckout = components['schemas']['CardCheckout'];
export type PayPalCheckout = components['schemas']['PayPalCheckout'];
export type Language = components['schemas']['Language'];

/** A call's outcome: the answer, or the message to show (the problem's detail; a network failure too). */
export type Result<T> = { ok: true; value: T } | { ok: false; message: string; code?: string };

async function settle<T>(call: Promise<{ data?: T; error?: unknown }>): Promise<Result<T>> {
  try {
    const { data, error } = await call;
    if (data !== undefined) return { ok: true, value: data };
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
    return { ok: false, message: problemMessage(error), ...(code ? { code } : {}) };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, message: problemMessage(undefined) };
  }
}

export function fetchSelfRegistration(coachUuid: string, signal?: AbortSignal): Promise<Result<SelfRegistration>> {
  return settle(api.GET('/api/public/self-registration/{coachUuid}', { params: { path: { coachUuid } }, signal }));
}

/** 'Proceed': the BFF creates the checkout and answers how payment continues (card form or PayPal). */
export function createCheckout(coachUuid: string, body: CheckoutRequest): Promise<Result<Checkout>> {
  return settle(
    api.POST('/api/public/self-registration/{coachUuid}/checkouts', { params: { path: { coachUuid }, header: CSRF_HEADER }, body }),
  );
}

/** The PayPal buttons' createOrder: the BFF creates the order, so the browser never states a price. */
export function createPayPalOrder(checkoutId: string): Promise<Result<{ orderId: string }>> {
  return settle(api.POST('/api/public/checkouts/{checkoutId}/paypal-order', { params: { path: { checkoutId }, header: CSRF_HEADER } }));
}

/** The PayPal buttons' onApprove. */
export function capturePayPalOrder(checkoutId: string, orderId: string): Promise<Result<{ checkoutId: string; status: 'captured' }>> {
  return settle(
    api.POST('/api/public/checkouts/{checkoutId}/paypal-capture', {
      params: { path: { checkoutId }, header: CSRF_HEADER },
      body: { orderId },
    }),
  );
}
