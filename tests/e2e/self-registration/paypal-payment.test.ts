// A USD coach's client pays with the PayPal buttons (the sandbox's SDK stand-in, loaded from the
// address the BFF answers); the order is created and captured through the BFF (spec public-and-guest
// §4 "Self-registration payment", §8 "Payment", §9 "Payment providers").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { fillRegistration, openRegistration, registrant, USD_COACH } from './register-steps.ts';

const browser = startChromiumForFile();

async function reachPayPalButtons(page: Page, url: (path: string) => string, label: string): Promise<void> {
  await openRegistration(page, url, USD_COACH);
  await expect(page.getByText('$55').count()).resolves.toBe(1);
  await fillRegistration(page, registrant(label));
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('heading', { name: 'Pay with PayPal' }).waitFor();
  await page.getByRole('button', { name: 'PayPal', exact: true }).waitFor();
}

describe.each(VIEWPORT_NAMES)('PayPal payment at %s size', (viewport) => {
  it('pays with PayPal and shows the successful payment', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await reachPayPalButtons(page, portal.url, 'paypal-paid');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await page.getByRole('heading', { name: 'Payment Status' }).waitFor();
    await page.getByText('Payment successful. Thank you, Thandiwe.').waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it("says 'Transaction cancelled.' when the buyer closes PayPal, and shows a declined payment's error", async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await reachPayPalButtons(page, portal.url, 'paypal-cancel-decline');
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('status').filter({ hasText: 'Transaction cancelled.' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Pay with a declined card' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sorry, your transaction could not be processed.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/coachportal/register/${USD_COACH.uuid}`);
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
