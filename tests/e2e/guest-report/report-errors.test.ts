// The guest report's error paths (spec public-and-guest §8 "Guest report": a server error is shown in
// an alert): an unknown guest, a report the assessment does not have, and a broken link.
// The paths at desktop; the error alert once at phone width, axe at each.
import { expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

let guests: Record<ReportCode, string>;
test.beforeAll(async ({ stack: _stack }) => {
  guests = await seededGuests();
});

const UNKNOWN_GUEST = 'a55e55e0-0000-4000-8000-0000000000ff';
const NO_RESULTS = 'No results were found for this report link.';

test('shows the server’s error for an unknown guest in an alert', async ({ page }) => {
  await page.goto(`/coachportal/reports/e/${UNKNOWN_GUEST}`);
  await expect(page.getByRole('alert').getByText(NO_RESULTS)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('shows the server’s error for a report the assessment does not have', async ({ page }) => {
  await page.goto(`/coachportal/reports/e/${guests.m}`);
  await expect(page.getByRole('alert').getByText('There is no Enneagram result for this assessment.')).toBeVisible();
  await page.goto(`/coachportal/reports/m/${guests.m}?language=hungarian`);
  await expect(page.getByRole('alert').getByText('This report is available in English only.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('refuses a broken link', async ({ page }) => {
  await page.goto('/coachportal/reports/x/not-a-guest-id');
  await expect(page.getByRole('alert').getByText('This report link is not valid.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the error alert fits a phone', async ({ page }) => {
    await page.goto(`/coachportal/reports/e/${UNKNOWN_GUEST}`);
    await expect(page.getByRole('alert').getByText(NO_RESULTS)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
