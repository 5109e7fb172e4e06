// The assessments table's mechanics in the browser (spec assessments-and-clients §2.2, coach-shell
// §2.2) on the demo coach's sandbox data, read back from the BFF in each test: the dashboard tile's
// filter, 'Filtered n of m records', search, clear, sorting, paging, the remembered page size, and
// reload and Back keeping the state. The flows at desktop; at phone width the dashboard tile's filter
// (no From Coach column) and the pager, axe on every state.
import { DEMO, expect, expectNoAxeViolations, openDashboard, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, dataRows, firstRowIs } from './assessments-steps.ts';

test.use({ account: DEMO });

test("opens with a dashboard tile's filter, searches, clears and sorts", async ({ page }) => {
  const all = await bff<AssessmentList>(page, '/api/assessments');
  const notInvited = await bff<AssessmentList>(page, '/api/assessments?filter=notInvitedYet');
  expect(notInvited.filteredTotal).toBeGreaterThan(0);

  await openDashboard(page);
  await page.getByRole('link', { name: /^Not invited yet \d+$/ }).click();
  await expect(page).toHaveURL(/\/coachportal\/assessments\?filter=notInvitedYet$/);
  await expect(countText(page, `Filtered ${notInvited.filteredTotal} of ${notInvited.total} records`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter' })).toHaveValue('notInvitedYet');
  await firstRowIs(page, notInvited);
  await expectNoAxeViolations(page);

  // Filters and search combine.
  const [first] = notInvited.items;
  const q = first?.clientSurname ?? '';
  const searched = await bff<AssessmentList>(page, `/api/assessments?filter=notInvitedYet&q=${encodeURIComponent(q)}`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(q);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === q && url.searchParams.get('filter') === 'notInvitedYet');
  await expect(countText(page, `${searched.filteredTotal} of ${searched.total} records`)).toBeVisible();
  await firstRowIs(page, searched);
  await expect(dataRows(page)).toHaveCount(searched.items.length);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Clear filter and search' }).click();
  await expect(page).toHaveURL(/\/coachportal\/assessments$/);
  await expect(countText(page, `${all.total} records`)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(page.getByText('Filtered', { exact: true })).toHaveCount(0);

  // Received SCOs is offered (the demo coach has received some), and From Coach shows at desktop size.
  expect(all.hasReceived).toBe(true);
  await page.getByRole('combobox', { name: 'Filter' }).selectOption('receivedScos');
  const received = await bff<AssessmentList>(page, '/api/assessments?filter=receivedScos');
  await expect(countText(page, `${received.filteredTotal} of ${received.total} records`)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /From Coach/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filter and search' }).click();

  const byName = await bff<AssessmentList>(page, '/api/assessments?sort=info&order=asc');
  const info = page.getByRole('columnheader', { name: /Info/ });
  await info.click();
  await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'info' && url.searchParams.get('order') === 'asc');
  await expect(info).toHaveAttribute('aria-sort', 'ascending');
  await firstRowIs(page, byName);
  await info.click();
  await expect(page).toHaveURL((url) => url.searchParams.get('order') === null && url.searchParams.get('sort') === 'info');
  await expect(info).toHaveAttribute('aria-sort', 'descending');
  await expectNoAxeViolations(page);
});

test('pages, remembers the page size, and keeps the state on reload and Back', async ({ page }) => {
  const all = await bff<AssessmentList>(page, '/api/assessments?pageSize=10');
  const second = await bff<AssessmentList>(page, '/api/assessments?pageSize=10&page=2');
  expect(all.total).toBeGreaterThan(20);

  await page.goto('/coachportal/assessments');
  await expect(countText(page, `${all.total} records`)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(Math.min(50, all.total));
  await page.getByRole('combobox', { name: 'Items per page' }).selectOption('10');
  await expect(page).toHaveURL((url) => url.searchParams.get('pageSize') === '10');
  await expect(page.getByText(`1–10 of ${all.total}`)).toBeVisible();
  await firstRowIs(page, all);
  await expect(dataRows(page)).toHaveCount(10);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  await expect(page.getByText(`11–20 of ${all.total}`)).toBeVisible();
  await firstRowIs(page, second);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByText(`11–20 of ${all.total}`)).toBeVisible();
  await firstRowIs(page, second);

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(`1–10 of ${all.total}`)).toBeVisible();
  await page.goBack();
  await expect(page.getByText(`11–20 of ${all.total}`)).toBeVisible();
  await firstRowIs(page, second);

  // The page size is remembered for the next visit without it in the URL.
  await page.goto('/coachportal/assessments');
  await expect(page.getByText(`1–10 of ${all.total}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Items per page' })).toHaveValue('10');
});

test('hides the columns the coach does not use, and remembers them on reload', async ({ page }) => {
  await page.goto('/coachportal/assessments');
  const table = page.getByRole('grid', { name: 'Assessments' });
  await expect(table.getByRole('columnheader', { name: /^Lang/ })).toBeVisible();
  const columns = page.getByRole('button', { name: 'Columns' });
  await expect(columns).toBeEnabled();
  await columns.click();
  const menu = page.getByRole('menu', { name: 'Columns' });
  // The column naming the row is not offered: a row without it names nobody.
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Info' })).toHaveCount(0);
  await menu.getByRole('menuitemcheckbox', { name: 'Lang' }).click();
  await menu.getByRole('menuitemcheckbox', { name: 'Registered' }).click();
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Lang' })).toHaveAttribute('aria-checked', 'false');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: /^Lang/ })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: /^Registered/ })).toHaveCount(0);

  await page.reload();
  await expect(table.getByRole('columnheader', { name: /^Completed/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /^Lang/ })).toHaveCount(0);
  await columns.click();
  await menu.getByRole('menuitemcheckbox', { name: 'Lang' }).click();
  await menu.getByRole('menuitemcheckbox', { name: 'Registered' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: /^Registered/ })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test("opens with a dashboard tile's filter, without the From Coach column, and pages", async ({ page }) => {
    const notInvited = await bff<AssessmentList>(page, '/api/assessments?filter=notInvitedYet');
    const received = await bff<AssessmentList>(page, '/api/assessments?filter=receivedScos');
    const all = await bff<AssessmentList>(page, '/api/assessments?pageSize=10');
    await openDashboard(page);
    await page.getByRole('link', { name: /^Not invited yet \d+$/ }).click();
    await expect(page).toHaveURL(/\/coachportal\/assessments\?filter=notInvitedYet$/);
    await expect(countText(page, `Filtered ${notInvited.filteredTotal} of ${notInvited.total} records`)).toBeVisible();
    await firstRowIs(page, notInvited);
    await expectNoAxeViolations(page);

    // The phone's reduced columns: no From Coach, even for received SCOs.
    await page.getByRole('combobox', { name: 'Filter' }).selectOption('receivedScos');
    await expect(countText(page, `${received.filteredTotal} of ${received.total} records`)).toBeVisible();
    await firstRowIs(page, received);
    await expect(page.getByRole('columnheader', { name: /From Coach/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filter and search' }).click();

    await page.getByRole('combobox', { name: 'Items per page' }).selectOption('10');
    await expect(page.getByText(`1–10 of ${all.total}`)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`11–20 of ${all.total}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });
});
