// Leave A Message (spec coach-shell §2.1, §5, §8) for the demo coach: opened from the drawer, an incomplete
// form answers 'Please select a category and enter a message.' and sends nothing, a complete one reaches the
// legacy API with the thanks toast, a failing legacy call shows the failure alert. Desktop and phone, axe on
// every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { setFaults, signIn } from './coach-steps.ts';

const browser = startChromiumForFile();

const INCOMPLETE = 'Please select a category and enter a message.';
const SENT = 'Thank you, successfully submitted.';
const FAILED = 'There was an unexpected error while sending the message. Please try again later.';

afterEach(() => setFaults(null));

/** Opens the dialog from the drawer (on a phone the drawer opens from the Menu toggle first). */
async function openDialog(page: Page, viewport: string) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Leave A Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave A Message' });
  await dialog.waitFor();
  return dialog;
}

describe.each(VIEWPORT_NAMES)('Leave A Message at %s size', (viewport) => {
  it('asks for a category and a text, then sends them and thanks the coach', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const dialog = await openDialog(page, viewport);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('alert').filter({ hasText: INCOMPLETE }).waitFor();
    await dialog.getByLabel('Category').selectOption('bugReport');
    await dialog.getByLabel('Message').fill('   ');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('alert').filter({ hasText: INCOMPLETE }).waitFor();
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Message').fill(`The team report shows no names (${viewport}).`);
    const sent = page.waitForResponse((response) => response.url().endsWith('/api/feedback'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(204);
    await page.getByText(SENT).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('shows the failure alert when the legacy call fails, and keeps the message', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await setFaults({ serverErrors: { leaveMessage: 503 } });
    const dialog = await openDialog(page, viewport);
    await dialog.getByLabel('Category').selectOption('freeText');
    await dialog.getByLabel('Message').fill('Hello');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Failed' });
    await alert.getByText(FAILED).waitFor();
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByRole('dialog', { name: 'Leave A Message' }).getByLabel('Message').inputValue()).toBe('Hello');
    await portal.close();
  });
});
