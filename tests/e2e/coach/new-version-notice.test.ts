// The new-version notice (spec coach-shell §2.1, public-and-guest §4 "Session"): a BFF that announces a
// newer portal than the build the tab runs (PORTAL_VERSION, as after a deployment) shows it with a
// refresh link; the suite's own stack serves and announces the same build, so it shows none.
// Desktop and phone, axe on both states.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../scripts/lib/prism.ts';
import { type Stack, startStack } from '../../../scripts/lib/stack.ts';
import { signIn } from '../assessments/assessments-steps.ts';
import { PASSWORD } from '../auth/auth-steps.ts';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES, VIEWPORTS } from '../support/browser.ts';

const NOTICE = 'A new version of the coach portal is available.';
const browser = startChromiumForFile();
let newer: Stack;

beforeAll(async () => {
  newer = await startStack({
    sandboxPort: await freePort(),
    bffPort: await freePort(),
    webDistDir: inject('webDistDir'),
    bffEnv: { PORTAL_VERSION: '20991231t000000', LOG_LEVEL: 'warn' },
    output: 'inherit',
  });
});
afterAll(() => newer?.stop());

describe.each(VIEWPORT_NAMES)('the new-version notice at %s size', (viewport) => {
  it('shows with a refresh link when a newer portal is deployed, and not otherwise', async () => {
    const context = await browser().newContext({ viewport: VIEWPORTS[viewport], baseURL: newer.portalUrl });
    try {
      const page = await context.newPage();
      const login = await page.request.post(`${newer.bffUrl}/api/session`, {
        headers: { 'X-CSRF': '1', Origin: new URL(newer.bffUrl).origin },
        data: { email: 'demo@coachportal.test', password: PASSWORD },
      });
      expect(login.status()).toBe(200);
      await page.goto(`${newer.portalUrl}dashboard`);
      await page.getByRole('heading', { level: 1, name: /^Welcome, Amara/ }).waitFor();
      await page.getByText(NOTICE).waitFor();
      const refresh = page.getByRole('link', { name: 'Refresh the page' });
      expect(await refresh.getAttribute('href')).toBe(page.url());
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }

    // The suite's stack announces the build it serves: no notice.
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await page.goto(portal.url('/coachportal/dashboard'));
    await page.getByRole('heading', { level: 1, name: /^Welcome, Amara/ }).waitFor();
    expect(await page.getByText(NOTICE).count()).toBe(0);
    await portal.close();
  });
});
