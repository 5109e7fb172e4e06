import { describe, expect, it } from 'vitest';
import { decideCheckout, PAYMENT_CANCELLED, PAYMENT_FAILED, paymentFlags, providerFor, settlePayment } from './self-pay.ts';

const coachUUID = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const sipho = { name: 'Sipho', surname: 'Ndlovu', email: 'sipho@example.test', assessmentType: 'ennea', coachUUID };

describe('self-pay checkout (spec public-and-guest §4, §9)', () => {
  it('sends ZAR to the card provider and other currencies to PayPal', () => {
    expect(providerFor('ZAR')).toBe('card');
    expect(providerFor('USD')).toBe('paypal');
  });

  it('accepts a ZAR checkout at R550 + VAT and a USD one at $55', () => {
    expect(decideCheckout({ ...sipho, amount: 632.5, currency: 'ZAR', providerIsPayPal: false }, 'ZAR')).toEqual({
      ok: true,
      provider: 'card',
    });
    expect(decideCheckout({ ...sipho, amount: 55, currency: 'USD', providerIsPayPal: true }, 'USD')).toEqual({
      ok: true,
      provider: 'paypal',
    });
  });

  it('refuses a bad link, missing details, a wrong price or provider', () => {
    expect(decideCheckout({ ...sipho, coachUUID: 'short', amount: 55, currency: 'USD', providerIsPayPal: true }, 'USD')).toEqual({
      ok: false,
      info: 'Invalid link. Please use the link exactly as provided to you by your coach',
    });
    expect(decideCheckout({ ...sipho, name: '', amount: 55, currency: 'USD', providerIsPayPal: true }, 'USD')).toEqual({
      ok: false,
      info: 'Please provide all details.',
    });
    expect(decideCheckout({ ...sipho, amount: 50, currency: 'USD', providerIsPayPal: true }, 'USD')).toEqual({
      ok: false,
      info: 'The price has changed: it is now $55. Please start again.',
    });
    expect(decideCheckout({ ...sipho, amount: 55, currency: 'USD', providerIsPayPal: false }, 'USD')).toEqual({
      ok: false,
      info: 'The payment provider does not match the currency.',
    });
  });
});

describe('payment state', () => {
  it('moves pending to success or fail, and stays final', () => {
    expect(settlePayment('pending', 'paid')).toEqual({ state: 'success', notes: null });
    expect(settlePayment('pending', 'declined')).toEqual({ state: 'fail', notes: PAYMENT_FAILED });
    expect(settlePayment('pending', 'cancelled')).toEqual({ state: 'fail', notes: PAYMENT_CANCELLED });
    expect(settlePayment('success', 'declined')).toEqual({ state: 'success', notes: null });
  });

  it('maps states to the check-payment flags', () => {
    expect(paymentFlags('pending')).toEqual({ success: false, pending: true });
    expect(paymentFlags('success')).toEqual({ success: true, pending: false });
    expect(paymentFlags('fail')).toEqual({ success: false, pending: false });
  });
});
