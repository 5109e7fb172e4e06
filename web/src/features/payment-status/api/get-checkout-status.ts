import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type CheckoutStatus = components['schemas']['CheckoutStatus'];

/** spec: public-and-guest §9 "Pending payment re-check: every 30 seconds" (the BFF's retryAfterSeconds). */
export const RECHECK_SECONDS = 30;

/** getCheckoutStatus: the payment status of a checkout; `cancelled` when the visitor came back through the cancel address. */
export const getCheckoutStatusQueryOptions = (checkoutId: string, cancelled: boolean) =>
  $api.queryOptions('get', '/api/public/checkouts/{checkoutId}', {
    params: { path: { checkoutId }, query: cancelled ? { cancelled: true } : {} },
  });

/** The checkout's status, asked for again every 30 s (or as the BFF says) while it is pending. */
export const useCheckoutStatusQuery = (checkoutId: string, cancelled: boolean) =>
  useQuery({
    ...getCheckoutStatusQueryOptions(checkoutId, cancelled),
    refetchInterval: (query) =>
      query.state.status === 'success' && query.state.data?.status === 'pending'
        ? (query.state.data.retryAfterSeconds ?? RECHECK_SECONDS) * 1000
        : false,
  });
