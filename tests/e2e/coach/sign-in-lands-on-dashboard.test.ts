// Smoke test of the stack: a coach session made through the BFF's API shows the coach area, and
// unknown coach paths go to the dashboard.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();

describe.each(VIEWPORT_NAMES)('coach area at %s size', (viewport) => {
  it('shows the signed-in coach and sends unknown paths to the dashboard', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    const login = await page.request.post(portal.url('/api/session'), {
      headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
      data: { email: 'demo@coachportal.test', password: 'Demo-portal-2026!' },
    });
    expect(login.status()).toBe(200);

    await page.goto(portal.url('/coachportal/no-such-screen'));
    await expect.poll(() => page.url()).toMatch(/\/coachportal\/dashboard$/);
    await page.getByRole('heading', { name: 'Welcome, Amara' }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
