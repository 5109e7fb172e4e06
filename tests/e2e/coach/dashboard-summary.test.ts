// The dashboard's Download Summary Spreadsheet (spec coach-shell §2.3, §8) for the demo coach: the browser
// saves the workbook under the BFF's file name; a failing legacy call is the 'Failed' alert. Desktop and
// phone, axe on every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { setFaults, signIn } from './coach-steps.ts';

const browser = startChromiumForFile();

afterEach(() => setFaults(null));

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
