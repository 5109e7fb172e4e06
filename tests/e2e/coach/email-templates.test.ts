// The Email Templates screen (spec coach-shell §2.5, §3 "Email template", §4, §8) for the demo coach: opened
// from the drawer, a template chosen, a placeholder inserted, the text saved ('Successful') and read back by the
// BFF, the failed save ('Error, Unsuccessful'), the revert after its confirmation ('Reverted succesfully').
// Desktop and phone, axe on every state. Each viewport edits its own template, and leaves it at its default.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { setFaults, signIn } from './coach-steps.ts';

const browser = startChromiumForFile();
const TEMPLATE = { desktop: 'send_reports_pair', phone: 'self_register_send_reports' } as const;
const CONFIRM = 'Are you sure? This will delete your customized template, which cannot be undone.';

afterEach(() => setFaults(null));

async function bffTemplate(portal: PortalPage, name: string): Promise<{ isCustomised: boolean; text: string }> {
  const response = await portal.page.request.get(portal.url(`/api/email-templates/${name}`));
  expect(response.status()).toBe(200);
  return response.json();
}

describe.each(VIEWPORT_NAMES)('email templates at %s size', (viewport) => {
  it('edits a template with a placeholder, saves it, and reverts it to the default after the confirmation', async () => {
    const name = TEMPLATE[viewport];
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const original = await bffTemplate(portal, name);
    expect(original.isCustomised).toBe(false);

    if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Email Templates' }).click();
    await page.getByRole('heading', { level: 1, name: 'Email Templates' }).waitFor();
    await page.getByLabel('Template', { exact: true }).selectOption(name);
    await expect.poll(() => page.url()).toContain(`template=${name}`);
    const text = page.getByLabel('Template text');
    await expect.poll(() => text.inputValue()).toBe(original.text);
    const update = page.getByRole('button', { name: 'Update Template' });
    const revert = page.getByRole('button', { name: 'Revert template to default' });
    expect(await update.isDisabled()).toBe(true);
    expect(await revert.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    // The caret at the start, then a placeholder from the list.
    await text.focus();
    await page.keyboard.press('Control+Home');
    await page.getByRole('button', { name: '{guestsurname}' }).click();
    await page.keyboard.type(' - ');
    expect(await text.inputValue()).toBe(`{guestsurname} - ${original.text}`);
    expect(await update.isDisabled()).toBe(false);
    await update.click();
    await page.getByText('Successful', { exact: true }).waitFor();
    await expect.poll(async () => (await bffTemplate(portal, name)).text).toBe(`{guestsurname} - ${original.text}`);
    await expect.poll(() => revert.isDisabled()).toBe(false);
    expect(await update.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    // A reload keeps the template chosen, now customised.
    await page.reload();
    await expect.poll(() => page.getByLabel('Template text').inputValue()).toBe(`{guestsurname} - ${original.text}`);

    await page.getByRole('button', { name: 'Revert template to default' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Warning' });
    expect(await dialog.innerText()).toContain(CONFIRM);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Revert' }).click();
    await page.getByText('Reverted succesfully', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Template text').inputValue()).toBe(original.text);
    expect(await bffTemplate(portal, name)).toMatchObject({ isCustomised: false, text: original.text });
    await portal.close();
  });

  it("toasts 'Error, Unsuccessful' when the legacy API fails the save, and keeps the text", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await setFaults({ serverErrors: { updateEmailTemplate: 503 } });
    await page.goto(portal.url(`/coachportal/email-templates?template=${TEMPLATE[viewport]}`));
    const text = page.getByLabel('Template text');
    await expect.poll(() => text.inputValue()).not.toBe('');
    await text.press('Control+End');
    await text.pressSequentially(' PS');
    await page.getByRole('button', { name: 'Update Template' }).click();
    await page.getByText('Error, Unsuccessful', { exact: true }).waitFor();
    expect(await text.inputValue()).toMatch(/ PS$/);
    expect((await bffTemplate(portal, TEMPLATE[viewport])).isCustomised).toBe(false);
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
