// The session timer (spec public-and-guest §4 "Session", §9; coach-shell §2.1): the warning 60 s
// before expiry with Continue and Log Out, and the logout at expiry. The page's clock is Playwright's
// (page.clock), so no test waits for real minutes. Each test ends its session, so it signs in by itself
// (the form), never with the worker's shared session.
// The flows at desktop; the warning and the login page after expiry once at phone width, axe on each.
import type { Request } from '@playwright/test';
import { atPath, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { signInThroughForm } from './auth-steps.ts';

/**
 * Signs in on the page's own clock, then waits until every call the coach area makes on opening has answered (the
 * dashboard's, its recent assessments', the policies check made by the frame after the screen): every successful call
 * restarts the idle timer, so the clock may only jump once none is left in flight. The updates poll is not the coach
 * at work and restarts nothing.
 */
async function signInOnPageClock(page: Page): Promise<void> {
  await page.clock.install();
  const inFlight = new Set<Request>();
  const isCoachCall = (request: Request) => {
    const { pathname } = new URL(request.url());
    return pathname.startsWith('/api/') && pathname !== '/api/updates';
  };
  page.on('request', (request) => {
    if (isCoachCall(request)) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const policiesChecked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/policies/alert');
  await signInThroughForm(page);
  await expect(page.getByRole('region', { name: 'Total' })).toBeVisible();
  await policiesChecked;
  await expect.poll(() => inFlight.size, { message: 'calls still in flight after opening the dashboard' }).toBe(0);
}
// The BFF's default idle timeout is 30 minutes: the warning comes after 29.
const UNTIL_WARNING = '29:00';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

test('warns a minute before expiry; Continue extends the session, Log Out ends it', async ({ page }) => {
  await signInOnPageClock(page);

  await page.clock.fastForward(UNTIL_WARNING);
  const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(warning).toBeVisible();
  await expectNoAxeViolations(page);
  await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();

  await page.clock.fastForward(UNTIL_WARNING);
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
});

test('logs out at expiry', async ({ page }) => {
  await signInOnPageClock(page);
  await page.clock.fastForward('30:00');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
  // The login page says why.
  await expect(page.getByRole('status').getByText(SESSION_ENDED)).toBeVisible();
  await expectNoAxeViolations(page);
  // The session really ended: the dashboard is out of reach.
  await page.goto('/coachportal/dashboard');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the warning and the login page after expiry fit a phone', async ({ page }) => {
    await signInOnPageClock(page);
    await page.clock.fastForward(UNTIL_WARNING);
    const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
    await expect(warning.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.clock.fastForward('01:00');
    await expect(page.getByRole('status').getByText(SESSION_ENDED)).toBeVisible();
    await expect(page).toHaveURL(atPath('/coachportal/login'));
    await expectNoAxeViolations(page);
  });
});
