import { useEffect } from 'react';
import { problemMessage } from '../../../lib/problem.ts';
import { type CheckoutStatus, useCheckoutStatusQuery } from '../api/get-checkout-status.ts';
import { recallCheckout, rememberCheckout } from './checkout-memory.ts';

export interface CheckoutView {
  /** The status the BFF answered last, its coach filled in from memory when it did not say. */
  status: CheckoutStatus | null;
  /** The call failed: the message to show and the coach whose registration can be restarted. */
  failure: { message: string; coachUuid: string | null; error: unknown } | null;
  /** Asks for the status again: after a failed read the payment may well have gone through. */
  checkAgain: () => void;
}

/** The checkout's status (asked again while pending, see the query); each outcome is remembered for the visitor's return. */
export function useCheckoutStatus(checkoutId: string, cancelled: boolean): CheckoutView {
  const { data, error, isError, refetch } = useCheckoutStatusQuery(checkoutId, cancelled);
  const remembered = recallCheckout(checkoutId);
  const coachUuid = data?.coachUuid ?? remembered?.coachUuid ?? null;

  useEffect(() => {
    const before = recallCheckout(checkoutId);
    if (error) {
      // "The server's error or its description is displayed" (spec §8) and kept as the failure message;
      // a checkout known to be paid stays paid.
      if (before?.state !== 'success') {
        rememberCheckout(checkoutId, { state: 'fail', message: problemMessage(error), coachUuid: before?.coachUuid ?? null });
      }
    } else if (data) {
      rememberCheckout(checkoutId, {
        state: data.status,
        message: data.status === 'fail' ? data.message : null,
        coachUuid: data.coachUuid ?? before?.coachUuid ?? null,
      });
    }
  }, [checkoutId, data, error]);

  const checkAgain = () => void refetch();
  if (isError)
    return {
      status: null,
      failure: { message: problemMessage(error), coachUuid: remembered?.coachUuid ?? null, error },
      checkAgain,
    };
  return { status: data ? { ...data, coachUuid } : null, failure: null, checkAgain };
}
