// Self-pay against the sandbox (the stateful legacy API: ZAR and USD coaches from its seed) and
// against the fault upstream; the PayPal Orders API is a loopback stand-in. Every response is checked
// against openapi/bff.yaml by injectChecked.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSandbox } from '../../../sandbox/app.ts';
import { CARD_PROVIDER_HOST, CARD_PROVIDER_MERCHANT_ID, PAYPAL_CLIENT_ID } from '../../../sandbox/handlers/self-pay.ts';
import { SEED_COACHES } from '../../../sandbox/seed/accounts.ts';
import { seedStore } from '../../../sandbox/seed/seed.ts';
import { buildServer } from '../../app.ts';
import { injectChecked } from '../../test-support/contract.ts';
import { type CannedAnswer, type FaultUpstream, startFaultUpstream } from '../../test-support/fault-upstream.ts';
import { type RunningRedis, startRedis } from '../../test-support/redis-server.ts';
import { testConfig } from '../../test-support/test-server.ts';

const ORIGIN = 'http://localhost:3000';
const CSRF = { 'x-csrf': '1', origin: ORIGIN };
const ZAR_COACH = SEED_COACHES.twoFactor.uuid;
const USD_COACH = SEED_COACHES.demo.uuid;
const FORM = { name: 'Thandiwe', surname: 'Nkosi', email: 'thandiwe.nkosi@example.test', assessmentLanguage: 'xhosa' };
const SECRET = 'stand-in-paypal-secret';
const ORDER_ID = '5O190127TN364715T';
const FAILED = 'Sorry, your transaction could not be processed.';
const TOKEN: CannedAnswer = { status: 200, json: { access_token: 'A21AAstand-in-token', token_type: 'Bearer', expires_in: 32_400 } };
const ORDER: CannedAnswer = { status: 201, json: { id: ORDER_ID, status: 'CREATED' } };

const registration = (coach: string) => `/api/public/self-registration/${coach}`;
const checkouts = (coach: string) => `/api/public/self-registration/${coach}/checkouts`;
const checkout = (id: string) => `/api/public/checkouts/${id}`;

function bff(env: Record<string, string>): FastifyInstance {
  return buildServer(
    testConfig({ UPSTREAM_TIMEOUT_MS: '1000', RATE_LIMIT_PUBLIC_MISSES_MAX: '1000', PAYPAL_CLIENT_SECRET: SECRET, ...env }),
  );
}

function calls(server: FastifyInstance) {
  const inject = (options: InjectOptions & { url: string }) => injectChecked(server, options);
  return {
    get: (url: string) => inject({ method: 'GET', url }),
    post: (url: string, payload?: object, headers: Record<string, string> = CSRF) => inject({ method: 'POST', url, headers, payload }),
  };
}

describe('self-pay against the sandbox', () => {
  let sandbox: FastifyInstance;
  let sandboxUrl: string;
  let payPal: FaultUpstream;
  let server: FastifyInstance;
  let api: ReturnType<typeof calls>;

  beforeAll(async () => {
    sandbox = await buildSandbox({ store: seedStore({ now: Date.now(), assessments: 5 }) });
    sandboxUrl = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    payPal = await startFaultUpstream();
    server = bff({ LEGACY_API_URL: sandboxUrl, PAYPAL_API_URL: payPal.url });
    await server.ready();
    api = calls(server);
  });
  afterEach(async () => {
    await server.close();
    await payPal.close();
  });

  const notify = (fields: Record<string, string>) =>
    fetch(`${sandboxUrl}/selfpay/receive_notification/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  it('shows a ZAR coach (card) and a USD coach (PayPal) with the registration languages sorted by label', async () => {
    const zar = await api.get(registration(ZAR_COACH));
    expect(zar.statusCode).toBe(200);
    expect(zar.json()).toMatchObject({
      coachUuid: ZAR_COACH,
      coachName: 'Pieter Botha',
      priceString: 'R550 + VAT',
      currency: 'ZAR',
      provider: 'card',
      assessmentType: 'ennea',
      assessmentTypeName: 'Enneagram',
      defaultLanguage: 'english',
    });
    const labels = zar.json().languages.map((language: { label: string }) => language.label);
    expect(labels).toHaveLength(16);
    expect(labels).toEqual([...labels].sort());
    expect(labels).not.toContain('Chinese');
    expect(zar.json().languages[0]).toEqual({ value: 'afrikaans', label: 'Afrikaans' });
    expect((await api.get(registration(USD_COACH))).json()).toMatchObject({ priceString: '$55', currency: 'USD', provider: 'paypal' });
  });

  it.each([
    ['a short segment', 'short'],
    ['37 characters', `${USD_COACH}0`],
    ['an unknown coach', 'c0ac0000-0000-4000-8000-0000000000ff'],
    ['a blocked coach', SEED_COACHES.blocked.uuid],
    ['an admin', SEED_COACHES.admin.uuid],
  ])('answers invalid_link for %s', async (_, coach) => {
    const page = await api.get(registration(coach));
    expect(page.statusCode).toBe(400);
    expect(page.json()).toMatchObject({
      code: 'invalid_link',
      detail: 'Invalid link. Please use the link exactly as provided to you by your coach',
    });
    const proceed = await api.post(checkouts(coach), FORM);
    expect(proceed.json()).toMatchObject({ status: 400, code: 'invalid_link' });
  });

  it('goes on with a card checkout the store could not remember, and asks a PayPal guest to try again (503)', async () => {
    // The store fails just after the legacy API created the checkout (Redis restarting), three times over.
    const set = vi.spyOn(server.selfPay.checkouts, 'set').mockRejectedValue(new Error('Connection is closed.'));
    const card = await api.post(checkouts(ZAR_COACH), FORM);
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({ provider: 'card', form: { fields: { custom_str1: card.json().checkoutId } } });
    expect(set).toHaveBeenCalledTimes(3);

    set.mockClear();
    const payPal = await api.post(checkouts(USD_COACH), FORM);
    expect(payPal.statusCode).toBe(503);
    expect(payPal.headers['retry-after']).toBe('5');
    expect(payPal.json()).toMatchObject({ code: 'dependency_unavailable', detail: 'The service is unavailable. Please try again later.' });
    expect(set).toHaveBeenCalledTimes(3);

    // A store that recovers on the second attempt loses nothing.
    set.mockReset().mockRejectedValueOnce(new Error('Connection is closed.'));
    expect((await api.post(checkouts(USD_COACH), FORM)).statusCode).toBe(201);
    expect(set).toHaveBeenCalledTimes(2);
  });

  it('creates a ZAR checkout as the card provider form, priced by selfpay/init, and follows it to success', async () => {
    const created = await api.post(checkouts(ZAR_COACH), FORM);
    expect(created.statusCode).toBe(201);
    const { checkoutId, form } = created.json();
    const status = `${ORIGIN}/coachportal/paymentstatus?checkoutId=${checkoutId}`;
    expect(created.json()).toEqual({
      provider: 'card',
      checkoutId,
      form: {
        action: `https://${CARD_PROVIDER_HOST}/eng/process`,
        method: 'POST',
        fields: {
          cmd: '_paynow',
          receiver: CARD_PROVIDER_MERCHANT_ID,
          payment_method: 'cc',
          name_first: 'Thandiwe',
          name_last: 'Nkosi',
          return_url: status,
          cancel_url: `${status}&cancelled=true`,
          notify_url: 'http://localhost:4010/selfpay/receive_notification/',
          custom_str1: checkoutId,
          email_address: FORM.email,
          // The sandbox refuses a checkout whose amount is not selfpay/init's: R550 + VAT.
          amount: '632.50',
          item_name: 'Enneagram assessment',
          item_description: 'Enneagram assessment (Xhosa) for Thandiwe Nkosi with coach Pieter Botha',
        },
      },
    });
    expect(form.fields.custom_str1).toBe(checkoutId);

    const pending = await api.get(checkout(checkoutId));
    expect(pending.json()).toMatchObject({
      checkoutId,
      status: 'pending',
      message: 'Please wait, still checking.',
      retryAfterSeconds: 30,
      name: 'Thandiwe',
      priceString: 'R550 + VAT',
      assessmentLanguage: 'xhosa',
      coachUuid: ZAR_COACH,
    });
    const cancelled = await api.get(`${checkout(checkoutId)}?cancelled=true`);
    expect(cancelled.json()).toMatchObject({ status: 'fail', message: 'Transaction cancelled.', retryAfterSeconds: null });

    expect(
      (await notify({ custom_str1: checkoutId, payment_status: 'COMPLETE', amount_gross: '632.50', pf_payment_id: '2174563' })).status,
    ).toBe(200);
    const paid = await api.get(checkout(checkoutId));
    expect(paid.json()).toMatchObject({ status: 'success', message: null, retryAfterSeconds: null, referenceNumber: '2174563' });
    // Paid stays paid even through the cancel address.
    expect((await api.get(`${checkout(checkoutId)}?cancelled=true`)).json()).toMatchObject({ status: 'success' });
  });

  it('shows a checkout the provider reported cancelled or declined as failed with the spec message', async () => {
    const cancelledId = (await api.post(checkouts(ZAR_COACH), FORM)).json().checkoutId;
    await notify({ custom_str1: cancelledId, payment_status: 'CANCELLED' });
    expect((await api.get(checkout(cancelledId))).json()).toMatchObject({ status: 'fail', message: 'Transaction cancelled.' });
    const declinedId = (await api.post(checkouts(ZAR_COACH), FORM)).json().checkoutId;
    await notify({ custom_str1: declinedId, payment_status: 'FAILED' });
    expect((await api.get(checkout(declinedId))).json()).toMatchObject({ status: 'fail', message: FAILED });
  });

  it('answers payment_check_failed with the legacy text for a checkout the legacy API does not know', async () => {
    const unknown = await api.get(checkout('c4ec0000-0000-4000-8000-0000000000ff'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'payment_check_failed', detail: 'This checkout does not exist.' });
  });

  it.each([
    ['a missing name', { ...FORM, name: undefined }, 'missing_details', 'Please provide all details.'],
    ['a blank surname', { ...FORM, surname: '   ' }, 'missing_details', 'Please provide all details.'],
    ['an empty e-mail', { ...FORM, email: '' }, 'missing_details', 'Please provide all details.'],
    ['an e-mail without a dot', { ...FORM, email: 'thandiwe@example' }, 'invalid_email', 'Please provide a valid email address.'],
    [
      'a language outside the registration list',
      { ...FORM, assessmentLanguage: 'chinese' },
      'validation_failed',
      'The assessment language is not one of the choices.',
    ],
    [
      'an unknown language',
      { ...FORM, assessmentLanguage: 'klingon' },
      'validation_failed',
      'The assessment language is not one of the choices.',
    ],
  ])('refuses %s', async (_, payload, code, detail) => {
    const refused = await api.post(checkouts(ZAR_COACH), payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code, detail });
  });

  it("ignores a price sent by the browser: the amount is always selfpay/init's", async () => {
    const created = await api.post(checkouts(ZAR_COACH), { ...FORM, amount: 1, currency: 'USD' });
    expect(created.json()).toMatchObject({ provider: 'card', form: { fields: { amount: '632.50' } } });
  });

  it('refuses a checkout without the CSRF header', async () => {
    const refused = await api.post(checkouts(ZAR_COACH), FORM, { origin: ORIGIN });
    expect(refused.json()).toMatchObject({ status: 403, code: 'csrf_required' });
  });

  it('creates a USD checkout for the PayPal buttons, then the order server-side with the price it remembered', async () => {
    const created = await api.post(checkouts(USD_COACH), { ...FORM, assessmentLanguage: undefined });
    expect(created.statusCode).toBe(201);
    const { checkoutId } = created.json();
    expect(created.json()).toEqual({
      provider: 'paypal',
      checkoutId,
      clientId: PAYPAL_CLIENT_ID,
      currency: 'USD',
      amount: '55.00',
      sdkUrl: `https://www.paypal.com/sdk/js?client-id=${PAYPAL_CLIENT_ID}&currency=USD&disable-funding=card,credit`,
    });

    payPal.answer('POST /v1/oauth2/token', TOKEN);
    payPal.answer('POST /v2/checkout/orders', ORDER);
    const order = await api.post(`${checkout(checkoutId)}/paypal-order`);
    expect(order.statusCode).toBe(201);
    expect(order.json()).toEqual({ orderId: ORDER_ID });
    const [tokenCall, orderCall] = payPal.received;
    expect(tokenCall?.headers.authorization).toBe(`Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${SECRET}`).toString('base64')}`);
    expect(tokenCall?.body).toBe('grant_type=client_credentials');
    expect(orderCall?.headers.authorization).toBe('Bearer A21AAstand-in-token');
    expect(orderCall?.headers['paypal-request-id']).toBe(checkoutId);
    expect(JSON.parse(orderCall?.body ?? '')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: checkoutId, amount: { currency_code: 'USD', value: '55.00' } }],
    });
    // Asked again while open: the same order, and PayPal is not asked again.
    expect((await api.post(`${checkout(checkoutId)}/paypal-order`)).json()).toEqual({ orderId: ORDER_ID });
    expect(payPal.received).toHaveLength(2);

    const mismatch = await api.post(`${checkout(checkoutId)}/paypal-capture`, { orderId: 'OTHERORDER1' });
    expect(mismatch.json()).toMatchObject({ status: 400, code: 'order_mismatch', detail: FAILED });
    // The sandbox treats a PayPal order id as its checkout id, so it knows no real PayPal order:
    // its refusal is shown as sent (the capture's success path is tested against the fault upstream).
    const capture = await api.post(`${checkout(checkoutId)}/paypal-capture`, { orderId: ORDER_ID });
    expect(capture.json()).toMatchObject({ status: 400, code: 'payment_failed', detail: 'PayPal order not found.' });
  });

  it('knows no PayPal order for a card checkout or an unknown one', async () => {
    const card = (await api.post(checkouts(ZAR_COACH), FORM)).json().checkoutId;
    for (const id of [card, 'c4ec0000-0000-4000-8000-0000000000ff']) {
      expect((await api.post(`${checkout(id)}/paypal-order`)).json()).toMatchObject({
        status: 404,
        code: 'checkout_not_found',
        detail: FAILED,
      });
      expect((await api.post(`${checkout(id)}/paypal-capture`, { orderId: ORDER_ID })).json()).toMatchObject({
        status: 404,
        code: 'checkout_not_found',
      });
    }
    expect(payPal.received).toHaveLength(0);
  });

  it('limits the public calls per resource: page views are generous, wrong links are not', async () => {
    const limited = bff({ LEGACY_API_URL: sandboxUrl, RATE_LIMIT_PUBLIC_MISSES_MAX: '2' });
    try {
      const { get } = calls(limited);
      // An office behind one address opening its coach's registration page.
      for (let view = 0; view < 40; view++) expect((await get(registration(USD_COACH))).statusCode).toBe(200);
      expect((await get(registration('short'))).statusCode).toBe(400);
      expect((await get(registration('c0ac0000-0000-4000-8000-0000000000ff'))).statusCode).toBe(400);
      const third = await get(registration(USD_COACH));
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

const CHECKOUT_ID = 'c4ec0000-0000-4000-8000-000000000002';
const USD_INIT = {
  currency: 'USD',
  coachName: 'Lukas Novak',
  priceString: '$55',
  costOfAssessment: 55,
  cardProviderHost: 'sandbox.cardprovider.test',
  cardProviderMerchantId: '10004002',
  payPalClientId: 'AeA1QIZXiflr1',
  selfpayroot: 'https://legacy.coachportal.test/selfpay/',
};

/** A legacy API and a PayPal stand-in that answer a USD coach's checkout (CHECKOUT_ID) and its order. */
async function startUsdUpstreams(): Promise<{ legacy: FaultUpstream; payPal: FaultUpstream }> {
  const legacy = await startFaultUpstream();
  const payPal = await startFaultUpstream();
  legacy.answer(`GET /selfpay/init/${USD_COACH}`, { status: 200, json: USD_INIT });
  legacy.answer('POST /selfpay/checkout', { status: 200, json: { checkoutId: CHECKOUT_ID } });
  payPal.answer('POST /v1/oauth2/token', TOKEN);
  payPal.answer('POST /v2/checkout/orders', ORDER);
  return { legacy, payPal };
}

describe('self-pay against a failing legacy API and PayPal', () => {
  let legacy: FaultUpstream;
  let payPal: FaultUpstream;
  let server: FastifyInstance;
  let api: ReturnType<typeof calls>;

  async function start(env: Record<string, string> = {}) {
    server = bff({ LEGACY_API_URL: legacy.url, PAYPAL_API_URL: payPal.url, ...env });
    await server.ready();
    api = calls(server);
  }

  beforeEach(async () => {
    ({ legacy, payPal } = await startUsdUpstreams());
  });
  afterEach(async () => {
    await server?.close();
    await legacy.close();
    await payPal.close();
  });

  const usdCheckout = async () => expect((await api.post(checkouts(USD_COACH), FORM)).statusCode).toBe(201);

  it('captures an approved order through selfpay/paypalcapture, then takes no new order for the paid checkout', async () => {
    await start();
    await usdCheckout();
    expect((await api.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toEqual({ orderId: ORDER_ID });
    legacy.answer('POST /selfpay/paypalcapture', { status: 200, json: { success: true } });
    const captured = await api.post(`${checkout(CHECKOUT_ID)}/paypal-capture`, { orderId: ORDER_ID });
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toEqual({ checkoutId: CHECKOUT_ID, status: 'captured' });
    const sent = legacy.received.find((request) => request.url.startsWith('/selfpay/paypalcapture'));
    expect(JSON.parse(sent?.body ?? '')).toEqual({ orderId: ORDER_ID });
    expect((await api.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toMatchObject({ status: 404, code: 'checkout_not_found' });
  });

  it('sent the legacy checkout the price and provider of selfpay/init, and no browser cookie', async () => {
    await start();
    await injectChecked(server, { method: 'POST', url: checkouts(USD_COACH), headers: { ...CSRF, cookie: 'other=1' }, payload: FORM });
    const sent = legacy.received.find((request) => request.url.startsWith('/selfpay/checkout'));
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      ...FORM,
      provider: 'paypal',
      providerIsPayPal: true,
      amount: 55,
      currency: 'USD',
      assessmentType: 'ennea',
      coachUUID: USD_COACH,
    });
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.headers['x-csrf']).toBeUndefined();
  });

  it('shows a declined capture with the legacy text', async () => {
    await start();
    await usdCheckout();
    await api.post(`${checkout(CHECKOUT_ID)}/paypal-order`);
    const info = 'INSTRUMENT_DECLINED - The instrument presented was either declined by the processor or bank.';
    legacy.answer('POST /selfpay/paypalcapture', { status: 400, json: { error: { info } } });
    const declined = await api.post(`${checkout(CHECKOUT_ID)}/paypal-capture`, { orderId: ORDER_ID });
    expect(declined.json()).toMatchObject({ status: 400, code: 'payment_failed', detail: info });
    legacy.answer('POST /selfpay/paypalcapture', { status: 200, json: { success: false } });
    const refused = await api.post(`${checkout(CHECKOUT_ID)}/paypal-capture`, { orderId: ORDER_ID });
    expect(refused.json()).toMatchObject({ status: 400, code: 'payment_failed', detail: FAILED });
  });

  it('answers checkout_failed with the text of a refused legacy checkout', async () => {
    await start();
    legacy.answer('POST /selfpay/checkout', { status: 400, json: { error: { info: 'Self-registration is not enabled for this coach.' } } });
    const refused = await api.post(checkouts(USD_COACH), FORM);
    expect(refused.json()).toMatchObject({
      status: 400,
      code: 'checkout_failed',
      detail: 'Self-registration is not enabled for this coach.',
    });
  });

  it.each([
    ['a 5xx', { status: 500, text: 'oops' } as CannedAnswer, 502, 'upstream_error'],
    ['a reset', { fault: 'reset' } as CannedAnswer, 502, 'upstream_error'],
    ['broken JSON', { fault: 'garbage' } as CannedAnswer, 502, 'upstream_error'],
    ['a slow answer', { fault: 'slow', delayMs: 3_000 } as CannedAnswer, 504, 'upstream_timeout'],
  ])('maps %s of selfpay/init to its problem', async (_, answer, status, code) => {
    await start();
    legacy.answer(`GET /selfpay/init/${USD_COACH}`, answer);
    expect((await api.get(registration(USD_COACH))).json()).toMatchObject({ status, code });
    expect((await api.post(checkouts(USD_COACH), FORM)).json()).toMatchObject({ status, code });
    expect(legacy.received.some((request) => request.url.startsWith('/selfpay/checkout'))).toBe(false);
  });

  it('refuses a card provider host the CSP does not allow before any checkout exists', async () => {
    await start({ CARD_PROVIDER_HOSTS: 'www.cards.example' });
    legacy.answer(`GET /selfpay/init/${USD_COACH}`, { status: 200, json: { ...USD_INIT, currency: 'ZAR', priceString: 'R550 + VAT' } });
    expect((await api.post(checkouts(USD_COACH), FORM)).json()).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(legacy.received.some((request) => request.url.startsWith('/selfpay/checkout'))).toBe(false);
  });

  it.each([
    [
      'PayPal refuses the credentials',
      { token: { status: 401, json: { error: 'invalid_client' } } as CannedAnswer },
      502,
      'payment_provider_error',
    ],
    [
      'PayPal fails the order',
      { order: { status: 500, json: { name: 'INTERNAL_SERVER_ERROR' } } as CannedAnswer },
      502,
      'payment_provider_error',
    ],
    ['PayPal answers no order id', { order: { status: 201, json: { status: 'CREATED' } } as CannedAnswer }, 502, 'payment_provider_error'],
    ['PayPal resets the connection', { order: { fault: 'reset' } as CannedAnswer }, 502, 'payment_provider_error'],
    ['PayPal is slow', { order: { fault: 'slow', delayMs: 3_000 } as CannedAnswer }, 504, 'upstream_timeout'],
  ])('answers when %s', async (_, faults: { token?: CannedAnswer; order?: CannedAnswer }, status, code) => {
    await start();
    await usdCheckout();
    if (faults.token) payPal.answer('POST /v1/oauth2/token', faults.token);
    if (faults.order) payPal.answer('POST /v2/checkout/orders', faults.order);
    const failed = await api.post(`${checkout(CHECKOUT_ID)}/paypal-order`);
    expect(failed.json()).toMatchObject({ status, code, detail: status === 502 ? FAILED : 'There was an unexpected error' });
    // Nothing was remembered: a later call that PayPal answers creates the order.
    payPal.answer('POST /v1/oauth2/token', TOKEN);
    payPal.answer('POST /v2/checkout/orders', ORDER);
    expect((await api.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toEqual({ orderId: ORDER_ID });
  });

  it('answers payment_provider_error when no PayPal secret is configured', async () => {
    server = buildServer(testConfig({ LEGACY_API_URL: legacy.url, PAYPAL_API_URL: payPal.url, RATE_LIMIT_PUBLIC_MISSES_MAX: '1000' }));
    await server.ready();
    api = calls(server);
    await usdCheckout();
    expect((await api.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toMatchObject({ status: 502, code: 'payment_provider_error' });
    expect(payPal.received).toHaveLength(0);
  });

  it('maps a failed payment with notes, and knows no coach for a checkout made elsewhere', async () => {
    await start();
    legacy.answer(`GET /selfpay/checkpayment/${CHECKOUT_ID}`, {
      status: 200,
      json: {
        success: false,
        pending: false,
        paymentNotes: 'The card issuer declined the payment.',
        referenceNumber: null,
        name: 'K',
        surname: 'H',
        email: 'k@h.test',
        priceString: '$55',
        assessmentType: 'ennea',
        assessmentLanguage: 'slovak',
      },
    });
    expect((await api.get(checkout(CHECKOUT_ID))).json()).toMatchObject({
      status: 'fail',
      message: FAILED,
      paymentNotes: 'The card issuer declined the payment.',
      assessmentLanguage: 'slovak',
      coachUuid: null,
    });
  });
});

describe('self-pay checkouts in Redis, shared by two BFF instances', () => {
  let redis: RunningRedis;
  let legacy: FaultUpstream;
  let payPal: FaultUpstream;
  const servers: FastifyInstance[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  beforeEach(async () => {
    ({ legacy, payPal } = await startUsdUpstreams());
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await legacy.close();
    await payPal.close();
  });

  async function instance(env: Record<string, string> = {}): Promise<ReturnType<typeof calls>> {
    const server = bff({ LEGACY_API_URL: legacy.url, PAYPAL_API_URL: payPal.url, ...env });
    servers.push(server);
    await server.ready();
    return calls(server);
  }

  it('orders, captures and shows through instance B a checkout created through instance A', async () => {
    const [a, b] = [await instance({ REDIS_URL: redis.url }), await instance({ REDIS_URL: redis.url })];
    expect((await a.post(checkouts(USD_COACH), FORM)).statusCode).toBe(201);

    const order = await b.post(`${checkout(CHECKOUT_ID)}/paypal-order`);
    expect(order.statusCode).toBe(201);
    expect(order.json()).toEqual({ orderId: ORDER_ID });
    expect(JSON.parse(payPal.received.at(-1)?.body ?? '')).toMatchObject({
      purchase_units: [{ custom_id: CHECKOUT_ID, amount: { currency_code: 'USD', value: '55.00' } }],
    });
    // A knows the order B created: the same one, and PayPal is not asked again.
    expect((await a.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toEqual({ orderId: ORDER_ID });
    expect(payPal.received).toHaveLength(2);

    legacy.answer('POST /selfpay/paypalcapture', { status: 200, json: { success: true } });
    const captured = await b.post(`${checkout(CHECKOUT_ID)}/paypal-capture`, { orderId: ORDER_ID });
    expect(captured.json()).toEqual({ checkoutId: CHECKOUT_ID, status: 'captured' });
    // A knows it was paid: no new order.
    expect((await a.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toMatchObject({ status: 404, code: 'checkout_not_found' });

    legacy.answer(`GET /selfpay/checkpayment/${CHECKOUT_ID}`, {
      status: 200,
      json: {
        success: true,
        pending: false,
        paymentNotes: null,
        referenceNumber: 'SP-2025-000214',
        ...FORM,
        priceString: '$55',
        assessmentType: 'ennea',
      },
    });
    // The status page's restart link needs the coach: B read it from the checkout A remembered.
    expect((await b.get(checkout(CHECKOUT_ID))).json()).toMatchObject({ status: 'success', coachUuid: USD_COACH });
  });

  it('without Redis, instance B does not know a checkout created through instance A', async () => {
    const [a, b] = [await instance(), await instance()];
    expect((await a.post(checkouts(USD_COACH), FORM)).statusCode).toBe(201);
    expect((await b.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toMatchObject({ status: 404, code: 'checkout_not_found' });
    expect((await a.post(`${checkout(CHECKOUT_ID)}/paypal-order`)).json()).toEqual({ orderId: ORDER_ID });
  });
});
