// The tables fit the screen (coach-shell §2.2's shared table, docs/decisions/013): at 1366 × 768 with the drawer open
// the spec's desktop columns of Assessments, SCO Given, Pairs and Teams are all on screen with nothing scrolling
// sideways, rows are one line where the record is one line, a cut text is whole on hover (its title) and on focus,
// numbers are right-aligned; a team's member rows are one line; on a 375 px phone every toolbar action is in view or
// in a menu that is; each toolbar has one filled primary action.
import { expect, type Locator, type Page, test } from '../support/fixtures.ts';
import { createTeam } from './teams-steps.ts';

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 375, height: 812 };

/** The data rows of the page's table, the header row left out. */
const dataRows = (page: Page) =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });

/** How far a box's content reaches past its width (0 when nothing scrolls sideways). */
const overflowX = (locator: Locator) => locator.evaluate((element) => element.scrollWidth - element.clientWidth);

/** The table's scroll box: nothing in it reaches past its right edge. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect(page.getByRole('grid')).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => overflowX(page.locator('.data-table__scroll'))).toBeLessThanOrEqual(0);
  await expect.poll(() => overflowX(page.locator('html'))).toBeLessThanOrEqual(0);
}

/** The rendered height of an element, in px. */
const heightOf = (locator: Locator) => locator.evaluate((element) => Math.round(element.getBoundingClientRect().height));

test.describe('at 1366 × 768 with the drawer open', () => {
  test.use({ account: 'demo@coachportal.test', viewport: DESKTOP });

  for (const { screen, path, headers } of [
    {
      screen: 'Assessments',
      path: '/coachportal/assessments',
      headers: [
        'Info',
        'Company',
        'Project',
        'Ennea Results',
        'Maturity Results',
        'Assessment',
        'Lang',
        'Created',
        'Registered',
        'Completed',
      ],
    },
    { screen: 'SCO Given', path: '/coachportal/sco-given', headers: ['Info', 'Assessment', 'Completed', 'To Coach'] },
    {
      screen: 'Pairs',
      path: '/coachportal/pairs',
      headers: ['Info', 'Type', 'Report', 'Company', 'Enneagram Results', 'Maturity Results', 'Updated'],
    },
  ]) {
    test(`shows every default column of ${screen} with nothing scrolling sideways`, async ({ page }) => {
      await page.goto(path);
      // The route's code and the first answer, on a machine that may be busy.
      await expect(dataRows(page).first()).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page);
      for (const name of headers) {
        await expect(page.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeInViewport({ ratio: 1 });
      }
    });
  }

  test('Teams: a 250-character name is cut on one line, whole on hover and on focus; the member count is narrow and right-aligned', async ({
    page,
  }) => {
    const name = `${'N'.repeat(242)}${crypto.randomUUID().slice(0, 8)}`;
    await createTeam(page, name);
    await page.goto(`/coachportal/teams?q=${name.slice(-8)}`);
    // The search leaves this team's row alone.
    const row = dataRows(page);
    await expect(row).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole('columnheader', { name: /^Report$/ })).toBeInViewport({ ratio: 1 });

    const cell = row.getByRole('rowheader');
    await expect(cell.getByTitle(name)).toHaveText(name);
    await expect.poll(() => heightOf(row)).toBeLessThan(48);
    // Focused (the grid's arrows, or a click), the cell shows the whole name on as many lines as it takes.
    await cell.focus();
    await expect
      .poll(() => cell.getByTitle(name).evaluate((text) => text.scrollHeight <= text.clientHeight && text.clientHeight > 48))
      .toBe(true);

    const members = page.getByRole('columnheader', { name: /^Number of Members/ });
    await expect(members).toHaveCSS('text-align', 'right');
    await expect(row.getByRole('gridcell').nth(4)).toHaveCSS('text-align', 'right');
    await expect.poll(() => members.evaluate((header) => header.getBoundingClientRect().width)).toBeLessThan(110);
  });

  test("a team's member rows are one line, their actions shown only where the team can change", async ({ page }) => {
    const team = await createTeam(page, `E2E dense members ${crypto.randomUUID().slice(0, 8)}`, 3);
    await page.goto(`/coachportal/team?id=${encodeURIComponent(team.id)}`);
    const table = page.getByRole('table');
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(3);
    for (const index of [0, 1, 2]) await expect.poll(() => heightOf(rows.nth(index))).toBeLessThan(48);
    await expect.poll(() => overflowX(page.locator('html'))).toBeLessThanOrEqual(0);
  });

  test('each toolbar has one filled primary action; the others are drawn quieter', async ({ page }) => {
    const toolbar = page.getByRole('group', { name: 'Actions' });
    const fill = (name: string) =>
      toolbar.getByRole('button', { name, exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor);
    /** Whether `primary` is filled (not the page's white) and each of `others` is not filled like it. */
    const hierarchy = async (primary: string, others: string[]) => {
      const filled = await fill(primary);
      const rest = await Promise.all(others.map(fill));
      return filled !== 'rgb(255, 255, 255)' && rest.every((other) => other !== filled);
    };

    await page.goto('/coachportal/teams');
    await expect(dataRows(page).first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => hierarchy('Add Team', ['View Team', 'Edit', 'More'])).toBe(true);

    await page.goto('/coachportal/assessments');
    await expect(dataRows(page).first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => hierarchy('Add', ['More', 'Send Reports', 'Download Reports', 'Edit'])).toBe(true);
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ account: 'demo@coachportal.test', viewport: PHONE, layout: 'phone' });

  test("every action of the assessments toolbar is in view or in the toolbar's menus", async ({ page }) => {
    await page.goto('/coachportal/assessments');
    await expect(dataRows(page).first()).toBeVisible({ timeout: 30_000 });
    const toolbar = page.getByRole('group', { name: 'Actions' });
    for (const name of ['Add', 'More']) await expect(toolbar.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    // Nothing of the toolbar lies past the screen's edge.
    await expect.poll(() => overflowX(toolbar)).toBeLessThanOrEqual(0);

    // The actions for the selection are in the More menu, with the rest of it.
    await toolbar.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    for (const name of [
      'Copy Assessment Link',
      'Send Invites/Reminders',
      'Send Reports',
      'Download Reports',
      'View Details',
      'Edit',
      'Delete',
    ]) {
      await expect(menu.getByRole('menuitem', { name, exact: true })).toBeVisible();
    }
  });
});
