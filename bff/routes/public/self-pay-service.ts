// Self-registration with payment: the page, the checkout, the payment status and the PayPal order
// and capture — legacy selfpay/* ↔ BFF mapping (spec public-and-guest §2, §4 "Self-registration
// payment", §7, §8 "Self-register", "Payment", §9; openapi/bff paths api_public_self-registration_*,
// api_public_checkouts_*). Price, currency and provider come from selfpay/init, never from the browser.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components as Bff } from '../../../generated/bff.ts';
import type { components as Legacy } from '../../../generated/legacy.ts';
import { abortOnClientGone } from '../../batch/client-abort.ts';
import { problem } from '../../plugins/app/problems.ts';
import { type LegacyClient, legacyErrorInfo, upstreamError } from '../../upstream/legacy-client.ts';
import type { CheckoutRecord, CheckoutStore } from './checkout-store.ts';
import { PAYMENT_FAILED, type PayPalClient } from './paypal-client.ts';

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
  missingDetails: 'Please provide all details.',
  invalidEmail: 'Please provide a valid email address.',
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
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AMOUNT = /^[0-9]{1,7}\.[0-9]{2}$/;
/** Spec §9: a pending payment is re-checked every 30 seconds. */
const RECHECK_SECONDS = 30;
// The card provider's hosted form: the fields are the spec's (§7); the page path and the two fixed
// values are not shown by the spec (x-unspecified in the contract's CardCheckout).
const CARD_FORM_PATH = '/eng/process';
const CARD_COMMAND = '_paynow';
const CARD_PAYMENT_METHOD = 'cc';
const ASSESSMENT_NAME = 'Enneagram assessment';

export interface SelfPaySettings {
  /** The portal's origins: the card provider's return and cancel addresses point to one of them. */
  allowedOrigins: readonly string[];
  /** Origins the card form may be posted to (the page's CSP form-action allows exactly these). */
  cardProviderOrigins: readonly string[];
  payPalSdkUrl: string;
}

export interface SelfPayDeps {
  settings: SelfPaySettings;
  checkouts: CheckoutStore;
  payPal: PayPalClient;
}

const failed = (status: number, code: string, detail: string) => problem(status, code, detail, 'Failed');
const invalidLink = () => failed(400, 'invalid_link', MESSAGES.invalidLink);
const checkoutNotFound = () => failed(404, 'checkout_not_found', MESSAGES.failed);
const label = (language: Language) => language.charAt(0).toUpperCase() + language.slice(1);
// Public calls carry no cookie, not even a signed-in coach's.
const publicLegacy = (request: FastifyRequest): LegacyClient => request.legacyWithCookie(undefined);
const providerOf = (currency: string): 'card' | 'paypal' => (currency === 'ZAR' ? 'card' : 'paypal');

/** A configuration the legacy answer lacks: logged for operators, a 502 for the visitor. */
function misconfigured(request: FastifyRequest, message: string): Error {
  request.log.error(message);
  return upstreamError();
}

async function readInit(request: FastifyRequest, coachUuid: string): Promise<SelfPayInit> {
  const { data } = await publicLegacy(request).GET('/selfpay/init/{coachUUID}', { params: { path: { coachUUID: coachUuid } } });
  // The legacy API refuses an unknown, blocked or admin coach with a 400: the link is not valid.
  if (!data) throw invalidLink();
  return data;
}

export async function selfRegistration(request: FastifyRequest, coachUuid: string): Promise<SelfRegistration> {
  // Spec §2: a segment that is not exactly 36 characters (or not a uuid) is an invalid link.
  if (request.validationError) throw invalidLink();
  const init = await readInit(request, coachUuid);
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

/** The form's checks in the spec's order (§8): all details, then the e-mail; anything else is validation_failed. */
function checkForm(request: FastifyRequest): CheckoutForm {
  const error = request.validationError;
  if (error?.validationContext === 'params') throw invalidLink();
  const body = request.body as Record<string, unknown> | null | undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw error ?? failed(400, 'missing_details', MESSAGES.missingDetails);
  const [name, surname, email] = (['name', 'surname', 'email'] as const).map((field) => {
    const value = body[field];
    return typeof value === 'string' ? value.trim() : '';
  });
  if (!name || !surname || !email) throw failed(400, 'missing_details', MESSAGES.missingDetails);
  if (!EMAIL.test(email)) throw failed(400, 'invalid_email', MESSAGES.invalidEmail);
  if (error) throw error;
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
  return { name, surname, email, assessmentLanguage };
}

function amountOf(request: FastifyRequest, init: SelfPayInit): string {
  const amount = init.costOfAssessment.toFixed(2);
  if (!AMOUNT.test(amount)) throw misconfigured(request, `selfpay/init answered an unusable costOfAssessment (${init.costOfAssessment})`);
  return amount;
}

/** The portal origin the visitor uses (CSRF already checked it is an allowed one), else the first allowed. */
function portalOrigin(request: FastifyRequest, settings: SelfPaySettings): string {
  const origin = request.headers.origin;
  const chosen = origin && settings.allowedOrigins.includes(origin) ? origin : settings.allowedOrigins[0];
  if (!chosen) throw misconfigured(request, 'ALLOWED_ORIGINS is empty: no return address for the card provider');
  return chosen;
}

function cardForm(
  request: FastifyRequest,
  init: SelfPayInit,
  form: CheckoutForm,
  checkoutId: string,
  amount: string,
  settings: SelfPaySettings,
) {
  const origin = cardProviderOrigin(init, settings) ?? '';
  const statusPage = `${portalOrigin(request, settings)}/coachportal/paymentstatus?checkoutId=${checkoutId}`;
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
function checkProviderSetUp(request: FastifyRequest, init: SelfPayInit, settings: SelfPaySettings): void {
  if (providerOf(init.currency) === 'paypal') {
    if (!init.payPalClientId) throw misconfigured(request, 'selfpay/init answered no payPalClientId for a PayPal currency');
    return;
  }
  if (!init.cardProviderMerchantId || !init.selfpayroot || !URL.canParse(init.selfpayroot)) {
    throw misconfigured(request, 'selfpay/init answered no card provider merchant id or selfpayroot for ZAR');
  }
  if (!cardProviderOrigin(init, settings)) {
    // The page's CSP would block the form: refuse before a checkout is created.
    throw misconfigured(
      request,
      `selfpay/init named the card provider host "${init.cardProviderHost}", which CARD_PROVIDER_HOSTS does not list`,
    );
  }
}

export async function createCheckout(request: FastifyRequest, coachUuid: string, { settings, checkouts }: SelfPayDeps): Promise<Checkout> {
  const form = checkForm(request);
  const init = await readInit(request, coachUuid);
  const provider = providerOf(init.currency);
  const amount = amountOf(request, init);
  checkProviderSetUp(request, init, settings);
  const { data, error } = await publicLegacy(request).POST('/selfpay/checkout', {
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
  await checkouts.set({
    checkoutId,
    coachUuid,
    provider,
    amount,
    currency: init.currency,
    payPalClientId: init.payPalClientId ?? null,
    payPalOrderId: null,
    captured: false,
    createdAt: Date.now(),
  });
  if (provider === 'card') return { provider, checkoutId, form: cardForm(request, init, form, checkoutId, amount, settings) };
  const clientId = init.payPalClientId ?? '';
  const sdkUrl = `${settings.payPalSdkUrl}?client-id=${encodeURIComponent(clientId)}&currency=${init.currency}&disable-funding=card,credit`;
  return { provider, checkoutId, clientId, currency: init.currency, amount, sdkUrl };
}

export async function checkoutStatus(
  request: FastifyRequest,
  checkoutId: string,
  cancelled: boolean,
  { checkouts }: Pick<SelfPayDeps, 'checkouts'>,
): Promise<CheckoutStatus> {
  const { data, error } = await publicLegacy(request).GET('/selfpay/checkpayment/{checkoutId}', { params: { path: { checkoutId } } });
  if (!data) throw failed(400, 'payment_check_failed', legacyErrorInfo(error) ?? MESSAGES.failed);
  const language = data.assessmentLanguage ?? '';
  if (!ALL_LANGUAGES.has(language)) request.log.warn({ language }, 'selfpay/checkpayment answered an unknown language');
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
  if (record?.provider !== 'paypal' || !record.payPalClientId) throw checkoutNotFound();
  return { ...record, payPalClientId: record.payPalClientId };
}

export async function createPayPalOrder(
  request: FastifyRequest,
  reply: FastifyReply,
  checkoutId: string,
  { checkouts, payPal }: SelfPayDeps,
): Promise<{ orderId: string }> {
  const record = await payPalCheckout(checkouts, checkoutId);
  // A paid checkout takes no new order.
  if (record.captured) throw checkoutNotFound();
  if (record.payPalOrderId) return { orderId: record.payPalOrderId };
  const orderId = await payPal.createOrder({
    clientId: record.payPalClientId,
    checkoutId,
    amount: record.amount,
    currency: record.currency,
    signal: abortOnClientGone(request, reply),
    log: request.log,
  });
  await checkouts.set({ ...record, payPalOrderId: orderId });
  return { orderId };
}

export async function capturePayPalOrder(
  request: FastifyRequest,
  checkoutId: string,
  orderId: string,
  { checkouts }: Pick<SelfPayDeps, 'checkouts'>,
): Promise<{ checkoutId: string; status: 'captured' }> {
  const record = await payPalCheckout(checkouts, checkoutId);
  if (record.payPalOrderId !== orderId) throw failed(400, 'order_mismatch', MESSAGES.failed);
  const { data, error } = await publicLegacy(request).POST('/selfpay/paypalcapture', { body: { orderId } });
  // "The server's error or its description is displayed" (spec §8 "Payment").
  if (!data?.success) throw failed(400, 'payment_failed', legacyErrorInfo(error) ?? MESSAGES.failed);
  await checkouts.set({ ...record, captured: true });
  return { checkoutId, status: 'captured' };
}
