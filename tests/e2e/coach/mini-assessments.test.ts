// The Mini-Assessments page (spec coach-shell §2.4, §8, §9) for the demo coach: opened from the drawer, the public
// link with Copy Link ('Copied to clipboard'), the results as the BFF lists them on the shared table (desktop and
// phone columns), a report opening in a new tab, the spreadsheet saved, and its failure as the 'Failed' alert.
// Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { setFaults, signIn } from './coach-steps.ts';

const browser = startChromiumForFile();

afterEach(() => setFaults(null));

async function openMiniAssessments(page: Page, viewport: string): Promise<void> {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mini-Assessments' }).click();
  await page.getByRole('heading', { level: 1, name: 'Mini-Assessments' }).waitFor();
}

describe.each(VIEWPORT_NAMES)('mini-assessments at %s size', (viewport) => {
  it('lists the results as the BFF does, copies the public link and opens a report in a new tab', async () => {
    const portal = await openPortal(browser(), viewport);
    await portal.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(portal.url('/')).origin });
    const page = await signIn(portal);
    const expected = (await (
      await page.request.get(portal.url('/api/mini-assessments?pageSize=500'))
    ).json()) as components['schemas']['MiniAssessmentPage'];
    expect(expected.total).toBeGreaterThan(0);
    await openMiniAssessments(page, viewport);

    const table = page.getByRole('grid', { name: 'Mini-assessments' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await page.getByText(`${expected.total} records`).count()).toBe(1);
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.replace(/[▲▼↕]/g, '').trim())).toEqual(
      viewport === 'desktop'
        ? ['Info', 'Language', 'Ennea', 'Trifix', 'Report', 'Started', 'Completed']
        : ['Info', 'Ennea Results', 'Completed'],
    );
    const newest = expected.items[0];
    if (!newest) throw new Error('no mini-assessment');
    expect(await table.getByRole('rowheader').first().innerText()).toContain(`${newest.name} ${newest.surname}`);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Copy Link' }).click();
    await page.getByText('Copied to clipboard', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.selfRegistrationUrl);

    const completed = expected.items.find((row) => row.reportUrl);
    if (!completed) throw new Error('no completed mini-assessment');
    await page.getByRole('searchbox').fill(completed.email);
    await expect.poll(() => page.url()).toContain('q=');
    // The e-mail is the record's own: wait for the table to show only it (names repeat in the demo data).
    await expect.poll(() => table.getByRole('rowheader').allInnerTexts()).toEqual([expect.stringContaining(completed.email)]);
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      table.getByRole('link', { name: new RegExp(`^Report of ${completed.name} ${completed.surname}`) }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(completed.reportUrl);
    await tab.close();
    await portal.close();
  });

  it("saves the spreadsheet, and shows the 'Failed' alert when the legacy API fails it", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await openMiniAssessments(page, viewport);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download spreadsheet' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mini-assessments-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await setFaults({ serverErrors: { downloadMiniAssessmentsSpreadsheet: 503 } });
    await page.getByRole('button', { name: 'Download spreadsheet' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Failed' });
    await alert.waitFor();
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    await portal.close();
  });
});
