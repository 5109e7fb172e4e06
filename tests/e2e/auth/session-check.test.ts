// Session check (spec public-and-guest §2 "Session check", §6): the sandbox plays the admin tool's
// impersonation (POST /__sandbox/impersonate sets the legacy cookie; cookies ignore the port), then
// the page starts the impersonated session; Return to Coaches goes back to the admin application's coach
// list (ADMIN_COACHES_URL; the sandbox's stand-in page in the demo).
// The flows at desktop (each visitor signs in by itself: impersonation starts a session of its own); the
// impersonated dashboard and the refused session check (the login page) once at phone width, axe on each.
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

// spec §2 "Session check" gives no text for a refused check: a visitor who never signed in goes to the login page.
test('sends a visitor without an admin session to the login page', async ({ page }) => {
  await page.goto('/coachportal/sessioncheck');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the impersonated dashboard with Return to Coaches fits a phone', async ({ page, stack }) => {
    await impersonatePeer(page, stack);
    await expect(page.getByRole('button', { name: 'Return to Coaches' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the refused session check lands on a login page that fits a phone', async ({ page }) => {
    await page.goto('/coachportal/sessioncheck');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(atPath('/coachportal/login'));
    await expectNoAxeViolations(page);
  });
});
