import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_COACHES } from '../seed/accounts.ts';
import { injectLegacy } from '../test-support/legacy-contract.ts';
import { type TestSandbox, testSandbox } from '../test-support/test-sandbox.ts';
import { CARD_FORM_PATH, CARD_PROVIDER_MERCHANT_ID } from './card-provider.ts';

const ZAR_COACH = SEED_COACHES.twoFactor.uuid;
const PORTAL = 'http://localhost:3000/coachportal/paymentstatus';

describe('the card provider stand-in (hosted page at POST /eng/process, spec public-and-guest §4, §7)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await testSandbox({ config: { cardProviderHost: 'localhost:4010' } });
  });
  afterAll(() => sandbox.app.close());

  async function checkout(email = 'thandiwe.nkosi@example.test'): Promise<string> {
    const created = await injectLegacy(sandbox.app, {
      method: 'POST',
      url: '/selfpay/checkout',
      payload: {
        name: 'Thandiwe',
        surname: 'Nkosi',
        email,
        assessmentType: 'ennea',
        assessmentLanguage: 'xhosa',
        provider: 'card',
        providerIsPayPal: false,
        amount: 632.5,
        currency: 'ZAR',
        coachUUID: ZAR_COACH,
      },
    });
    return created.json().checkoutId;
  }

  /** The hidden fields exactly as the BFF builds them (bff/routes/self-pay/self-pay-service.ts cardForm). */
  const hostedForm = (checkoutId: string): Record<string, string> => ({
    cmd: '_paynow',
    receiver: CARD_PROVIDER_MERCHANT_ID,
    payment_method: 'cc',
    name_first: 'Thandiwe',
    name_last: 'Nkosi',
    return_url: `${PORTAL}?checkoutId=${checkoutId}`,
    cancel_url: `${PORTAL}?checkoutId=${checkoutId}&cancelled=true`,
    notify_url: 'http://localhost:4010/selfpay/receive_notification/',
    custom_str1: checkoutId,
    email_address: 'thandiwe.nkosi@example.test',
    amount: '632.50',
    item_name: 'Enneagram assessment',
    item_description: 'Enneagram assessment (Xhosa) for Thandiwe Nkosi with coach Pieter Botha',
  });
  const postForm = (url: string, fields: Record<string, string>) =>
    sandbox.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const status = async (checkoutId: string) =>
    (await injectLegacy(sandbox.app, { method: 'GET', url: `/selfpay/checkpayment/${checkoutId}` })).json();
  /** The page's own form: its hidden fields plus the pressed button. */
  function pageForm(html: string, outcome: string): Record<string, string> {
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((match) => [match[1], match[2]]),
    );
    const decoded = Object.entries(fields).map(([name, value]) => [name, String(value ?? '').replaceAll('&amp;', '&')]);
    return { ...Object.fromEntries(decoded), outcome };
  }

  it('is the host selfpay/init names for a ZAR coach', async () => {
    const init = await injectLegacy(sandbox.app, { method: 'GET', url: `/selfpay/init/${ZAR_COACH}` });
    expect(init.json()).toMatchObject({ cardProviderHost: 'localhost:4010', cardProviderMerchantId: CARD_PROVIDER_MERCHANT_ID });
  });

  it('shows the item and amount; Pay notifies COMPLETE and sends the browser to return_url', async () => {
    const checkoutId = await checkout();
    const page = await postForm(CARD_FORM_PATH, hostedForm(checkoutId));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Enneagram assessment');
    expect(page.body).toContain('R632.50');
    for (const label of ['>Pay<', '>Pay with a declined card<', '>Cancel<']) expect(page.body).toContain(label);
    expect(await status(checkoutId)).toMatchObject({ pending: true });

    const paid = await postForm(`${CARD_FORM_PATH}/complete`, pageForm(page.body, 'pay'));
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${PORTAL}?checkoutId=${checkoutId}`);
    expect(await status(checkoutId)).toMatchObject({ success: true, pending: false, referenceNumber: expect.stringMatching(/^[0-9]{7}$/) });
  });

  it('Cancel notifies CANCELLED and goes to cancel_url; a declined card fails and goes to return_url', async () => {
    const cancelled = await checkout();
    const page = await postForm(CARD_FORM_PATH, hostedForm(cancelled));
    const back = await postForm(`${CARD_FORM_PATH}/complete`, pageForm(page.body, 'cancel'));
    expect(back.headers.location).toBe(`${PORTAL}?checkoutId=${cancelled}&cancelled=true`);
    expect(await status(cancelled)).toMatchObject({ success: false, pending: false, paymentNotes: 'Transaction cancelled.' });

    const declined = await checkout();
    const declinedPage = await postForm(CARD_FORM_PATH, hostedForm(declined));
    const returned = await postForm(`${CARD_FORM_PATH}/complete`, pageForm(declinedPage.body, 'decline'));
    expect(returned.headers.location).toBe(`${PORTAL}?checkoutId=${declined}`);
    expect(await status(declined)).toMatchObject({ pending: false, paymentNotes: 'Sorry, your transaction could not be processed.' });
  });

  it('lands pending for a +pending payer and settles after paymentSettleSeconds', async () => {
    const checkoutId = await checkout('thandiwe+pending@example.test');
    const page = await postForm(CARD_FORM_PATH, { ...hostedForm(checkoutId), email_address: 'thandiwe+pending@example.test' });
    await postForm(`${CARD_FORM_PATH}/complete`, pageForm(page.body, 'pay'));
    expect(await status(checkoutId)).toMatchObject({ success: false, pending: true });
    sandbox.clock.advance(60_000);
    expect(await status(checkoutId)).toMatchObject({ success: true, pending: false });
  });

  it('refuses a form for another merchant, without the checkout id or with an amount that is not one', async () => {
    const checkoutId = await checkout();
    const changes: Record<string, string>[] = [
      { receiver: '999' },
      { custom_str1: '' },
      { amount: 'R632' },
      { return_url: 'javascript:alert(1)' },
    ];
    for (const change of changes) {
      const refused = await postForm(CARD_FORM_PATH, { ...hostedForm(checkoutId), ...change });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Payment request not valid');
    }
    expect((await postForm(`${CARD_FORM_PATH}/complete`, { ...hostedForm(checkoutId), outcome: 'steal' })).statusCode).toBe(400);
    expect(await status(checkoutId)).toMatchObject({ pending: true });
  });
});
