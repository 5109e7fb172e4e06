// The e-mail dialog of the login page (spec public-and-guest §2 "Login", §5, §8 "Forgot password").
// The flows at desktop; the login page and both of the dialog's titles once at phone width, axe on each.
import { expect, expectNoAxeViolations, test } from '../support/fixtures.ts';

test('keeps Send disabled for an invalid e-mail, sends with Enter and shows the success alert', async ({ page }) => {
  await page.goto('/coachportal/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password?' });
  await expect(dialog).toBeVisible();
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill('demo@coachportal');
  await expect(dialog.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await email.fill('level1@coachportal.test');
  await email.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'A reset password link has been sent...' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('shows the failure alert for an unknown address, and Esc closes the dialog', async ({ page }) => {
  await page.goto('/coachportal/login');
  await page.getByRole('button', { name: 'New Account?' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Account?' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill('nobody@coachportal.test');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    dialog
      .getByRole('alert')
      .filter({ hasText: 'There was an error with sending. Please check if the email address is correct, or try again later.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the login page and the e-mail dialog (as Forgot Password? and as New Account?) fit a phone', async ({ page }) => {
    await page.goto('/coachportal/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password?' });
    await forgot.getByRole('textbox', { name: 'Email' }).fill('demo@coachportal');
    await expect(forgot.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(forgot).toHaveCount(0);

    await page.getByRole('button', { name: 'New Account?' }).click();
    const newAccount = page.getByRole('dialog', { name: 'New Account?' });
    await expect(newAccount.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
