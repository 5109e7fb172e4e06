// Reset password (spec public-and-guest §2 "Reset password", §5, §8 "Reset"): the live messages,
// a weak password refused in the page, the server's refusal of the code sending the visitor
// to login with its message, and a successful reset through the e-mailed link (read from the
// sandbox's outbox) followed by a sign-in with the new password.
// The flows at desktop; the reset page and the login page with the refusal once at phone width, axe on each.
import { atPath, expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { requestResetLink, resetLinkFromOutbox, signInOnLoginPage } from './auth-steps.ts';

const UPDATE_FAILED = 'Update failed - there is an issue with the new password - please check and fix.';
const PASSWORD_RESET = 'Your password was successfully reset. You can now log into the coach portal.';
const INVALID_LINK = 'The reset link is invalid or has expired.';
// A seeded account no other browser test signs in with (sandbox/README.md), so changing its password disturbs nobody.
const RESET_ACCOUNT = 'reset@coachportal.test';

test('refuses a weak password, then sends a strong one and shows the server refusing an unknown code at login', async ({ page }) => {
  await page.goto('/coachportal/resetpassword?code=not-a-real-code');
  const password = page.getByLabel('New Password', { exact: true });
  const confirmation = page.getByLabel('Confirm Password', { exact: true });
  await password.fill('Password12');
  await confirmation.fill('Password1');
  await expect(page.getByText("Passwords don't yet match")).toBeVisible();
  await confirmation.fill('Password12');
  await expect(page.getByText('Passwords match')).toBeVisible();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: UPDATE_FAILED })).toBeVisible();
  await expect(page.getByText('Password secure')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Show/hide: the toggle turns the field into plain text.
  await page.getByRole('button', { name: 'Show New Password' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  await password.fill('q7#Vx!m2Lp9z');
  await confirmation.fill('q7#Vx!m2Lp9z');
  await expect(page.getByText('Password secure')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
  await expect(page.getByRole('alert').filter({ hasText: INVALID_LINK })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('resets the password through the e-mailed link, then signs in with the new one', async ({ page }) => {
  const newPassword = 'Fresh#desktop-2026';
  await requestResetLink(page, RESET_ACCOUNT);
  await page.goto(await resetLinkFromOutbox(RESET_ACCOUNT));
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await expect(page.getByText('Password secure')).toBeVisible();
  await expect(page.getByText('Passwords match')).toBeVisible();
  await page.getByRole('button', { name: 'Update Password' }).click();

  await expect(page.getByRole('status').filter({ hasText: PASSWORD_RESET })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
  await expectNoAxeViolations(page);
  await signInOnLoginPage(page, RESET_ACCOUNT, newPassword);
  await expect(page).toHaveURL(atPath('/coachportal/dashboard'));
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the reset page and the login page with the refusal fit a phone', async ({ page }) => {
    await page.goto('/coachportal/resetpassword?code=not-a-real-code');
    await page.getByLabel('New Password', { exact: true }).fill('q7#Vx!m2Lp9z');
    await page.getByLabel('Confirm Password', { exact: true }).fill('q7#Vx!m2Lp9z');
    await expect(page.getByText('Password secure')).toBeVisible();
    await expect(page.getByText('Passwords match')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: INVALID_LINK })).toBeVisible();
    await expect(page).toHaveURL(atPath('/coachportal/login'));
    await expectNoAxeViolations(page);
  });
});
