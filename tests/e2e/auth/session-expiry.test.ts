// The session timer (spec public-and-guest §4 "Session", §9; coach-shell §2.1): the warning 60 s
// before expiry with Continue and Log Out, and the logout at expiry. The page's clock is Playwright's
// (page.clock), so no test waits for real minutes. Each test ends its session, so it signs in by itself
// (the form), never with the worker's shared session.
// The flows at desktop; the warning and the login page after expiry once at phone width, axe on each.
import type { Request } from '@playwright/test';
import { atPath, expect, expectNoAxeViolations, type Page, settled, test } from '../support/fixtures.ts';
import { signInThroughForm } from './auth-steps.ts';

/**
 * Every successful call restarts the idle timer, so the page's clock may only jump once the page is quiet: nothing
 * shown as loading (the dashboard's panels load after its tiles, each with its own call) and no call in flight. The
 * updates poll is not the coach at work and restarts nothing.
 */
function quietPage(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/updates') inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return async () => {
    await settled(page);
    await expect.poll(() => inFlight.size, { message: 'calls still in flight' }).toBe(0);
  };
}

/** Signs in on the page's own clock and waits until the dashboard, its panels and the policies check have answered. */
async function signInOnPageClock(page: Page): Promise<() => Promise<void>> {
  await page.clock.install();
  const quiet = quietPage(page);
  const policiesChecked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/policies/alert');
  await signInThroughForm(page);
  await expect(page.getByRole('region', { name: 'Total' })).toBeVisible();
  // The pipeline panel's code and call come after the tiles, with nothing shown as loading meanwhile.
  await expect(page.getByRole('link', { name: /^\d[\d,]* Added: show in Assessments$/ })).toBeVisible();
  await policiesChecked;
  await quiet();
  return quiet;
}
// The BFF's default idle timeout is 30 minutes: the warning comes after 29.
const UNTIL_WARNING = '29:00';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

test('warns a minute before expiry; Continue extends the session, Log Out ends it', async ({ page }) => {
  const quiet = await signInOnPageClock(page);

  await page.clock.fastForward(UNTIL_WARNING);
  const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(warning).toBeVisible();
  await expectNoAxeViolations(page);
  await warning.getByRole('button', { name: 'Continue' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
  await quiet();

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
