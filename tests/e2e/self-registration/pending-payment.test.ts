// A payment still pending when the visitor comes back: the status page says 'Please wait, still
// checking.' and asks again every 30 seconds (the page's clock is driven, never waited for) until
// the card provider's notification has settled it (spec public-and-guest §4 step 3, §9).
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { fillRegistration, notifyCardPayment, openRegistration, registrant, ZAR_COACH } from './register-steps.ts';

const browser = startChromiumForFile();

describe.each(VIEWPORT_NAMES)('pending payment at %s size', (viewport) => {
  it('turns from pending into success on a later check', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.clock.install();
    await openRegistration(page, portal.url, ZAR_COACH);
    await fillRegistration(page, registrant('pending'));
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor();

    // Back from the provider before its notification arrived: the payment is still pending.
    const returnUrl = await page.locator('input[name=return_url]').getAttribute('value');
    const checkoutId = await page.locator('input[name=custom_str1]').getAttribute('value');
    if (!returnUrl || !checkoutId) throw new Error('the card provider page carries no return address or checkout id');
    // Answers, not requests: a check still in flight when the payment settles would answer success itself.
    const checks: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes(`/api/public/checkouts/${checkoutId}`)) checks.push(response.url());
    });
    await page.goto(returnUrl);
    await page.getByText('Please wait, still checking.').waitFor();
    await expectNoAxeViolations(page);

    await page.clock.runFor(30_000);
    await expect.poll(() => checks.length).toBe(2);
    await page.getByText('Please wait, still checking.').waitFor();

    await notifyCardPayment(page, checkoutId, 'COMPLETE');
    await page.clock.runFor(30_000);
    await page.getByText('Payment successful. Thank you, Thandiwe.').waitFor();
    expect(checks).toHaveLength(3);
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
