// The mini-guest variant (spec public-and-guest §2 "Variants"): a mini-assessment guest's Enneagram
// report has a language switcher (English, Slovak, Hungarian) that asks for the report again.
// The flows at desktop (the sections as tabs); at phone width the sections behind the 'Sections' menu
// button and the switcher's list, axe on each.
import { expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { newMiniGuest } from './seeded-guests.ts';

// The mini report's own 4 sections, and nothing else.
const MINI_SECTIONS = ['Introduction', 'Your Style', 'Growth', 'Next Steps'];
const LANGUAGES = ['English', 'Slovak', 'Hungarian'];

test('switches the report language', async ({ page }) => {
  const guestId = await newMiniGuest(page.request);
  await page.goto(`/coachportal/reports/e/${guestId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Enneagram report' })).toBeVisible();
  const switcher = page.getByRole('button', { name: /Report language/ });
  await expect(switcher).toContainText('English');
  await expect(page.getByRole('tablist', { name: 'Report sections' }).getByRole('tab')).toHaveText(MINI_SECTIONS);
  await expectNoAxeViolations(page);

  await switcher.click();
  await expect(page.getByRole('option')).toHaveText(LANGUAGES);
  await expectNoAxeViolations(page);
  const reloaded = page.waitForResponse((response) => response.url().includes(`/api/public/reports/e/${guestId}?language=slovak`));
  await page.getByRole('option', { name: 'Slovak' }).click();
  expect((await reloaded).status()).toBe(200);
  await expect(page).toHaveURL((url) => url.searchParams.get('language') === 'slovak');
  await expect(switcher).toContainText('Slovak');
  await expect(page.getByRole('heading', { level: 2, name: 'Introduction' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('has no switcher on a report that is not a mini guest’s', async ({ page }) => {
  const guestId = await newMiniGuest(page.request);
  // A mini guest's report in a language other than the three answers the sandbox's error.
  await page.goto(`/coachportal/reports/e/${guestId}?language=italian`);
  await expect(page.getByRole('alert').getByText('The mini-assessment report is not available in italian.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Report language/ })).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('lists the mini report’s sections behind the Sections button, and the switcher’s languages', async ({ page }) => {
    const guestId = await newMiniGuest(page.request);
    await page.goto(`/coachportal/reports/e/${guestId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Enneagram report' })).toBeVisible();
    await page.getByRole('button', { name: 'Sections', exact: true }).click();
    await expect(page.getByRole('menuitemradio')).toHaveText(MINI_SECTIONS);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /Report language/ }).click();
    await expect(page.getByRole('option')).toHaveText(LANGUAGES);
    await expectNoAxeViolations(page);
  });
});
