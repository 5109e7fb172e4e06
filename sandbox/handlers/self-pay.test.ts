import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { ownAssessments } from '../state/store.ts';
import { injectLegacy } from './legacy-contract-check.ts';
import { type TestSandbox, testSandbox } from './test-support.ts';

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

  it('captures a USD PayPal order, and declines one', async () => {
    const paid = (await post('/selfpay/checkout', usd)).json().checkoutId;
    expect((await post('/selfpay/paypalcapture', { orderId: paid })).json()).toEqual({ success: true });
    expect((await get(`/selfpay/checkpayment/${paid}`)).json()).toMatchObject({ success: true, priceString: '$55' });
    const declined = (await post('/selfpay/checkout', usd)).json().checkoutId;
    const capture = await post('/selfpay/paypalcapture', { orderId: `${declined}-DECLINED` });
    expect(capture.json()).toEqual({ error: { info: 'Sorry, your transaction could not be processed.' } });
    expect((await get(`/selfpay/checkpayment/${declined}`)).json()).toMatchObject({ success: false, pending: false });
  });
});
