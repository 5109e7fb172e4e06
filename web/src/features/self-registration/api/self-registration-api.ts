import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type SelfRegistration = components['schemas']['SelfRegistration'];
export type CheckoutRequest = components['schemas']['CheckoutRequest'];
export type Checkout = components['schemas']['Checkout'];
export type CardCheckout = components['schemas']['CardCheckout'];
export type PayPalCheckout = components['schemas']['PayPalCheckout'];
export type Language = components['schemas']['Language'];

/** getSelfRegistration: the coach's registration page (coach name, price string, currency, languages). */
export const getSelfRegistrationQueryOptions = (coachUuid: string) =>
  $api.queryOptions('get', '/api/public/self-registration/{coachUuid}', { params: { path: { coachUuid } } });

export const useSelfRegistration = (coachUuid: string) => useQuery(getSelfRegistrationQueryOptions(coachUuid));

/** createCheckout: 'Proceed': the BFF creates the checkout and answers how payment continues (card form or PayPal). */
export const useCreateCheckout = () => $api.useMutation('post', '/api/public/self-registration/{coachUuid}/checkouts');

/** createPayPalOrder: the PayPal buttons' createOrder; the BFF creates the order, so the browser never states a price. */
export const useCreatePayPalOrder = () => $api.useMutation('post', '/api/public/checkouts/{checkoutId}/paypal-order');

/** capturePayPalOrder: the PayPal buttons' onApprove. */
export const useCapturePayPalOrder = () => $api.useMutation('post', '/api/public/checkouts/{checkoutId}/paypal-capture');
