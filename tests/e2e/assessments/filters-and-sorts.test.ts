// Every pipeline filter (Show all among them) and every sortable column of the assessments table at this viewport,
// each checked against what the BFF answers for the same query (spec assessments-and-clients §2.2, §4.1, §4.2), and the
// table's Refresh control. The filters at desktop; the sorts at both widths (the phone shows fewer sortable
// columns); a filter at phone width; axe on the filtered, sorted and refreshed states.
import { DEMO, expect, expectNoAxeViolations, forEachLayout, LAYOUTS, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, dataRows, firstRowIs, openAssessments } from './assessments-steps.ts';

test.use({ account: DEMO });

/** The sort an address shows (the default, newest first, is left out of the address). */
function sortOf(address: string): { sort: string; order: string } {
  const url = new URL(address);
  return { sort: url.searchParams.get('sort') ?? 'createdAt', order: url.searchParams.get('order') ?? 'desc' };
}

test('filters by each pipeline filter as the BFF does', async ({ page }) => {
  await openAssessments(page);
  const filter = page.getByRole('combobox', { name: 'Filter' });
  // Received SCOs is offered once the list says the coach has received some: the options are read after that.
  await expect(filter.locator('option[value="receivedScos"]')).toBeAttached();
  let options: string[] = [];
  // §4.1: the nine pipeline filters in the spec's order, Show all and (for a coach who has received some) Received SCOs
  // among them.
  await expect
    .poll(async () => {
      const values = await filter.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
      options = values.filter((value) => value !== '');
      return options;
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
  for (const option of options) {
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

forEachLayout(LAYOUTS, (layout) => {
  test('sorts by each sortable column in both orders as the BFF does, and refreshes', async ({ page }) => {
    // Two sorts of every column (ten at desktop), each read back: more than the default minute on a loaded machine.
    test.setTimeout(180_000);
    const all = await bff<AssessmentList>(page, '/api/assessments');
    await openAssessments(page);
    await expect(countText(page, `${all.total} records`)).toBeVisible();
    const sortable = page.getByRole('columnheader').and(page.locator('[aria-sort]'));
    // The phone shows fewer columns, so fewer sorts.
    let count = 0;
    await expect
      .poll(async () => {
        count = await sortable.count();
        return count;
      })
      .toBeGreaterThanOrEqual(layout === 'desktop' ? 8 : 2);
    const seen = new Set<string>();
    let shown = { sort: 'createdAt', order: 'desc' };
    for (let index = 0; index < count; index++) {
      const header = sortable.nth(index);
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
    expect(seen.size).toBe(count * 2);
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
