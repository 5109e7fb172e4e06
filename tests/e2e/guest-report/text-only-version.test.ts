// The text-only accessible version (spec public-and-guest §2: version=text): the menu button at any
// width, a heading per section, no charts; a link leads back to the standard version.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

const browser = startChromiumForFile();
let guests: Record<ReportCode, string>;
beforeAll(async () => {
  guests = await seededGuests();
});

describe.each(VIEWPORT_NAMES)('text-only version at %s size', (viewport) => {
  it('shows the sections behind the menu button, without charts', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/c/${guests.c}?version=text`));
    await page.getByRole('heading', { level: 1, name: 'Combined report' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Introduction' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Results', exact: true }).click();
    await page.getByRole('table', { name: 'Style scores' }).waitFor();
    expect(await page.locator('.score__bar').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Standard version' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // The standard version is asked for again; the charts come with its answer.
    await page.locator('.score__bar').first().waitFor();
    await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(viewport === 'desktop' ? 1 : 0);
    await portal.close();
  });
});
