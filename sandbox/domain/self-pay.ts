import { type Currency, selfRegisterPrice } from './credits.ts';
import { checkSelfRegistration, INVALID_SELF_REGISTER_LINK, isCoachUuidShaped } from './validation.ts';

// spec public-and-guest §4 "Self-registration payment", §9: ZAR goes to the card provider, any other currency to PayPal.
export type PaymentProvider = 'card' | 'paypal';
export type PaymentState = 'pending' | 'success' | 'fail';

export const providerFor = (currency: string): PaymentProvider => (currency === 'ZAR' ? 'card' : 'paypal');

export const PAYMENT_FAILED = 'Sorry, your transaction could not be processed.';
export const PAYMENT_CANCELLED = 'Transaction cancelled.';

export type CheckoutInput = {
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  assessmentType?: string | null;
  amount: number;
  currency: string;
  coachUUID: string;
  providerIsPayPal: boolean;
};

export type CheckoutDecision = { ok: true; provider: PaymentProvider } | { ok: false; info: string };

/** The checkout must match the coach's price from selfpay/init and the provider its currency selects. */
export function decideCheckout(input: CheckoutInput, coachCurrency: Currency): CheckoutDecision {
  if (!isCoachUuidShaped(input.coachUUID)) return { ok: false, info: INVALID_SELF_REGISTER_LINK };
  const problem = checkSelfRegistration(input);
  if (problem) return { ok: false, info: problem };
  if (input.assessmentType !== 'ennea') return { ok: false, info: 'Self-registration offers only the Enneagram assessment.' };
  const price = selfRegisterPrice(coachCurrency);
  if (input.currency !== price.currency || input.amount !== price.costOfAssessment) {
    return { ok: false, info: `The price has changed: it is now ${price.priceString}. Please start again.` };
  }
  const provider = providerFor(input.currency);
  if (input.providerIsPayPal !== (provider === 'paypal')) return { ok: false, info: 'The payment provider does not match the currency.' };
  return { ok: true, provider };
}

/** A checkout is pending until the provider reports; success or fail are final. */
export function settlePayment(
  current: PaymentState,
  outcome: 'paid' | 'declined' | 'cancelled',
): { state: PaymentState; notes: string | null } {
  if (current !== 'pending') return { state: current, notes: null };
  if (outcome === 'paid') return { state: 'success', notes: null };
  return { state: 'fail', notes: outcome === 'cancelled' ? PAYMENT_CANCELLED : PAYMENT_FAILED };
}

/** The check-payment answer's flags (SelfPayPaymentStatus: failed when neither success nor pending). */
export const paymentFlags = (state: PaymentState): { success: boolean; pending: boolean } => ({
  success: state === 'success',
  pending: state === 'pending',
});

/**
 * The sandbox's named-e-mail rule for a payment that lands pending first (a PayPal capture or card
 * payment still being processed): the payer's e-mail local part ends in `+pending`, e.g. `thandiwe+pending@example.test`.
 */
export const landsPending = (email: string | null | undefined): boolean => /\+pending@/i.test(email ?? '');
