// A USD coach's client pays with the PayPal buttons (the sandbox's SDK stand-in, loaded from the
// address the BFF answers); the order is created and captured through the BFF (spec public-and-guest
// §4 "Self-registration payment", §8 "Payment", §9 "Payment providers").
// The flows at desktop; the buttons and the status page of a paid payment once at phone width, axe at each.
import { expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { fillRegistration, openRegistration, registrant, USD_COACH } from './register-steps.ts';

const PAID = 'Payment successful. Thank you, Thandiwe.';

async function reachPayPalButtons(page: Page, label: string): Promise<void> {
  await openRegistration(page, USD_COACH);
  await expect(page.getByText('$55')).toHaveCount(1);
  await fillRegistration(page, registrant(label));
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with PayPal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
}

test('pays with PayPal and shows the successful payment', async ({ page }) => {
  await reachPayPalButtons(page, 'paypal-paid');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Status' })).toBeVisible();
  await expect(page.getByText(PAID)).toBeVisible();
  await expectNoAxeViolations(page);
});

test("says 'Transaction cancelled.' when the buyer closes PayPal, and shows a declined payment's error", async ({ page }) => {
  await reachPayPalButtons(page, 'paypal-cancel-decline');
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Transaction cancelled.' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Pay with a declined card' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, your transaction could not be processed.' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === `/coachportal/register/${USD_COACH.uuid}`);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the PayPal buttons and the status page of a paid payment fit a phone', async ({ page }) => {
    await reachPayPalButtons(page, 'paypal-paid-phone');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'PayPal', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Payment Status' })).toBeVisible();
    await expect(page.getByText(PAID)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
