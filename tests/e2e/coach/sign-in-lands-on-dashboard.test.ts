// Smoke test of the stack: a coach session made through the BFF's API shows the coach area, and
// unknown coach paths go to the dashboard. At desktop, and once at phone width (the reduced greeting: CSS hides the
// surname, so the heading is read as shown), axe at both.
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures.ts';

// The demo coach's session is made through the BFF's API (POST /api/session), as this smoke test always did.
test.use({ account: DEMO });

test('shows the signed-in coach and sends unknown paths to the dashboard', async ({ page }) => {
  await page.goto('/coachportal/no-such-screen');
  await expect(page).toHaveURL(/\/coachportal\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('sends unknown paths to the dashboard, which greets the coach by first name', async ({ page }) => {
    await page.goto('/coachportal/no-such-screen');
    await expect(page).toHaveURL(/\/coachportal\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Amara', { useInnerText: true });
    await expectNoAxeViolations(page);
  });
});
