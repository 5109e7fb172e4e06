// The Balance screen (spec coach-shell §2.9, §4 "Bulk credit order", §8, §9) for the demo coach: the figures as
// the BFF answers them, the price lists, the history on the shared table (sorted, searched, in the URL), a bulk
// order placed from the minimum and cancelled after its confirmation, and the 'Failed' toast of a failed order.
// Desktop (from the drawer) and phone (Balance is not in a phone's drawer: by its address), axe on every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { setFaults, signIn } from './coach-steps.ts';

const browser = startChromiumForFile();

afterEach(() => setFaults(null));

async function openBalance(page: Page, portal: PortalPage, viewport: string): Promise<void> {
  if (viewport === 'desktop') await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Balance' }).click();
  else await page.goto(portal.url('/coachportal/balance'));
  await page.getByRole('heading', { level: 1, name: 'Balance' }).waitFor();
}

async function bffCredits(portal: PortalPage): Promise<components['schemas']['CreditsOverview']> {
  const response = await portal.page.request.get(portal.url('/api/credits'));
  expect(response.status()).toBe(200);
  return response.json();
}

describe.each(VIEWPORT_NAMES)('balance at %s size', (viewport) => {
  it('shows the figures, prices and history as the BFF answers them; sorts and searches the history in the URL', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const credits = await bffCredits(portal);
    await openBalance(page, portal, viewport);
    const held = page.getByRole('article', { name: 'Credits held' });
    expect(await held.innerText()).toContain(String(credits.balance));
    expect(await held.innerText()).toContain(credits.balance < 0 ? 'which will be invoiced' : 'available');
    expect(await page.getByRole('article', { name: 'Facilitated assessments' }).innerText()).toContain(
      String(credits.facilitatedAssessments),
    );
    await page.getByText('R500 + VAT').first().waitFor();

    const table = page.getByRole('grid', { name: 'Transaction history' });
    await table.getByRole('row').nth(1).waitFor();
    const history = await (await portal.page.request.get(portal.url('/api/credits/transactions'))).json();
    expect(await page.getByText(`${history.total} records`).count()).toBe(1);
    await expectNoAxeViolations(page);

    await table.getByRole('columnheader', { name: /Credits/ }).click();
    await expect.poll(() => page.url()).toContain('sort=credits');
    await page.getByRole('searchbox').fill('Maturity');
    await expect.poll(() => page.url()).toContain('q=Maturity');
    await expect.poll(() => page.getByText(/^Filtered/).count()).toBe(1);
    // The indicator follows the search at once; the rows follow the BFF's answer (the previous rows stay until then).
    await expect
      .poll(async () => {
        const descriptions = await table.getByRole('rowheader').allInnerTexts();
        return descriptions.length > 0 && descriptions.every((text) => text.includes('Maturity'));
      })
      .toBe(true);
    await portal.close();
  });

  it('orders credits from the minimum and cancels the pending order after the confirmation', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    expect((await bffCredits(portal)).hasPendingOrder).toBe(false);
    await openBalance(page, portal, viewport);
    await page.getByRole('button', { name: 'Purchase credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchasing Credits' });
    const amount = dialog.getByLabel('Number of credits');
    const order = dialog.getByRole('button', { name: 'Order' });
    await amount.fill('9');
    expect(await order.isDisabled()).toBe(true);
    await amount.fill('120');
    await dialog.getByText('120 credits: a 10% bulk discount applies.').waitFor();
    await expectNoAxeViolations(page);
    await order.click();
    await page.getByText(/your order of 120 credits is pending/).waitFor();
    await page.getByText('120 credits awaiting the invoice.').waitFor();
    expect(await bffCredits(portal)).toMatchObject({ hasPendingOrder: true, pendingCredits: 120 });

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Warning' });
    expect(await confirm.innerText()).toContain('Are you sure you want to cancel your pending order of 120 credits?');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Your pending order has been cancelled.').waitFor();
    await page.getByRole('button', { name: 'Purchase credits' }).waitFor();
    expect((await bffCredits(portal)).hasPendingOrder).toBe(false);
    await portal.close();
  });

  it("toasts 'Failed' when the legacy API fails the order, and nothing is pending", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await setFaults({ serverErrors: { updateCreditOrder: 503 } });
    await openBalance(page, portal, viewport);
    await page.getByRole('button', { name: 'Purchase credits' }).click();
    await page.getByLabel('Number of credits').fill('10');
    await page.getByRole('button', { name: 'Order' }).click();
    await page.getByText('Failed', { exact: true }).waitFor();
    expect((await bffCredits(portal)).hasPendingOrder).toBe(false);
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
