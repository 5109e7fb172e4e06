// The session timer (spec public-and-guest §4 "Session", §9; coach-shell §2.1): the warning 60 s
// before expiry with Continue and Log Out, and the logout at expiry. The page's clock is Playwright's
// (page.clock), so no test waits for real minutes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { signInThroughForm } from './auth-steps.ts';

const browser = startChromiumForFile();

/** Every successful call restarts the idle timer: the clock may only jump once the dashboard's own call has answered. */
const dashboardLoaded = (page: Page) => page.getByRole('region', { name: 'Total' }).waitFor();
// The BFF's default idle timeout is 30 minutes: the warning comes after 29.
const UNTIL_WARNING = '29:00';

describe.each(VIEWPORT_NAMES)('session expiry at %s size', (viewport) => {
  it('warns a minute before expiry; Continue extends the session, Log Out ends it', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.clock.install();
    await signInThroughForm(page, portal.url);
    await dashboardLoaded(page);

    await page.clock.fastForward(UNTIL_WARNING);
    const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
    await warning.waitFor();
    await expectNoAxeViolations(page);
    await warning.getByRole('button', { name: 'Continue' }).click();
    await warning.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Welcome, Amara' }).waitFor();

    await page.clock.fastForward(UNTIL_WARNING);
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/login');
    await portal.close();
  });

  it('logs out at expiry', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.clock.install();
    await signInThroughForm(page, portal.url);
    await dashboardLoaded(page);
    await page.clock.fastForward('30:00');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/login');
    // The login page says why.
    await page.getByRole('status').getByText('Your session has ended. Please log in again.').waitFor();
    await expectNoAxeViolations(page);
    // The session really ended: the dashboard is out of reach.
    await page.goto(portal.url('/coachportal/dashboard'));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await portal.close();
  });
});
