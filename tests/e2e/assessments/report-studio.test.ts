// The report studio /coachportal/reports/{code} (spec assessments-and-clients §2.1, §3.8, §4.5): for one report, what
// it is, its sample, and the demo coach's assessments that offer it on the assessments table; a viewer's code (e, m,
// c, cp) opens its report's studio; a code it does not know is the guest report's broken link. At desktop, with axe.
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText } from './assessments-steps.ts';

test.use({ account: DEMO });

test("shows the Maturity Report, its sample and the coach's assessments that offer it", async ({ page }) => {
  const offering = await bff<AssessmentList>(page, '/api/assessments?report=imf');
  const all = await bff<AssessmentList>(page, '/api/assessments');
  expect(offering.total).toBeGreaterThan(0);
  expect(offering.total).toBeLessThan(all.total);
  await page.goto('/coachportal/reports/m');
  await expect(page).toHaveURL(/\/coachportal\/reports\/imf$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maturity Report' })).toBeVisible();
  // Ten rows a page: axe's analysis of fifty takes long on a loaded machine.
  await page.goto('/coachportal/reports/imf?pageSize=10');
  await expect(page.getByRole('region', { name: 'About this report' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Sample report' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Maturity Report sample, PDF/ })).toBeVisible();
  await expect(countText(page, `${offering.total} records`)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Assessments offering the Maturity Report' })).toBeVisible();
  await expectNoAxeViolations(page);
});

// The legacy guest link /reports/{uuid} is guest-report/view-each-report.test.ts's.
test('leaves any other /reports/{x} to the guest report: a code it does not know is a broken link', async ({ page }) => {
  await page.goto('/coachportal/reports/not-a-report');
  await expect(page.getByText(/This report link is not valid/)).toBeVisible();
  await expect(page).toHaveURL(/\/coachportal\/reports\/not-a-report$/);
});
