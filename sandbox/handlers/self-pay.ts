// Client self-registration with payment: init, checkout, payment check, PayPal capture and the card
// provider's notification (spec public-and-guest §2, §3 "Self-pay checkout", §4 "Self-registration payment", §7, §9).
import { randomUUID } from 'node:crypto';
import type { Currency } from '../domain/credits.ts';
import { selfRegisterPrice } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { defaultTemplate, renderEmail } from '../domain/email-templates.ts';
import { assessmentLink } from '../domain/report-links.ts';
import { decideCheckout, landsPending, PAYMENT_FAILED, paymentFlags, settlePayment } from '../domain/self-pay.ts';
import { INVALID_SELF_REGISTER_LINK } from '../domain/validation.ts';
import { CARD_PROVIDER_MERCHANT_ID } from '../providers/card-provider.ts';
import { PAYPAL_CLIENT_ID, payPalId } from '../providers/paypal-api.ts';
import type { CheckoutRecord, ClientRecord, CoachRecord } from '../state/model.ts';
import { schedule } from '../state/scheduled.ts';
import { addClient, type Store } from '../state/store.ts';
import { createAssessmentRecord } from './clients-records.ts';
import { badRequest, type Handlers, type SandboxConfig } from './context.ts';

// The providers' public set-up values the page needs; sandbox values, no real account behind them.
export { CARD_PROVIDER_HOST, CARD_PROVIDER_MERCHANT_ID } from '../providers/card-provider.ts';
export { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET } from '../providers/paypal-api.ts';
export const CHECKOUT_NOT_FOUND = 'This checkout does not exist.';
export const PAYPAL_ORDER_NOT_FOUND = 'PayPal order not found.';
export const PAYPAL_ORDER_NOT_APPROVED = 'The payer has not approved the PayPal order yet.';

function selfRegisterCoach(store: Store, coachUuid: string): CoachRecord {
  const coach = store.coaches.get(coachUuid);
  if (!coach || coach.isBlocked || coach.isAdmin) throw badRequest(INVALID_SELF_REGISTER_LINK);
  return coach;
}

function checkoutOf(store: Store, checkoutId: string): CheckoutRecord {
  const checkout = store.checkouts.get(checkoutId);
  if (!checkout) throw badRequest(CHECKOUT_NOT_FOUND);
  return checkout;
}

/** A paid checkout becomes the coach's client with a self-registered Enneagram assessment, invited by e-mail. */
function registerPaidClient(store: Store, config: SandboxConfig, checkout: CheckoutRecord, now: number): void {
  const coach = store.coaches.get(checkout.coachUUID);
  if (!coach) return;
  const at = legacyDateTime(new Date(now));
  const client: ClientRecord = {
    uuid: randomUUID(),
    coachUuid: coach.uuid,
    name: checkout.name,
    surname: checkout.surname,
    email: checkout.email,
    company: null,
    otherData: `Self-registered, payment ${checkout.referenceNumber}`,
    createdAt: at,
  };
  addClient(store, client);
  // The client paid, so the coach's balance is not charged; the invite goes out at once.
  const assessment = createAssessmentRecord(
    store,
    client,
    {
      userCoach: 'Self-registration',
      assessmentType: 'ennea',
      assessmentLanguage: checkout.assessmentLanguage,
      tokenType: 'selfRegister',
      userInvite: 1,
      inviteHistory: [
        { createdAt: at, sentViaServer: 1, isReminder: 0, inviteType: 'email', destinationEmail: checkout.email, reportList: null },
      ],
    },
    now,
  );
  const override = store.templateOverrides.find((entry) => entry.coachUuid === coach.uuid && entry.templateName === 'self_register');
  const email = renderEmail('self_register', override?.emailText ?? defaultTemplate('self_register'), {
    guestname: checkout.name,
    guestsurname: checkout.surname,
    guestemail: checkout.email,
    coachname: coach.name,
    coachsurname: coach.surname,
    coachemail: coach.email,
    assessmentlink: assessmentLink(config.publicUrl, assessment.userToken),
  });
  store.outbox.push({ to: checkout.email, subject: email.subject, body: email.body, sentAt: at });
}

function settle(
  store: Store,
  config: SandboxConfig,
  checkout: CheckoutRecord,
  outcome: 'paid' | 'declined' | 'cancelled',
  reference: string,
  now: number,
) {
  if (checkout.status !== 'pending' || checkout.settlingReference !== null) return;
  // The `+pending` e-mail rule: the provider reported the payment, but it settles only later (spec §4: pending, re-checked every 30 s).
  if (outcome === 'paid' && landsPending(checkout.email)) {
    checkout.settlingReference = reference;
    schedule(store, { kind: 'payment', id: checkout.checkoutId, at: now + config.paymentSettleSeconds * 1000 });
    return;
  }
  finish(store, config, checkout, outcome, reference, now);
}

function finish(
  store: Store,
  config: SandboxConfig,
  checkout: CheckoutRecord,
  outcome: 'paid' | 'declined' | 'cancelled',
  reference: string,
  now: number,
) {
  const settled = settlePayment(checkout.status, outcome);
  checkout.status = settled.state;
  checkout.paymentNotes = settled.notes;
  checkout.referenceNumber = settled.state === 'success' ? reference : null;
  if (settled.state === 'success') registerPaidClient(store, config, checkout, now);
}

/** A payment that landed pending settles (scheduled work): the checkout succeeds with the reference the provider gave. */
export function settlePendingPayment(store: Store, config: SandboxConfig, checkoutId: string, at: number): void {
  const checkout = store.checkouts.get(checkoutId);
  if (checkout?.status !== 'pending' || checkout.settlingReference === null) return;
  const reference = checkout.settlingReference;
  checkout.settlingReference = null;
  finish(store, config, checkout, 'paid', reference, at);
}

export const selfPayHandlers: Handlers = {
  getSelfPayInit: ({ params, store, config }) => {
    const coach = selfRegisterCoach(store, params.coachUUID);
    const price = selfRegisterPrice(coach.currency);
    return {
      ...price,
      coachName: `${coach.name} ${coach.surname}`,
      cardProviderHost: config.cardProviderHost,
      cardProviderMerchantId: CARD_PROVIDER_MERCHANT_ID,
      payPalClientId: PAYPAL_CLIENT_ID,
      selfpayroot: `${config.publicUrl}/selfpay/`,
    };
  },

  createSelfPayCheckout: ({ body, store, clock }) => {
    const coach = selfRegisterCoach(store, body.coachUUID);
    const decision = decideCheckout(body, coach.currency);
    if (!decision.ok) throw badRequest(decision.info);
    const checkoutId = randomUUID();
    store.checkouts.set(checkoutId, {
      ...body,
      provider: decision.provider,
      checkoutId,
      status: 'pending',
      paymentNotes: null,
      referenceNumber: null,
      createdAt: legacyDateTime(new Date(clock.now())),
      settlingReference: null,
    });
    return { checkoutId };
  },

  checkSelfPayPayment: ({ params, store }) => {
    const checkout = checkoutOf(store, params.checkoutId);
    return {
      ...paymentFlags(checkout.status),
      paymentNotes: checkout.paymentNotes,
      referenceNumber: checkout.referenceNumber,
      name: checkout.name,
      surname: checkout.surname,
      email: checkout.email,
      priceString: selfRegisterPrice(checkout.currency as Currency).priceString,
      assessmentType: checkout.assessmentType,
      assessmentLanguage: checkout.assessmentLanguage,
    };
  },

  // The legacy server captures the order at PayPal and reads the checkout from the order's custom_id
  // (the BFF created the order with it); in the sandbox the PayPal stand-in's orders are in the store.
  capturePayPalOrder: ({ body, store, config, clock }) => {
    const order = store.payPalOrders.get(body.orderId);
    const checkout = order?.customId ? store.checkouts.get(order.customId) : undefined;
    if (!order || !checkout?.providerIsPayPal) throw badRequest(PAYPAL_ORDER_NOT_FOUND);
    if (order.amount.currency_code !== checkout.currency || Number(order.amount.value) !== checkout.amount) {
      throw badRequest(`The PayPal order (${order.amount.value} ${order.amount.currency_code}) is not the checkout's amount.`);
    }
    if (checkout.status === 'success' || order.status === 'COMPLETED') return { success: true };
    if (checkout.status === 'fail') throw badRequest(checkout.paymentNotes ?? PAYMENT_FAILED);
    if (order.status !== 'APPROVED') throw badRequest(PAYPAL_ORDER_NOT_APPROVED);
    if (order.declined) {
      // PayPal answers INSTRUMENT_DECLINED: nothing is captured.
      settle(store, config, checkout, 'declined', order.id, clock.now());
      throw badRequest(PAYMENT_FAILED);
    }
    order.status = 'COMPLETED';
    order.captureId = payPalId();
    settle(store, config, checkout, 'paid', order.captureId, clock.now());
    return { success: true };
  },

  receivePaymentNotification: ({ body, store, config, clock }) => {
    const checkout = checkoutOf(store, body.custom_str1);
    if (checkout.providerIsPayPal) throw badRequest('This checkout is paid through PayPal.');
    const outcome = body.payment_status === 'COMPLETE' ? 'paid' : body.payment_status === 'CANCELLED' ? 'cancelled' : 'declined';
    // A completed payment for a different amount is not the checkout's payment.
    if (outcome === 'paid' && body.amount_gross !== undefined && Number(body.amount_gross) !== checkout.amount) {
      throw badRequest(`The amount paid (${body.amount_gross}) is not the checkout's amount (${checkout.amount}).`);
    }
    settle(store, config, checkout, outcome, body.pf_payment_id ?? `CP-${checkout.checkoutId.slice(0, 8).toUpperCase()}`, clock.now());
    return undefined;
  },
};
