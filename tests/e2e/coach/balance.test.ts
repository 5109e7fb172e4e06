// The Balance screen (spec coach-shell §2.9, §4 "Bulk credit order", §8, §9) for the demo coach: the figures as
// the BFF answers them, the price lists, the history on the shared table (sorted, searched, in the URL), a bulk
// order placed from the minimum and cancelled after its confirmation, and the 'Failed' toast of a failed order.
// The flows at desktop (from the drawer); the screen and its dialog once at phone width (Balance is not in a
// phone's drawer: by its address), axe on every state.
import type { components } from '../../../generated/bff.ts';
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, setFaults, test } from '../support/fixtures.ts';

test.use({ account: DEMO });

async function openBalance(page: Page, layout: string): Promise<void> {
  if (layout === 'desktop') {
    await openDashboard(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balance' }).click();
  } else await page.goto('/coachportal/balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
}

async function bffCredits(page: Page): Promise<components['schemas']['CreditsOverview']> {
  const response = await page.request.get('/api/credits');
  expect(response.status()).toBe(200);
  return response.json();
}

test('shows the figures, prices and history as the BFF answers them; sorts and searches the history in the URL', async ({ page }) => {
  const credits = await bffCredits(page);
  await openBalance(page, 'desktop');
  const held = page.getByRole('article', { name: 'Credits held' });
  await expect(held).toContainText(String(credits.balance));
  await expect(held).toContainText(credits.balance < 0 ? 'which will be invoiced' : 'available');
  await expect(page.getByRole('article', { name: 'Facilitated assessments' })).toContainText(String(credits.facilitatedAssessments));
  await expect(page.getByText('R500 + VAT').first()).toBeVisible();

  const table = page.getByRole('grid', { name: 'Transaction history' });
  const history = await (await page.request.get('/api/credits/transactions')).json();
  await expect(page.getByText(`${history.total} records`)).toHaveCount(1);
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  await table.getByRole('columnheader', { name: /Credits/ }).click();
  await expect(page).toHaveURL(/sort=credits/);
  await page.getByRole('searchbox').fill('Maturity');
  await expect(page).toHaveURL(/q=Maturity/);
  await expect(page.getByText(/^Filtered/)).toHaveCount(1);
  // The indicator follows the search at once; the rows follow the BFF's answer (the previous rows stay until then).
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  await expect(table.getByRole('rowheader').filter({ hasNotText: 'Maturity' })).toHaveCount(0);
});

test('orders credits from the minimum and cancels the pending order after the confirmation', async ({ page }) => {
  expect((await bffCredits(page)).hasPendingOrder).toBe(false);
  await openBalance(page, 'desktop');
  await page.getByRole('button', { name: 'Purchase credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchasing Credits' });
  const amount = dialog.getByLabel('Number of credits');
  const order = dialog.getByRole('button', { name: 'Order' });
  await amount.fill('9');
  await expect(order).toBeDisabled();
  await amount.fill('120');
  await expect(dialog.getByText('120 credits: a 10% bulk discount applies.')).toBeVisible();
  await expectNoAxeViolations(page);
  await order.click();
  await expect(page.getByText(/your order of 120 credits is pending/)).toBeVisible();
  await expect(page.getByText('120 credits awaiting the invoice.')).toBeVisible();
  expect(await bffCredits(page)).toMatchObject({ hasPendingOrder: true, pendingCredits: 120 });

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Warning' });
  await expect(confirm).toContainText('Are you sure you want to cancel your pending order of 120 credits?');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your pending order has been cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase credits' })).toBeVisible();
  expect((await bffCredits(page)).hasPendingOrder).toBe(false);
});

test("toasts 'Failed' when the legacy API fails the order, and nothing is pending", async ({ page }) => {
  await setFaults({ serverErrors: { updateCreditOrder: 503 } });
  await openBalance(page, 'desktop');
  await page.getByRole('button', { name: 'Purchase credits' }).click();
  await page.getByLabel('Number of credits').fill('10');
  await page.getByRole('button', { name: 'Order' }).click();
  await expect(page.getByText('Failed', { exact: true })).toBeVisible();
  expect((await bffCredits(page)).hasPendingOrder).toBe(false);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the screen and the order dialog fit a phone', async ({ page }) => {
    await openBalance(page, 'phone');
    await expect(page.getByRole('article', { name: 'Credits held' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Transaction history' }).getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Purchase credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchasing Credits' });
    await dialog.getByLabel('Number of credits').fill('120');
    await expect(dialog.getByText('120 credits: a 10% bulk discount applies.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
