import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePayPalOrder, createPayPalOrder } from '../providers/test-support.ts';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { PAYPAL_ORDER_NOT_APPROVED } from './self-pay.ts';

const client = {
  name: 'Sipho',
  surname: 'Ndlovu',
  email: 'sipho.ndlovu@gmail.test',
  assessmentType: 'ennea',
  assessmentLanguage: 'english',
};
const zar = {
  ...client,
  provider: 'card',
  providerIsPayPal: false,
  amount: 632.5,
  currency: 'ZAR',
  coachUUID: SEED_COACHES.twoFactor.uuid,
};
const usd = { ...client, provider: 'paypal', providerIsPayPal: true, amount: 55, currency: 'USD', coachUUID: SEED_COACHES.demo.uuid };

describe('self-registration payment (spec public-and-guest §4 "Self-registration payment", §9)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.app.close());

  const get = (url: string) => injectLegacy(sandbox.app, { method: 'GET', url });
  const post = (url: string, payload: object) => injectLegacy(sandbox.app, { method: 'POST', url, payload });
  const notify = (payload: Record<string, string>) =>
    injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/selfpay/receive_notification/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(payload).toString(),
    });

  it('prices a ZAR coach at R550 + VAT through the card provider and a USD coach at $55 through PayPal', async () => {
    expect((await get(`/selfpay/init/${SEED_COACHES.twoFactor.uuid}`)).json()).toMatchObject({
      currency: 'ZAR',
      priceString: 'R550 + VAT',
      costOfAssessment: 632.5,
      coachName: 'Pieter Botha',
      selfpayroot: 'http://localhost:4010/selfpay/',
    });
    expect((await get(`/selfpay/init/${SEED_COACHES.demo.uuid}`)).json()).toMatchObject({
      currency: 'USD',
      priceString: '$55',
      costOfAssessment: 55,
    });
    expect((await get(`/selfpay/init/${SEED_COACHES.blocked.uuid}`)).json()).toEqual({
      error: { info: 'Invalid link. Please use the link exactly as provided to you by your coach' },
    });
  });

  it('refuses a checkout at the wrong price or with the wrong provider', async () => {
    expect((await post('/selfpay/checkout', { ...zar, amount: 550 })).statusCode).toBe(400);
    expect((await post('/selfpay/checkout', { ...zar, providerIsPayPal: true })).statusCode).toBe(400);
  });

  it('keeps a ZAR checkout pending until the card provider notifies success, then registers the client', async () => {
    const before = ownAssessments(sandbox.store, SEED_COACHES.twoFactor.uuid).length;
    const { checkoutId } = (await post('/selfpay/checkout', zar)).json();
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: false,
      pending: true,
      priceString: 'R550 + VAT',
    });
    await notify({ custom_str1: checkoutId, payment_status: 'COMPLETE', amount_gross: '632.50', pf_payment_id: '2174563' });
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: true,
      pending: false,
      referenceNumber: '2174563',
    });
    const assessments = ownAssessments(sandbox.store, SEED_COACHES.twoFactor.uuid);
    expect(assessments).toHaveLength(before + 1);
    expect(assessments.at(-1)).toMatchObject({ assessmentType: 'ennea', userInvite: 1 });
    expect(sandbox.store.outbox.at(-1)).toMatchObject({ to: client.email, subject: 'Your Enneagram assessment is ready' });
  });

  it('fails a ZAR checkout the provider reports cancelled; a later notification changes nothing', async () => {
    const { checkoutId } = (await post('/selfpay/checkout', zar)).json();
    await notify({ custom_str1: checkoutId, payment_status: 'CANCELLED' });
    await notify({ custom_str1: checkoutId, payment_status: 'COMPLETE' });
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: false,
      pending: false,
      paymentNotes: 'Transaction cancelled.',
    });
  });

  it('captures an approved PayPal order: the order names its checkout (custom_id), as the BFF creates it', async () => {
    const checkoutId = (await post('/selfpay/checkout', usd)).json().checkoutId;
    const orderId = await createPayPalOrder(sandbox.app, { checkoutId, value: '55.00', currency: 'USD' });
    expect(orderId).toMatch(/^[A-Z0-9]{17}$/);
    // Not approved by the buyer yet: nothing is captured and the checkout stays pending.
    expect((await post('/selfpay/paypalcapture', { orderId })).json()).toEqual({ error: { info: PAYPAL_ORDER_NOT_APPROVED } });
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({ pending: true });

    expect((await approvePayPalOrder(sandbox.app, orderId)).statusCode).toBe(200);
    expect((await post('/selfpay/paypalcapture', { orderId })).json()).toEqual({ success: true });
    const order = sandbox.store.payPalOrders.get(orderId);
    expect(order).toMatchObject({ status: 'COMPLETED', customId: checkoutId });
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: true,
      pending: false,
      priceString: '$55',
      referenceNumber: order?.captureId,
    });
    // A repeated capture (a retry) changes nothing.
    const clients = ownAssessments(sandbox.store, SEED_COACHES.demo.uuid).length;
    expect((await post('/selfpay/paypalcapture', { orderId })).json()).toEqual({ success: true });
    expect(ownAssessments(sandbox.store, SEED_COACHES.demo.uuid)).toHaveLength(clients);
  });

  it('declines an order approved with a declined card, and knows no unknown order', async () => {
    const checkoutId = (await post('/selfpay/checkout', usd)).json().checkoutId;
    const orderId = await createPayPalOrder(sandbox.app, { checkoutId, value: '55.00', currency: 'USD' });
    await approvePayPalOrder(sandbox.app, orderId, 'declined-card');
    expect((await post('/selfpay/paypalcapture', { orderId })).json()).toEqual({
      error: { info: 'Sorry, your transaction could not be processed.' },
    });
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: false,
      pending: false,
      paymentNotes: 'Sorry, your transaction could not be processed.',
    });
    // The old shortcut (the checkout id as the order id) is gone: PayPal never made such an order.
    expect((await post('/selfpay/paypalcapture', { orderId: checkoutId })).json()).toEqual({ error: { info: 'PayPal order not found.' } });
  });

  it('refuses an order for a card checkout or for another amount', async () => {
    const card = (await post('/selfpay/checkout', zar)).json().checkoutId;
    const forCard = await createPayPalOrder(sandbox.app, { checkoutId: card, value: '632.50', currency: 'ZAR' });
    await approvePayPalOrder(sandbox.app, forCard);
    expect((await post('/selfpay/paypalcapture', { orderId: forCard })).json()).toEqual({ error: { info: 'PayPal order not found.' } });
    const checkoutId = (await post('/selfpay/checkout', usd)).json().checkoutId;
    const cheap = await createPayPalOrder(sandbox.app, { checkoutId, value: '1.00', currency: 'USD' });
    await approvePayPalOrder(sandbox.app, cheap);
    expect((await post('/selfpay/paypalcapture', { orderId: cheap })).json().error.info).toContain("is not the checkout's amount");
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({ pending: true });
  });
});

describe('a payment that lands pending first (the +pending e-mail rule), then settles on the sandbox clock', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox({ config: { paymentSettleSeconds: 90 } });
  });
  afterAll(() => sandbox.app.close());

  const get = (url: string) => injectLegacy(sandbox.app, { method: 'GET', url });
  const post = (url: string, payload: object) => injectLegacy(sandbox.app, { method: 'POST', url, payload });
  const pendingClient = { ...client, email: 'sipho+pending@gmail.test' };

  it('keeps a paid card checkout pending until 90 s later, then succeeds and registers the client', async () => {
    const before = ownAssessments(sandbox.store, SEED_COACHES.twoFactor.uuid).length;
    const { checkoutId } = (await post('/selfpay/checkout', { ...zar, ...pendingClient })).json();
    const notified = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/selfpay/receive_notification/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        custom_str1: checkoutId,
        payment_status: 'COMPLETE',
        amount_gross: '632.50',
        pf_payment_id: '2174999',
      }).toString(),
    });
    expect(notified.statusCode).toBe(200);
    sandbox.clock.advance(89_999);
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: false,
      pending: true,
      referenceNumber: null,
    });
    expect(ownAssessments(sandbox.store, SEED_COACHES.twoFactor.uuid)).toHaveLength(before);

    sandbox.clock.advance(1);
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: true,
      pending: false,
      referenceNumber: '2174999',
    });
    expect(ownAssessments(sandbox.store, SEED_COACHES.twoFactor.uuid)).toHaveLength(before + 1);
  });

  it('answers a PayPal capture success but keeps the checkout pending until it settles', async () => {
    const { checkoutId } = (await post('/selfpay/checkout', { ...usd, ...pendingClient })).json();
    const orderId = await createPayPalOrder(sandbox.app, { checkoutId, value: '55.00', currency: 'USD' });
    await approvePayPalOrder(sandbox.app, orderId);
    expect((await post('/selfpay/paypalcapture', { orderId })).json()).toEqual({ success: true });
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({ pending: true });
    // A capture retried while pending answers success again and schedules nothing new.
    expect((await post('/selfpay/paypalcapture', { orderId })).json()).toEqual({ success: true });
    sandbox.clock.advance(90_000);
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({
      success: true,
      referenceNumber: sandbox.store.payPalOrders.get(orderId)?.captureId,
    });
  });

  it('fails a pending-rule checkout the provider reports failed at once (only a payment lands pending)', async () => {
    const { checkoutId } = (await post('/selfpay/checkout', { ...zar, ...pendingClient })).json();
    await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/selfpay/receive_notification/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ custom_str1: checkoutId, payment_status: 'FAILED' }).toString(),
    });
    expect((await get(`/selfpay/checkpayment/${checkoutId}`)).json()).toMatchObject({ success: false, pending: false });
  });
});
