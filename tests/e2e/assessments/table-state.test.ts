// The assessments table's mechanics in the browser (spec assessments-and-clients §2.2, coach-shell
// §2.2) on the demo coach's sandbox data, read back from the BFF in each test: the dashboard tile's
// filter, 'Filtered n of m records', search, clear, sorting, paging, the remembered page size, and
// reload and Back keeping the state. Desktop and phone, axe on every state.
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
  it("opens with a dashboard tile's filter, searches, clears and sorts", async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const all = await bff<AssessmentList>(portal, '/api/assessments');
    const notInvited = await bff<AssessmentList>(portal, '/api/assessments?filter=notInvitedYet');
    expect(notInvited.filteredTotal).toBeGreaterThan(0);

    await page.goto(portal.url('/coachportal/dashboard'));
    await page.getByRole('link', { name: /^Not invited yet \d+$/ }).click();
    await page.waitForURL(/\/coachportal\/assessments\?filter=notInvitedYet$/);
    await countText(page, `Filtered ${notInvited.filteredTotal} of ${notInvited.total} records`).waitFor();
    expect(await page.getByRole('combobox', { name: 'Filter' }).inputValue()).toBe('notInvitedYet');
    await firstRowIs(page, notInvited);
    await expectNoAxeViolations(page);

    // Filters and search combine.
    const [first] = notInvited.items;
    const q = first?.clientSurname ?? '';
    const searched = await bff<AssessmentList>(portal, `/api/assessments?filter=notInvitedYet&q=${encodeURIComponent(q)}`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(q);
    await page.waitForURL((url) => url.searchParams.get('q') === q && url.searchParams.get('filter') === 'notInvitedYet');
    await countText(page, `${searched.filteredTotal} of ${searched.total} records`).waitFor();
    await firstRowIs(page, searched);
    expect(await dataRows(page).count()).toBe(searched.items.length);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Clear filter and search' }).click();
    await page.waitForURL(/\/coachportal\/assessments$/);
    await countText(page, `${all.total} records`).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    expect(await page.getByText('Filtered', { exact: true }).count()).toBe(0);

    // Received SCOs is offered (the demo coach has received some), and From Coach shows at desktop size.
    expect(all.hasReceived).toBe(true);
    await page.getByRole('combobox', { name: 'Filter' }).selectOption('receivedScos');
    const received = await bff<AssessmentList>(portal, '/api/assessments?filter=receivedScos');
    await countText(page, `${received.filteredTotal} of ${received.total} records`).waitFor();
    if (viewport === 'desktop') await page.getByRole('columnheader', { name: /From Coach/ }).waitFor();
    await page.getByRole('button', { name: 'Clear filter and search' }).click();

    const byName = await bff<AssessmentList>(portal, '/api/assessments?sort=info&order=asc');
    const info = page.getByRole('columnheader', { name: /Info/ });
    await info.click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'info' && url.searchParams.get('order') === 'asc');
    expect(await info.getAttribute('aria-sort')).toBe('ascending');
    await firstRowIs(page, byName);
    await info.click();
    await page.waitForURL((url) => url.searchParams.get('order') === null && url.searchParams.get('sort') === 'info');
    expect(await info.getAttribute('aria-sort')).toBe('descending');
    await expectNoAxeViolations(page);
  });

  it('pages, remembers the page size, and keeps the state on reload and Back', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const all = await bff<AssessmentList>(portal, '/api/assessments?pageSize=10');
    const second = await bff<AssessmentList>(portal, '/api/assessments?pageSize=10&page=2');
    expect(all.total).toBeGreaterThan(20);

    await page.goto(portal.url('/coachportal/assessments'));
    await countText(page, `${all.total} records`).waitFor();
    expect(await dataRows(page).count()).toBe(Math.min(50, all.total));
    await page.getByRole('combobox', { name: 'Items per page' }).selectOption('10');
    await page.waitForURL((url) => url.searchParams.get('pageSize') === '10');
    await page.getByText(`1–10 of ${all.total}`).waitFor();
    await firstRowIs(page, all);
    await dataRows(page).nth(10).waitFor({ state: 'detached' });
    expect(await dataRows(page).count()).toBe(10);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText(`11–20 of ${all.total}`).waitFor();
    await firstRowIs(page, second);
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page);

    await page.reload();
    await page.getByText(`11–20 of ${all.total}`).waitFor();
    await firstRowIs(page, second);

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(`1–10 of ${all.total}`).waitFor();
    await page.goBack();
    await page.getByText(`11–20 of ${all.total}`).waitFor();
    await firstRowIs(page, second);

    // The page size is remembered for the next visit without it in the URL.
    await page.goto(portal.url('/coachportal/assessments'));
    await page.getByText(`1–10 of ${all.total}`).waitFor();
    expect(await page.getByRole('combobox', { name: 'Items per page' }).inputValue()).toBe('10');
  });
});
