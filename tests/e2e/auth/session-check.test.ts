// Session check (spec public-and-guest §2 "Session check", §6): the sandbox plays the admin tool's
// impersonation (POST /__sandbox/impersonate sets the legacy cookie; cookies ignore the port), then
// the page starts the impersonated session; Return to Coaches goes back to the admin application's coach
// list (ADMIN_COACHES_URL; the sandbox's stand-in page in the demo).
// The flows at desktop (each visitor signs in by itself: impersonation starts a session of its own); the
// impersonated dashboard and the refused session check once at phone width, axe on each.
import { atPath, expect, expectNoAxeViolations, type Page, type StackUrls, test } from '../support/fixtures.ts';

/** The sandbox under the portal's host name, so that its cookie reaches the BFF. */
function sandboxOnPortalHost(stack: StackUrls, path: string): string {
  const url = new URL(path, stack.sandboxUrl);
  url.hostname = new URL(stack.portalUrl).hostname;
  return url.toString();
}

/** Impersonates the peer coach through the sandbox's admin stand-in and lands on their dashboard. */
async function impersonatePeer(page: Page, stack: StackUrls): Promise<void> {
  const sessionCheck = new URL('/coachportal/sessioncheck', stack.portalUrl).toString();
  await page.goto(sandboxOnPortalHost(stack, `/__sandbox/impersonate?redirectTo=${encodeURIComponent(sessionCheck)}`));
  await page.getByLabel('Coach').selectOption('peer@coachportal.test');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Naledi' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/dashboard'));
  await expect(page.getByRole('note', { name: 'Impersonation' })).toBeVisible();
}

test('starts the impersonated session from the admin tool and returns to the coaches', async ({ page, stack }) => {
  await impersonatePeer(page, stack);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Return to Coaches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coaches' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/__sandbox/admin/coaches'));
  await expectNoAxeViolations(page);
});

test('explains a refused session and links to the login page', async ({ page }) => {
  await page.goto('/coachportal/sessioncheck');
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended. Please log in again.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to the login page' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the impersonated dashboard with Return to Coaches fits a phone', async ({ page, stack }) => {
    await impersonatePeer(page, stack);
    await expect(page.getByRole('button', { name: 'Return to Coaches' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the refused session check fits a phone', async ({ page }) => {
    await page.goto('/coachportal/sessioncheck');
    await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended. Please log in again.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the login page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
