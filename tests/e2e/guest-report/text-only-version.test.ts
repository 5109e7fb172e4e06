// The text-only accessible version (spec public-and-guest §2: version=text): the menu button at any
// width, a heading per section, no charts; a link leads back to the standard version.
// At desktop and at phone width (the standard version has tabs at desktop only), axe at each.
import { expect, expectNoAxeViolations, forEachLayout, LAYOUTS, test } from '../support/fixtures.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

let guests: Record<ReportCode, string>;
test.beforeAll(async ({ stack: _stack }) => {
  guests = await seededGuests();
});

forEachLayout(LAYOUTS, (layout) => {
  test('shows the sections behind the menu button, without charts', async ({ page }) => {
    await page.goto(`/coachportal/reports/c/${guests.c}?version=text`);
    await expect(page.getByRole('heading', { level: 1, name: 'Combined report' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Introduction' })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Results', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Style scores' })).toBeVisible();
    await expect(page.locator('.score__bar')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Standard version' }).click();
    await expect(page).toHaveURL((url) => url.search === '');
    // The standard version is asked for again; the charts come with its answer.
    await expect(page.locator('.score__bar').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(layout === 'desktop' ? 1 : 0);
  });
});
