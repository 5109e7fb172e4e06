// Reset password (spec public-and-guest §2 "Reset password", §5, §8 "Reset"): the live messages,
// a weak password refused in the page, the server's refusal of the code sending the visitor
// to login with its message, and a successful reset through the e-mailed link (read from the
// sandbox's outbox) followed by a sign-in with the new password.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES, type ViewportName } from '../support/browser.ts';
import { requestResetLink, resetLinkFromOutbox, signInOnLoginPage } from './auth-steps.ts';

const browser = startChromiumForFile();
const UPDATE_FAILED = 'Update failed - there is an issue with the new password - please check and fix.';
const PASSWORD_RESET = 'Your password was successfully reset. You can now log into the coach portal.';
// Seeded accounts no other browser test signs in with (sandbox/README.md), one per viewport so the runs never
// change each other's password: a coach and that coach's assistant (who has their own login).
const RESET_ACCOUNTS: Record<ViewportName, string> = {
  desktop: 'reset@coachportal.test',
  phone: 'reset.assistant@coachportal.test',
};

describe.each(VIEWPORT_NAMES)('reset password at %s size', (viewport) => {
  it('refuses a weak password, then sends a strong one and shows the server refusing an unknown code at login', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/resetpassword?code=not-a-real-code'));
    const password = page.getByLabel('New Password', { exact: true });
    const confirmation = page.getByLabel('Confirm Password', { exact: true });
    await password.fill('Password12');
    await confirmation.fill('Password1');
    await page.getByText("Passwords don't yet match").waitFor();
    await confirmation.fill('Password12');
    await page.getByText('Passwords match').waitFor();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').filter({ hasText: UPDATE_FAILED }).waitFor();
    expect(await page.getByText('Password secure').count()).toBe(0);
    await expectNoAxeViolations(page);

    // Show/hide: the toggle turns the field into plain text.
    await page.getByRole('button', { name: 'Show New Password' }).click();
    expect(await password.getAttribute('type')).toBe('text');

    await password.fill('q7#Vx!m2Lp9z');
    await confirmation.fill('q7#Vx!m2Lp9z');
    await page.getByText('Password secure').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/login');
    await page.getByRole('alert').filter({ hasText: 'The reset link is invalid or has expired.' }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('resets the password through the e-mailed link, then signs in with the new one', async () => {
    const email = RESET_ACCOUNTS[viewport];
    const newPassword = `Fresh#${viewport}-2026`;
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await requestResetLink(page, portal.url, email);
    await page.goto(portal.url(await resetLinkFromOutbox(email)));
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByText('Password secure').waitFor();
    await page.getByText('Passwords match').waitFor();
    await page.getByRole('button', { name: 'Update Password' }).click();

    await page.getByRole('status').filter({ hasText: PASSWORD_RESET }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/login');
    await expectNoAxeViolations(page);
    await signInOnLoginPage(page, email, newPassword);
    expect(new URL(page.url()).pathname).toBe('/coachportal/dashboard');
    await portal.close();
  });
});
