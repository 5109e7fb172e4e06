// A ZAR coach's client pays through the card provider's hosted form (the sandbox's stand-in): the
// auto-submitted form, then the payment status page for a paid, a cancelled and a declined payment
// (spec public-and-guest §4 "Self-registration payment", §7 hidden fields, §8 "Payment").
// The flows at desktop; the status page of a paid and of a declined payment once at phone width, axe at each.
import { atPath, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { fillRegistration, openRegistration, registrant, ZAR_COACH } from './register-steps.ts';

const PAID = 'Payment successful. Thank you, Thandiwe.';
const DECLINED = 'Sorry, your transaction could not be processed.';

/** Registers and follows the auto-submitted form to the card provider's page. */
async function reachCardProvider(page: Page, label: string): Promise<void> {
  await openRegistration(page, ZAR_COACH);
  await fillRegistration(page, registrant(label), 'Zulu');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/eng/process'));
  await expect(page.getByText('R632.50')).toHaveCount(1);
}

async function expectStatusPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Payment Status' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/paymentstatus'));
}

test('pays at the card provider and shows the successful payment', async ({ page }) => {
  await reachCardProvider(page, 'card-paid');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectStatusPage(page);
  await expect(page.getByText(PAID)).toBeVisible();
  await expect(page.getByText('Zulu')).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('comes back cancelled, and the restart link opens the registration again', async ({ page }) => {
  await reachCardProvider(page, 'card-cancelled');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectStatusPage(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Transaction cancelled.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Restart registration' }).click();
  await expect(page.getByRole('heading', { name: 'Assessment Registration' })).toBeVisible();
  await expect(page).toHaveURL(atPath(`/coachportal/register/${ZAR_COACH.uuid}`));
});

test('shows a declined card as a failed payment', async ({ page }) => {
  await reachCardProvider(page, 'card-declined');
  await page.getByRole('button', { name: 'Pay with a declined card' }).click();
  await expectStatusPage(page);
  await expect(page.getByRole('alert').filter({ hasText: DECLINED })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the status page of a paid payment fits a phone', async ({ page }) => {
    await reachCardProvider(page, 'card-paid-phone');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectStatusPage(page);
    await expect(page.getByText(PAID)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the status page of a declined payment fits a phone', async ({ page }) => {
    await reachCardProvider(page, 'card-declined-phone');
    await page.getByRole('button', { name: 'Pay with a declined card' }).click();
    await expectStatusPage(page);
    await expect(page.getByRole('alert').filter({ hasText: DECLINED })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
