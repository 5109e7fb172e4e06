import { useEffect, useState } from 'react';
import { type CheckoutStatus, fetchCheckoutStatus } from '../api/checkout-status-api.ts';
import { recallCheckout, rememberCheckout } from './checkout-memory.ts';

/** spec: public-and-guest §9 "Pending payment re-check: every 30 seconds" (the BFF's retryAfterSeconds). */
export const RECHECK_SECONDS = 30;

export type StatusState =
  | { kind: 'loading' }
  | { kind: 'answered'; status: CheckoutStatus }
  | { kind: 'failed'; message: string; coachUuid: string | null };

/** Asks for the checkout's status, again every 30 s while it is pending; remembers each outcome. */
export function useCheckoutStatus(checkoutId: string, cancelled: boolean): StatusState {
  const [state, setState] = useState<StatusState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function check() {
      const result = await fetchCheckoutStatus(checkoutId, cancelled, controller.signal);
      const remembered = recallCheckout(checkoutId);
      if (!result.ok) {
        // "The server's error or its description is displayed" (spec §8) and kept as the failure message;
        // a checkout known to be paid stays paid.
        if (remembered?.state !== 'success') {
          rememberCheckout(checkoutId, { state: 'fail', message: result.message, coachUuid: remembered?.coachUuid ?? null });
        }
        setState({ kind: 'failed', message: result.message, coachUuid: remembered?.coachUuid ?? null });
        return;
      }
      const { status } = result;
      const coachUuid = status.coachUuid ?? remembered?.coachUuid ?? null;
      rememberCheckout(checkoutId, { state: status.status, message: status.status === 'fail' ? status.message : null, coachUuid });
      setState({ kind: 'answered', status: { ...status, coachUuid } });
      if (status.status === 'pending') timer = setTimeout(check, (status.retryAfterSeconds ?? RECHECK_SECONDS) * 1000);
    }

    setState({ kind: 'loading' });
    check().catch(() => undefined); // aborted: the page is gone
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [checkoutId, cancelled]);

  return state;
}
