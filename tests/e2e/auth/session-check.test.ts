// Session check (spec public-and-guest §2 "Session check", §6): the sandbox plays the admin tool's
// impersonation (POST /__sandbox/impersonate sets the legacy cookie; cookies ignore the port), then
// the page starts the impersonated session; Return to Coaches goes back to the admin application's coach
// list (ADMIN_COACHES_URL; the sandbox's stand-in page in the demo).
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();

/** The sandbox under the portal's host name, so that its cookie reaches the BFF. */
function sandboxOnPortalHost(path: string): string {
  const url = new URL(path, inject('sandboxUrl'));
  url.hostname = new URL(inject('portalUrl')).hostname;
  return url.toString();
}

describe.each(VIEWPORT_NAMES)('session check at %s size', (viewport) => {
  it('starts the impersonated session from the admin tool and returns to the coaches', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    const sessionCheck = portal.url('/coachportal/sessioncheck');
    await page.goto(sandboxOnPortalHost(`/__sandbox/impersonate?redirectTo=${encodeURIComponent(sessionCheck)}`));
    await page.getByLabel('Coach').selectOption('peer@coachportal.test');
    await page.getByRole('button', { name: 'Impersonate' }).click();
    await page.getByRole('heading', { name: 'Welcome, Naledi' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/dashboard');
    await page.getByRole('note', { name: 'Impersonation' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Return to Coaches' }).click();
    await page.getByRole('heading', { level: 1, name: 'Coaches' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/__sandbox/admin/coaches');
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('explains a refused session and links to the login page', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/sessioncheck'));
    await page.getByRole('alert').filter({ hasText: 'Your session has ended. Please log in again.' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to the login page' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await portal.close();
  });
});
