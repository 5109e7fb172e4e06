// The e-mail dialog of the login page (spec public-and-guest §2 "Login", §5, §8 "Forgot password").
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();

describe.each(VIEWPORT_NAMES)('forgot-password dialog at %s size', (viewport) => {
  it('keeps Send disabled for an invalid e-mail, sends with Enter and shows the success alert', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/login'));
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password?' });
    await dialog.waitFor();
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await email.fill('demo@coachportal');
    expect(await dialog.getByRole('button', { name: 'Send Reset Link' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await email.fill('level1@coachportal.test');
    await email.press('Enter');
    await page.getByRole('status').filter({ hasText: 'A reset password link has been sent...' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('shows the failure alert for an unknown address, and Esc closes the dialog', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/login'));
    await page.getByRole('button', { name: 'New Account?' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Account?' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('nobody@coachportal.test');
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'There was an error with sending. Please check if the email address is correct, or try again later.' })
      .waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await portal.close();
  });
});
