// The dashboard's Download Summary Spreadsheet (spec coach-shell §2.3, §8) for the demo coach: the browser
// saves the workbook under the BFF's file name; a failing legacy call is the 'Failed' alert. Desktop and
// phone, axe on every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { PASSWORD } from '../auth/auth-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();

async function setFaults(switches: object | null): Promise<void> {
  const response = await fetch(new URL('/__sandbox/faults', inject('sandboxUrl')), {
    method: switches ? 'PUT' : 'DELETE',
    headers: switches ? { 'Content-Type': 'application/json' } : {},
    body: switches ? JSON.stringify(switches) : null,
  });
  expect(response.ok).toBe(true);
}
afterEach(() => setFaults(null));

async function signIn(portal: PortalPage): Promise<Page> {
  const { page } = portal;
  const login = await page.request.post(portal.url('/api/session'), {
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    data: { email: 'demo@coachportal.test', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(portal.url('/coachportal/dashboard'));
  await page.getByRole('heading', { level: 1, name: /^Welcome, Amara/ }).waitFor();
  return page;
}

describe.each(VIEWPORT_NAMES)('Download Summary Spreadsheet at %s size', (viewport) => {
  it("saves the activity workbook under the BFF's file name", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Summary Spreadsheet' }).click();
    expect((await download).suggestedFilename()).toMatch(/^activity-summary-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it("alerts 'Failed' when the legacy download fails", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await setFaults({ serverErrors: { downloadActivitySummary: 503 } });
    await page.getByRole('button', { name: 'Download Summary Spreadsheet' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Failed' });
    await alert.getByText('There was an unexpected error').waitFor();
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    await portal.close();
  });
});
