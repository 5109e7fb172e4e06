// The section last chosen is restored after a reload (spec public-and-guest §2, §4 "Guest report viewer").
// At desktop (the sections as tabs) and at phone width (behind the 'Sections' menu button), axe at each.
import { expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

let guests: Record<ReportCode, string>;
test.beforeAll(async ({ stack: _stack }) => {
  guests = await seededGuests();
});

test('restores the tab last chosen after a reload', async ({ page }) => {
  await page.goto(`/coachportal/reports/m/${guests.m}`);
  await page.getByRole('tab', { name: 'Appendix B' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Appendix B' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Appendix B' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Appendix B' })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('restores the section last chosen from the Sections menu after a reload', async ({ page }) => {
    await page.goto(`/coachportal/reports/m/${guests.m}`);
    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Appendix B' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Appendix B' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Appendix B' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Appendix B' }).getByText('Appendix B of the Maturity report.')).toBeVisible();
    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Appendix B' })).toHaveAttribute('aria-checked', 'true');
    await expectNoAxeViolations(page);
  });
});
