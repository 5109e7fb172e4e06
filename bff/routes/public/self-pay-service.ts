// Self-registration with payment: the page, the checkout, the payment status and the PayPal order
// and capture — legacy selfpay/* ↔ BFF mapping (spec public-and-guest §2, §4 "Self-registration
// payment", §7, §8 "Self-register", "Payment", §9; openapi/bff paths api_public_self-registration_*,
// api_public_checkouts_*). Price, currency and provider come from selfpay/init, never from the browser.

import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { created, type HttpAnswer, type OperationContext, type OperationInput } from '../../operation.ts';
import type { SelfPayDeps, SelfPaySettings } from '../../plugins/app/self-pay.ts';
import { portalOrigin as portalOriginOf } from '../../portal-origin.ts';
import { dependencyUnavailable, failed, unknownLink, upstreamError } from '../../problem.ts';
import type { CheckoutRecord, CheckoutStore } from '../../self-pay/checkout-store.ts';
import { PAYMENT_FAILED } from '../../self-pay/paypal-client.ts';
import { legacyErrorInfo } from '../../upstream/legacy-client.ts';
import { FORM_MESSAGES, registrationDetails } from './registration-form.ts';

type SelfRegistration = Bff['schemas']['SelfRegistration'];
type Checkout = Bff['schemas']['Checkout'];
type CheckoutStatus = Bff['schemas']['CheckoutStatus'];
type Language = Bff['schemas']['Language'];
/** The contract's Language lists chinese for reports; registration does not offer it (spec §3). */
type RegistrationLanguage = Exclude<Language, 'chinese'>;
type SelfPayInit = Legacy['schemas']['SelfPayInit'];

// spec public-and-guest §8 "Self-register", "Payment".
export const MESSAGES = {
  invalidLink: 'Invalid link. Please use the link exactly as provided to you by your coach',
  ...FORM_MESSAGES,
  failed: PAYMENT_FAILED,
  cancelled: 'Transaction cancelled.',
  pending: 'Please wait, still checking.',
} as const;

// spec public-and-guest §3 "Languages for registration".
const REGISTRATION_LANGUAGES: readonly RegistrationLanguage[] = [
  'english',
  'french',
  'german',
  'xhosa',
  'hungarian',
  'slovak',
  'spanish',
  'sesotho',
  'dutch',
  'portuguese',
  'ukrainian',
  'afrikaans',
  'tsonga',
  'italian',
  'korean',
  'zulu',
];
const ALL_LANGUAGES: ReadonlySet<string> = new Set<Language>([...REGISTRATION_LANGUAGES, 'chinese']);
const AMOUNT = /^[0-9]{1,7}\.[0-9]{2}$/;
/** Spec §9: a pending payment is re-checked every 30 seconds. */
const RECHECK_SECONDS = 30;
// The card provider's hosted form: the fields are the spec's (§7); the page path and the two fixed
// values are not shown by the spec (x-unspecified in the contract's CardCheckout).
const CARD_FORM_PATH = '/eng/process';
const CARD_COMMAND = '_paynow';
const CARD_PAYMENT_METHOD = 'cc';
const ASSESSMENT_NAME = 'Enneagram assessment';

/** A malformed or unknown coach segment (spec §2: not exactly 36 characters, or not a uuid) is an invalid link. */
export const invalidLink = () => unknownLink(failed(400, 'invalid_link', MESSAGES.invalidLink));
const checkoutNotFound = () => failed(404, 'checkout_not_found', MESSAGES.failed);
const label = (language: Language) => language.charAt(0).toUpperCase() + language.slice(1);
const providerOf = (currency: string): 'card' | 'paypal' => (currency === 'ZAR' ? 'card' : 'paypal');

/** A configuration the legacy answer lacks: logged for operators, a 502 for the visitor. */
function misconfigured(ctx: OperationContext, message: string): Error {
  ctx.log.error(message);
  return upstreamError();
}

async function readInit(ctx: OperationContext, coachUuid: string): Promise<SelfPayInit> {
  const { data } = await ctx.publicLegacy.GET('/selfpay/init/{coachUUID}', { params: { path: { coachUUID: coachUuid } } });
  // The legacy API refuses an unknown, blocked or admin coach with a 400: the link is not valid.
  if (!data) throw invalidLink();
  return data;
}

export async function selfRegistration(
  { params: { coachUuid } }: OperationInput<'getSelfRegistration'>,
  ctx: OperationContext,
): Promise<SelfRegistration> {
  const init = await readInit(ctx, coachUuid);
  return {
    coachUuid,
    coachName: init.coachName,
    priceString: init.priceString,
    currency: init.currency,
    provider: providerOf(init.currency),
    assessmentType: 'ennea',
    assessmentTypeName: 'Enneagram',
    languages: REGISTRATION_LANGUAGES.map((value) => ({ value, label: label(value) })).sort((a, b) => a.label.localeCompare(b.label)),
    defaultLanguage: 'english',
  };
}

interface CheckoutForm {
  name: string;
  surname: string;
  email: string;
  assessmentLanguage: RegistrationLanguage;
}

/** The form (registration-form.ts) and the registration language (spec §3). */
function checkForm(body: OperationInput<'createCheckout'>['body']): CheckoutForm {
  const details = registrationDetails(body);
  const language = body.assessmentLanguage ?? 'english';
  const assessmentLanguage = REGISTRATION_LANGUAGES.find((known) => known === language);
  if (!assessmentLanguage) {
    throw Object.assign(new Error('assessmentLanguage is not a registration language'), {
      statusCode: 400,
      validationContext: 'body',
      validation: [
        { instancePath: '/assessmentLanguage', params: {}, message: 'must be one of the registration languages', keyword: 'enum' },
      ],
    });
  }
  return { ...details, assessmentLanguage };
}

function amountOf(ctx: OperationContext, init: SelfPayInit): string {
  const amount = init.costOfAssessment.toFixed(2);
  if (!AMOUNT.test(amount)) throw misconfigured(ctx, `selfpay/init answered an unusable costOfAssessment (${init.costOfAssessment})`);
  return amount;
}

/** The portal origin the visitor uses (CSRF already checked it is an allowed one), else the first allowed. */
function portalOrigin(ctx: OperationContext, settings: SelfPaySettings): string {
  const chosen = portalOriginOf(ctx.headers.origin, settings.allowedOrigins);
  if (!chosen) throw misconfigured(ctx, 'ALLOWED_ORIGINS is empty: no return address for the card provider');
  return chosen;
}

function cardForm(
  ctx: OperationContext,
  init: SelfPayInit,
  form: CheckoutForm,
  checkoutId: string,
  amount: string,
  settings: SelfPaySettings,
) {
  const origin = cardProviderOrigin(init, settings) ?? '';
  const statusPage = `${portalOrigin(ctx, settings)}/coachportal/paymentstatus?checkoutId=${checkoutId}`;
  const root = (init.selfpayroot ?? '').replace(/\/*$/, '/');
  return {
    action: `${origin}${CARD_FORM_PATH}`,
    method: 'POST' as const,
    fields: {
      cmd: CARD_COMMAND,
      receiver: init.cardProviderMerchantId ?? '',
      payment_method: CARD_PAYMENT_METHOD,
      name_first: form.name,
      name_last: form.surname,
      return_url: statusPage,
      cancel_url: `${statusPage}&cancelled=true`,
      notify_url: new URL('receive_notification/', root).href,
      custom_str1: checkoutId,
      email_address: form.email,
      amount,
      item_name: ASSESSMENT_NAME,
      item_description:
        `${ASSESSMENT_NAME} (${label(form.assessmentLanguage)}) for ${form.name} ${form.surname} with coach ${init.coachName}`.slice(
          0,
          255,
        ),
    },
  };
}

/** The configured origin of the card provider host selfpay/init names (none: the CSP would block the form). */
function cardProviderOrigin(init: SelfPayInit, settings: SelfPaySettings): string | undefined {
  return settings.cardProviderOrigins.find((origin) => new URL(origin).host === init.cardProviderHost);
}

/** What the chosen provider needs from selfpay/init, checked before the legacy checkout exists. */
function checkProviderSetUp(ctx: OperationContext, init: SelfPayInit, settings: SelfPaySettings): void {
  if (providerOf(init.currency) === 'paypal') {
    if (!init.payPalClientId) throw misconfigured(ctx, 'selfpay/init answered no payPalClientId for a PayPal currency');
    return;
  }
  if (!init.cardProviderMerchantId || !init.selfpayroot || !URL.canParse(init.selfpayroot)) {
    throw misconfigured(ctx, 'selfpay/init answered no card provider merchant id or selfpayroot for ZAR');
  }
  if (!cardProviderOrigin(init, settings)) {
    // The page's CSP would block the form: refuse before a checkout is created.
    throw misconfigured(
      ctx,
      `selfpay/init named the card provider host "${init.cardProviderHost}", which CARD_PROVIDER_HOSTS does not list`,
    );
  }
}

export async function createCheckout(
  { params: { coachUuid }, body }: OperationInput<'createCheckout'>,
  ctx: OperationContext,
  { settings, checkouts }: SelfPayDeps,
): Promise<HttpAnswer<Checkout>> {
  const form = checkForm(body);
  const init = await readInit(ctx, coachUuid);
  const provider = providerOf(init.currency);
  const amount = amountOf(ctx, init);
  checkProviderSetUp(ctx, init, settings);
  const { data, error } = await ctx.publicLegacy.POST('/selfpay/checkout', {
    body: {
      ...form,
      provider,
      providerIsPayPal: provider === 'paypal',
      amount: init.costOfAssessment,
      currency: init.currency,
      assessmentType: 'ennea',
      coachUUID: coachUuid,
    },
  });
  if (!data) throw failed(400, 'checkout_failed', legacyErrorInfo(error) ?? MESSAGES.failed);
  const { checkoutId } = data;
  const record: CheckoutRecord = {
    checkoutId,
    coachUuid,
    provider,
    amount,
    currency: init.currency,
    payPalClientId: init.payPalClientId ?? null,
    payPalOrderId: null,
    captured: false,
    createdAt: Date.now(),
  };
  const remembered = await remember(ctx, checkouts, record);
  // A card payment needs no record (the provider form carries the checkout; the status page asks the legacy
  // API); a PayPal order is made from it, so without one the guest is asked to try again.
  if (!remembered && provider === 'paypal') throw dependencyUnavailable();
  if (provider === 'card') return created({ provider, checkoutId, form: cardForm(ctx, init, form, checkoutId, amount, settings) });
  const clientId = init.payPalClientId ?? '';
  const sdkUrl = `${settings.payPalSdkUrl}?client-id=${encodeURIComponent(clientId)}&currency=${init.currency}&disable-funding=card,credit`;
  return created({ provider, checkoutId, clientId, currency: init.currency, amount, sdkUrl });
}

const REMEMBER_ATTEMPTS = 3;
const REMEMBER_BACKOFF_MS = 250;

/**
 * Stores the record of a checkout the legacy API has just created, retrying a store that fails (Redis
 * restarting). If it still fails, the checkout exists upstream unpaid and unknown here: one error line names
 * it for the operator, and the caller decides whether the guest can go on.
 */
async function remember(ctx: OperationContext, checkouts: CheckoutStore, record: CheckoutRecord): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await checkouts.set(record);
      return true;
    } catch (err) {
      if (attempt >= REMEMBER_ATTEMPTS) {
        const { checkoutId, provider } = record;
        ctx.log.error({ err, checkoutId, provider }, 'self-pay checkout created by the legacy API but not remembered');
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, REMEMBER_BACKOFF_MS * attempt));
    }
  }
}

export async function checkoutStatus(
  { params: { checkoutId }, query }: OperationInput<'getCheckout'>,
  ctx: OperationContext,
  { checkouts }: Pick<SelfPayDeps, 'checkouts'>,
): Promise<CheckoutStatus> {
  const cancelled = query.cancelled === true;
  const { data, error } = await ctx.publicLegacy.GET('/selfpay/checkpayment/{checkoutId}', { params: { path: { checkoutId } } });
  // The legacy API refuses only a checkout it does not know: a guess that missed.
  if (!data) throw unknownLink(failed(400, 'payment_check_failed', legacyErrorInfo(error) ?? MESSAGES.failed));
  const language = data.assessmentLanguage ?? '';
  if (!ALL_LANGUAGES.has(language)) ctx.log.warn({ language }, 'selfpay/checkpayment answered an unknown language');
  const status = data.success ? 'success' : data.pending && !cancelled ? 'pending' : 'fail';
  const wasCancelled = cancelled || data.paymentNotes === MESSAGES.cancelled;
  return {
    checkoutId,
    status,
    message: status === 'success' ? null : status === 'pending' ? MESSAGES.pending : wasCancelled ? MESSAGES.cancelled : MESSAGES.failed,
    retryAfterSeconds: status === 'pending' ? RECHECK_SECONDS : null,
    paymentNotes: data.paymentNotes ?? null,
    referenceNumber: data.referenceNumber ?? null,
    name: data.name ?? '',
    surname: data.surname ?? '',
    email: data.email ?? '',
    priceString: data.priceString ?? '',
    assessmentType: 'ennea',
    assessmentLanguage: ALL_LANGUAGES.has(language) ? (language as Language) : 'english',
    coachUuid: (await checkouts.get(checkoutId))?.coachUuid ?? null,
  };
}

async function payPalCheckout(checkouts: CheckoutStore, checkoutId: string): Promise<CheckoutRecord & { payPalClientId: string }> {
  const record = await checkouts.get(checkoutId);
  if (record?.provider !== 'paypal' || !record.payPalClientId) throw unknownLink(checkoutNotFound());
  return { ...record, payPalClientId: record.payPalClientId };
}

export async function createPayPalOrder(
  { params: { checkoutId } }: OperationInput<'createPayPalOrder'>,
  ctx: OperationContext,
  { checkouts, payPal }: SelfPayDeps,
): Promise<HttpAnswer<{ orderId: string }>> {
  const record = await payPalCheckout(checkouts, checkoutId);
  // A paid checkout takes no new order.
  if (record.captured) throw checkoutNotFound();
  if (record.payPalOrderId) return created({ orderId: record.payPalOrderId });
  const orderId = await payPal.createOrder({
    clientId: record.payPalClientId,
    checkoutId,
    amount: record.amount,
    currency: record.currency,
    signal: ctx.signal,
    log: ctx.log,
  });
  await checkouts.set({ ...record, payPalOrderId: orderId });
  return created({ orderId });
}

export async function capturePayPalOrder(
  { params: { checkoutId }, body: { orderId } }: OperationInput<'capturePayPalOrder'>,
  ctx: OperationContext,
  { checkouts }: Pick<SelfPayDeps, 'checkouts'>,
): Promise<{ checkoutId: string; status: 'captured' }> {
  const record = await payPalCheckout(checkouts, checkoutId);
  if (record.payPalOrderId !== orderId) throw failed(400, 'order_mismatch', MESSAGES.failed);
  const { data, error } = await ctx.publicLegacy.POST('/selfpay/paypalcapture', { body: { orderId } });
  // "The server's error or its description is displayed" (spec §8 "Payment").
  if (!data?.success) throw failed(400, 'payment_failed', legacyErrorInfo(error) ?? MESSAGES.failed);
  await checkouts.set({ ...record, captured: true });
  return { checkoutId, status: 'captured' };
}
