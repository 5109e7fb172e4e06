// A payment still pending when the visitor comes back: the status page says 'Please wait, still
// checking.' and asks again every 30 seconds (the page's clock is driven, never waited for) until
// the card provider's notification has settled it (spec public-and-guest §4 step 3, §9).
// The flow at desktop; the pending status page once at phone width, axe at each.
import { expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { fillRegistration, notifyCardPayment, openRegistration, registrant, ZAR_COACH } from './register-steps.ts';

const PENDING = 'Please wait, still checking.';

/** The value of a hidden field of the card provider's form, once the form is there. */
async function hiddenValue(page: Page, name: string): Promise<string> {
  let value = '';
  await expect(async () => {
    value = (await page.locator(`input[name=${name}]`).getAttribute('value')) ?? '';
    expect(value, `the card provider page's ${name}`).not.toBe('');
  }).toPass();
  return value;
}

/** Registers, reaches the card provider's page and reads where it would return to and the checkout's id. */
async function reachCardProvider(page: Page, label: string): Promise<{ returnUrl: string; checkoutId: string }> {
  await openRegistration(page, ZAR_COACH);
  await fillRegistration(page, registrant(label));
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
  return { returnUrl: await hiddenValue(page, 'return_url'), checkoutId: await hiddenValue(page, 'custom_str1') };
}

test('turns from pending into success on a later check', async ({ page }) => {
  await page.clock.install();
  const { returnUrl, checkoutId } = await reachCardProvider(page, 'pending');

  // Back from the provider before its notification arrived: the payment is still pending.
  // Answers, not requests: a check still in flight when the payment settles would answer success itself.
  const checks: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes(`/api/public/checkouts/${checkoutId}`)) checks.push(response.url());
  });
  await page.goto(returnUrl);
  await expect(page.getByText(PENDING)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.clock.runFor(30_000);
  await expect.poll(() => checks.length).toBe(2);
  await expect(page.getByText(PENDING)).toBeVisible();

  await notifyCardPayment(page, checkoutId, 'COMPLETE');
  await page.clock.runFor(30_000);
  await expect(page.getByText('Payment successful. Thank you, Thandiwe.')).toBeVisible();
  expect(checks).toHaveLength(3);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the pending status page fits a phone', async ({ page }) => {
    await page.clock.install();
    const { returnUrl } = await reachCardProvider(page, 'pending-phone');
    await page.goto(returnUrl);
    await expect(page.getByText(PENDING)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
