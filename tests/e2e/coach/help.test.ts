// The Help screen (spec coach-shell §2.11) for the demo coach: opened from the drawer, the sections and the dated
// What's New log, the contents links, the search narrowing the topics, and the support address in the drawer.
// The flow at desktop; at phone width the drawer behind Menu (its support address, its Help link) and the screen, axe.
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, test } from '../support/fixtures.ts';

test.use({ account: DEMO });

const SECTIONS = [
  'Introduction',
  'Project lifecycle',
  'Teams',
  'Credits',
  'Email templates',
  'Troubleshooting',
  'Keyboard shortcuts',
  'Deleting assessments',
  'Video tutorial',
  "What's New",
];

/** The drawer's support address, then its Help link (the drawer is open). */
async function openHelpFromDrawer(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Email support/ })).toHaveAttribute('href', /^mailto:.+@.+/);
  await nav.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
}

test("shows the sections and What's New, follows the contents, and narrows the topics to a search", async ({ page }) => {
  await openDashboard(page);
  await openHelpFromDrawer(page);
  for (const title of SECTIONS) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toHaveCount(1);
  }
  await expect(page.locator('#whats-new time').first()).toHaveAttribute('datetime', '2025-10-28');
  await expect(page.locator('#whats-new time').last()).toHaveAttribute('datetime', '2022-03-17');
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Help contents' }).getByRole('link', { name: 'Credits' }).click();
  await expect(page).toHaveURL(/#credits$/);

  await page.getByLabel('Search help').fill('Assign SCO');
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toHaveText(/^\d+ topics? match/);
  const titles = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(titles.filter({ hasText: /^Email templates$/ })).toHaveCount(0);
  await expect(titles.filter({ hasText: /^Credits$/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('opens Help from the drawer behind Menu, with the support address there', async ({ page }) => {
    await openDashboard(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await openHelpFromDrawer(page);
    await expect(page.getByRole('heading', { level: 2, name: "What's New", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
