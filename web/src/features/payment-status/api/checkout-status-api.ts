import type { components } from '../../../../../generated/bff.ts';
import { api } from '../../../lib/api-client.ts';
import { problemMessage } from '../../../lib/problem.ts';

export type CheckoutStatus = components['schemas']['CheckoutStatus'];
export type StatusResult = { ok: true; status: CheckoutStatus } | { ok: false; message: string };

/** The payment status of a checkout; `cancelled` when the visitor came back through the cancel address. */
export async function fetchCheckoutStatus(checkoutId: string, cancelled: boolean, signal?: AbortSignal): Promise<StatusResult> {
  try {
    const { data, error } = await api.GET('/api/public/checkouts/{checkoutId}', {
      params: { path: { checkoutId }, query: cancelled ? { cancelled: true } : {} },
      signal,
    });
    return data ? { ok: true, status: data } : { ok: false, message: problemMessage(error) };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: problemMessage(undefined) };
  }
}
