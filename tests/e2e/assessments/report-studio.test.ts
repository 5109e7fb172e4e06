// The report studio route /coachportal/reports/{code} (spec assessments-and-clients §2.1): the specification names it
// and nothing it shows or calls, so a coach who opens it lands on the nearest real screen, the sample report of each
// report (Samples & Brochures), never on the guest report's "not valid" page; a report code (§3.8, or the published
// e, m, c, cp) is told from a guest id (a uuid), whose legacy link still opens the guest report. At desktop, with axe.
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures.ts';

test.use({ account: DEMO });

test('sends the coach from a report code to the sample reports', async ({ page }) => {
  for (const code of ['basic', 'imfCoG', 'extended', 'cp']) {
    await page.goto(`/coachportal/reports/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Samples & Brochures' })).toBeVisible();
    await expect(page).toHaveURL(/\/coachportal\/samples-and-brochures$/);
    await expect(page.getByText(/This report link is not valid/)).toHaveCount(0);
  }
  await expect(page.getByRole('listitem', { name: 'Combined+ Report', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

// The legacy guest link /reports/{uuid} is guest-report/view-each-report.test.ts's.
test('leaves any other /reports/{x} to the guest report: a code it does not know is a broken link', async ({ page }) => {
  await page.goto('/coachportal/reports/not-a-report');
  await expect(page.getByText(/This report link is not valid/)).toBeVisible();
  await expect(page).toHaveURL(/\/coachportal\/reports\/not-a-report$/);
});
