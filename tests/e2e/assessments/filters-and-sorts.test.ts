// The pipeline filter and the column sorts of the assessments table end to end, each checked against what the BFF
// answers for the same query (spec assessments-and-clients §2.2, §4.1, §4.2), and the table's Refresh control. The
// filter's options as the BFF's lists make them, two filters at desktop and one at phone width; two columns sorted in
// both orders at desktop and one at phone width (the phone shows fewer sortable columns); axe on the filtered, sorted
// and refreshed states. Every filter and every column in both orders, asked of the BFF by the page, is the web's own
// test (web/src/features/assessments/components/assessments-sorts-and-filters.test.tsx); each column's order, the
// BFF's (bff/routes/assessments/assessment-list-sandbox.test.ts).
import { DEMO, expect, expectNoAxeViolations, forEachLayout, LAYOUTS, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, dataRows, firstRowIs, openAssessments } from './assessments-steps.ts';

test.use({ account: DEMO });

/** The sort an address shows (the default, newest first, is left out of the address). */
function sortOf(address: string): { sort: string; order: string } {
  const url = new URL(address);
  return { sort: url.searchParams.get('sort') ?? 'createdAt', order: url.searchParams.get('order') ?? 'desc' };
}

test('offers the pipeline filters and filters as the BFF does', async ({ page }) => {
  await openAssessments(page);
  const filter = page.getByRole('combobox', { name: 'Filter' });
  // Received SCOs is offered once the list says the coach has received some: the options are read after that.
  await expect(filter.locator('option[value="receivedScos"]')).toBeAttached();
  // §4.1: the nine pipeline filters in the spec's order, Show all and (for a coach who has received some) Received SCOs
  // among them.
  await expect
    .poll(async () => {
      const values = await filter.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
      return values.filter((value) => value !== '');
    })
    .toEqual([
      'notInvitedYet',
      'invitedNotStarted',
      'startedIncomplete',
      'completeInMarking',
      'completeSendReport',
      'showAll',
      'receivedScos',
      'wrapped',
      'unwrapped',
    ]);
  await expect(filter.locator('option[value="showAll"]')).toHaveText('Show all');
  // Received SCOs (offered from the BFF's lists) and Wrapped, end to end; every other filter is the web's test.
  for (const option of ['receivedScos', 'wrapped']) {
    const expected = await bff<AssessmentList>(page, `/api/assessments?filter=${option}`);
    await filter.selectOption(option);
    await expect(page).toHaveURL((url) => url.searchParams.get('filter') === option);
    await expect(countText(page, `Filtered ${expected.filteredTotal} of ${expected.total} records`)).toBeVisible();
    if (expected.items.length > 0) await firstRowIs(page, expected);
    else await expect(page.getByText('No assessments match this filter.')).toBeVisible();
    await expect(dataRows(page), option).toHaveCount(Math.min(expected.items.length, 50));
  }
  await expectNoAxeViolations(page);
});

// The columns sorted end to end at each width: the client and a date with empty cells (desktop), a result (phone).
const SORTED = { desktop: ['Info', 'Completed'], phone: ['Maturity'] } as const;

forEachLayout(LAYOUTS, (layout) => {
  test('sorts by a column in both orders as the BFF does, and refreshes', async ({ page }) => {
    const all = await bff<AssessmentList>(page, '/api/assessments');
    await openAssessments(page);
    await expect(countText(page, `${all.total} records`)).toBeVisible();
    const sortable = page.getByRole('columnheader').and(page.locator('[aria-sort]'));
    // The phone shows fewer columns, so fewer sorts.
    await expect.poll(() => sortable.count()).toBeGreaterThanOrEqual(layout === 'desktop' ? 8 : 2);
    const seen = new Set<string>();
    let shown = { sort: 'createdAt', order: 'desc' };
    for (const name of SORTED[layout]) {
      const header = sortable.filter({ hasText: name });
      await expect(header).toHaveCount(1);
      for (let press = 0; press < 2; press++) {
        const before = `${shown.sort}:${shown.order}`;
        await header.click();
        // The address changes to the new sort; the header says which order it is.
        await expect
          .poll(async () => {
            shown = sortOf(page.url());
            return `${shown.sort}:${shown.order}`;
          })
          .not.toBe(before);
        await expect(header).toHaveAttribute('aria-sort', shown.order === 'asc' ? 'ascending' : 'descending');
        seen.add(`${shown.sort}:${shown.order}`);
        await firstRowIs(page, await bff<AssessmentList>(page, `/api/assessments?sort=${shown.sort}&order=${shown.order}`));
      }
    }
    expect(seen.size).toBe(SORTED[layout].length * 2);
    await expectNoAxeViolations(page);

    // Refresh: the BFF reads the lists again; the table shows the same records.
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.click();
    await expect(refresh.and(page.locator(':not([data-pending])'))).toBeVisible();
    await expect(countText(page, `${all.total} records`)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('filters the table as the BFF does', async ({ page }) => {
    const expected = await bff<AssessmentList>(page, '/api/assessments?filter=notInvitedYet');
    await openAssessments(page);
    await page.getByRole('combobox', { name: 'Filter' }).selectOption('notInvitedYet');
    await expect(page).toHaveURL((url) => url.searchParams.get('filter') === 'notInvitedYet');
    await expect(countText(page, `Filtered ${expected.filteredTotal} of ${expected.total} records`)).toBeVisible();
    await firstRowIs(page, expected);
    await expectNoAxeViolations(page);
  });
});
