// Client self-registration with payment: init, checkout, payment check, PayPal capture and the card
// provider's notification (spec public-and-guest §2, §3 "Self-pay checkout", §4 "Self-registration payment", §7, §9).
import { randomUUID } from 'node:crypto';
import type { Currency } from '../domain/credits.ts';
import { selfRegisterPrice } from '../domain/credits.ts';
import { legacyDateTime } from '../domain/dates.ts';
import { defaultTemplate, renderEmail } from '../domain/email-templates.ts';
import { assessmentLink } from '../domain/report-links.ts';
import { decideCheckout, PAYMENT_FAILED, paymentFlags, settlePayment } from '../domain/self-pay.ts';
import { INVALID_SELF_REGISTER_LINK } from '../domain/validation.ts';
import type { CheckoutRecord, ClientRecord, CoachRecord } from '../state/model.ts';
import { addClient, type Store } from '../state/store.ts';
import { createAssessmentRecord } from './clients-records.ts';
import { badRequest, type Handlers, type SandboxConfig } from './context.ts';

// The providers' public set-up values the page needs; sandbox values, no real account behind them.
export const CARD_PROVIDER_HOST = 'sandbox.cardprovider.test';
export const CARD_PROVIDER_MERCHANT_ID = '10004002';
export const PAYPAL_CLIENT_ID = 'sandbox-paypal-client-id';
/** In the sandbox a PayPal order id is the checkout id; with this suffix the capture is declined. */
export const DECLINED_ORDER_SUFFIX = '-DECLINED';
export const CHECKOUT_NOT_FOUND = 'This checkout does not exist.';

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
  if (checkout.status !== 'pending') return;
  const settled = settlePayment(checkout.status, outcome);
  checkout.status = settled.state;
  checkout.paymentNotes = settled.notes;
  checkout.referenceNumber = settled.state === 'success' ? reference : null;
  if (settled.state === 'success') registerPaidClient(store, config, checkout, now);
}

export const selfPayHandlers: Handlers = {
  getSelfPayInit: ({ params, store, config }) => {
    const coach = selfRegisterCoach(store, params.coachUUID);
    const price = selfRegisterPrice(coach.currency);
    return {
      ...price,
      coachName: `${coach.name} ${coach.surname}`,
      cardProviderHost: CARD_PROVIDER_HOST,
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

  capturePayPalOrder: ({ body, store, config, clock }) => {
    const declined = body.orderId.endsWith(DECLINED_ORDER_SUFFIX);
    const checkout = store.checkouts.get(declined ? body.orderId.slice(0, -DECLINED_ORDER_SUFFIX.length) : body.orderId);
    if (!checkout?.providerIsPayPal) throw badRequest('PayPal order not found.');
    if (checkout.status === 'success') return { success: true };
    if (checkout.status === 'fail') throw badRequest(checkout.paymentNotes ?? PAYMENT_FAILED);
    settle(store, config, checkout, declined ? 'declined' : 'paid', `PP-${body.orderId.slice(0, 8).toUpperCase()}`, clock.now());
    if (declined) throw badRequest(PAYMENT_FAILED);
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
