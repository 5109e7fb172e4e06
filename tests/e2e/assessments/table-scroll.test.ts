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

/**
 * Where the key column (the row's header cell, pinned at the left) sits in the first row, scrolled `scrollLeft` px
 * sideways: how far its left edge is from its header's and from the pinned edge (the checkbox column's right edge, or
 * the scroll box's left edge), and whether the next cell starts clear of its right edge.
 */
const keyColumnGaps = (page: Page, scrollLeft: number) =>
  page.locator('.data-table__scroll').evaluate((scroller, left) => {
    scroller.scrollLeft = left;
    const row = scroller.querySelector('tbody tr');
    const key = row?.querySelector('[role="rowheader"]');
    if (!row || !(key instanceof HTMLTableCellElement)) return undefined;
    const header = scroller.querySelectorAll('thead th')[key.cellIndex];
    const select = row.querySelector('.data-table__cell--select');
    const next = key.nextElementSibling;
    if (!header || !next) return undefined;
    const box = key.getBoundingClientRect();
    const edge = select ? select.getBoundingClientRect().right : scroller.getBoundingClientRect().left + scroller.clientLeft;
    return {
      header: Math.round(header.getBoundingClientRect().left - box.left),
      pinned: Math.round(box.left - edge),
      clear: Math.round(next.getBoundingClientRect().left - box.right) >= 0,
    };
  }, scrollLeft);

for (const { screen, path } of [
  { screen: 'Assessments (with checkboxes)', path: '/coachportal/assessments' },
  { screen: 'Clients (without checkboxes)', path: '/coachportal/clients' },
]) {
  test(`pins the key column in line with its header, clear of the next column: ${screen}`, async ({ page }) => {
    await page.goto(path);
    await expect(dataRows(page).first()).toBeVisible();
    await expect.poll(() => keyColumnGaps(page, 0)).toEqual({ header: 0, pinned: 0, clear: true });
    // Scrolled sideways (where the table is wider than its box), the key column stays at the pinned edge, its header
    // with it.
    await expect.poll(() => keyColumnGaps(page, 120)).toMatchObject({ header: 0, pinned: 0 });
  });
}
