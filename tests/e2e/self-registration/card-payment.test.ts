// A ZAR coach's client pays through the card provider's hosted form (the sandbox's stand-in): the
// auto-submitted form, then the payment status page for a paid, a cancelled and a declined payment
// (spec public-and-guest §4 "Self-registration payment", §7 hidden fields, §8 "Payment").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { fillRegistration, openRegistration, registrant, ZAR_COACH } from './register-steps.ts';

const browser = startChromiumForFile();

/** Registers and follows the auto-submitted form to the card provider's page. */
async function reachCardProvider(page: Page, url: (path: string) => string, label: string): Promise<void> {
  await openRegistration(page, url, ZAR_COACH);
  await fillRegistration(page, registrant(label), 'Zulu');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/eng/process');
  await expect(page.getByText('R632.50').count()).resolves.toBe(1);
}

async function expectStatusPage(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Payment Status' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/coachportal/paymentstatus');
}

describe.each(VIEWPORT_NAMES)('card payment at %s size', (viewport) => {
  it('pays at the card provider and shows the successful payment', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await reachCardProvider(page, portal.url, 'card-paid');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectStatusPage(page);
    await page.getByText('Payment successful. Thank you, Thandiwe.').waitFor();
    await expect(page.getByText('Zulu').count()).resolves.toBe(1);
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('comes back cancelled, and the restart link opens the registration again', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await reachCardProvider(page, portal.url, 'card-cancelled');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectStatusPage(page);
    await page.getByRole('alert').filter({ hasText: 'Transaction cancelled.' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Restart registration' }).click();
    await page.getByRole('heading', { name: 'Assessment Registration' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/coachportal/register/${ZAR_COACH.uuid}`);
    await portal.close();
  });

  it('shows a declined card as a failed payment', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await reachCardProvider(page, portal.url, 'card-declined');
    await page.getByRole('button', { name: 'Pay with a declined card' }).click();
    await expectStatusPage(page);
    await page.getByRole('alert').filter({ hasText: 'Sorry, your transaction could not be processed.' }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
