// Reset password (spec public-and-guest §2 "Reset password", §5, §8 "Reset"): the live messages,
// a weak password refused in the page, and the server's refusal of the code sending the visitor
// to login with its message. (The sandbox keeps reset codes to itself: no success run here.)
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();
const UPDATE_FAILED = 'Update failed - there is an issue with the new password - please check and fix.';

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
});
