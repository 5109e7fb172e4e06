// Every pipeline filter and every sortable column of the assessments table at this viewport, each checked
// against what the BFF answers for the same query (spec assessments-and-clients §2.2, §4.1, §4.2), and the
// table's Refresh control. Desktop and phone, axe on the filtered, sorted and refreshed states.
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, countText, dataRows, firstRowIs, signIn } from './assessments-steps.ts';

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

describe.each(VIEWPORT_NAMES)('the assessments table at %s size', (viewport) => {
  it('filters by each pipeline filter as the BFF does', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await page.goto(portal.url('/coachportal/assessments'));
    const filter = page.getByRole('combobox', { name: 'Filter' });
    await filter.waitFor();
    // Received SCOs is offered once the list says the coach has received some: the options are read after that.
    await filter.locator('option[value="receivedScos"]').waitFor({ state: 'attached' });
    const options = (await filter.locator('option').evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value))).filter(
      (value) => value !== '' && value !== 'showAll',
    );
    // §4.1: the pipeline filters, Received SCOs among them for a coach who has received some.
    expect(options).toEqual(expect.arrayContaining(['notInvitedYet', 'completeSendReport', 'receivedScos']));
    expect(options.length).toBeGreaterThanOrEqual(8);
    for (const option of options) {
      const expected = await bff<AssessmentList>(portal, `/api/assessments?filter=${option}`);
      await filter.selectOption(option);
      await page.waitForURL((url) => url.searchParams.get('filter') === option);
      await countText(page, `Filtered ${expected.filteredTotal} of ${expected.total} records`).waitFor();
      if (expected.items.length > 0) await firstRowIs(page, expected);
      else await page.getByText('No assessments found.').waitFor();
      expect(await dataRows(page).count(), option).toBe(Math.min(expected.items.length, 50));
    }
    await expectNoAxeViolations(page);
  });

  it('sorts by each sortable column in both orders as the BFF does, and refreshes', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await page.goto(portal.url('/coachportal/assessments'));
    const all = await bff<AssessmentList>(portal, '/api/assessments');
    await countText(page, `${all.total} records`).waitFor();
    const sortable = page.getByRole('columnheader').and(page.locator('[aria-sort]'));
    const count = await sortable.count();
    expect(count).toBeGreaterThanOrEqual(viewport === 'desktop' ? 8 : 2);
    const seen = new Set<string>();
    /** The sort the page shows now (the default, newest first, is left out of the address). */
    const shownSort = () => {
      const url = new URL(page.url());
      return { sort: url.searchParams.get('sort') ?? 'createdAt', order: url.searchParams.get('order') ?? 'desc' };
    };
    for (let index = 0; index < count; index++) {
      const header = sortable.nth(index);
      for (let press = 0; press < 2; press++) {
        const before = await header.getAttribute('aria-sort');
        await header.click();
        await expect.poll(() => header.getAttribute('aria-sort')).not.toBe(before);
        const { sort, order } = shownSort();
        expect(await header.getAttribute('aria-sort')).toBe(order === 'asc' ? 'ascending' : 'descending');
        seen.add(`${sort}:${order}`);
        await firstRowIs(page, await bff<AssessmentList>(portal, `/api/assessments?sort=${sort}&order=${order}`));
      }
    }
    expect(seen.size).toBe(count * 2);
    await expectNoAxeViolations(page);

    // Refresh: the BFF reads the lists again; the table shows the same records.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Refresh' }).and(page.locator(':not([data-pending])')).waitFor();
    await countText(page, `${all.total} records`).waitFor();
    await expectNoAxeViolations(page);
    // Two sorts of every column (ten at desktop), each read back: more than the default minute on a loaded machine.
  }, 180_000);
});
