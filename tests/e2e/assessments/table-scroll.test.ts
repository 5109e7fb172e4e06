// The assessments table scrolls inside the window (coach-shell §2.2's shared table at desktop size): at 50 and at 500
// rows per page the document is about the window's height (nothing of the table's scrolled-away rows stretches it),
// and a new page opens at its first row with the header in view, wherever the previous one was scrolled to.
import { DEMO, expect, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, dataRows, firstRowIs } from './assessments-steps.ts';

test.use({ account: DEMO });

const documentHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight / window.innerHeight);

for (const pageSize of [50, 500]) {
  test(`keeps the document about the window's height at ${pageSize} rows per page`, async ({ page }) => {
    const list = await bff<AssessmentList>(page, `/api/assessments?pageSize=${pageSize}`);
    await page.goto(`/coachportal/assessments?pageSize=${pageSize}`);
    await expect(dataRows(page)).toHaveCount(list.items.length);
    await expect(page.getByRole('grid', { name: 'Assessments' })).not.toHaveAttribute('aria-busy', 'true');
    // The top bar, the title, the toolbar and the pager around a table that scrolls inside the window.
    await expect.poll(() => documentHeight(page)).toBeLessThan(1.5);
  });
}

test('opens the next page at its first row with the header in view, after scrolling to the end of the page', async ({ page }) => {
  const second = await bff<AssessmentList>(page, '/api/assessments?pageSize=50&page=2');
  await page.goto('/coachportal/assessments?pageSize=50');
  const rows = dataRows(page);
  await expect(rows).toHaveCount(50);
  await page.locator('.data-table__scroll').evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(rows.first()).not.toBeInViewport();

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await firstRowIs(page, second);
  await expect(rows.first()).toBeInViewport();
  await expect(page.getByRole('columnheader', { name: /Info/ })).toBeInViewport();
});
