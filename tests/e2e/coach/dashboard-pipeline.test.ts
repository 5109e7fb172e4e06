// The dashboard's pipeline panel (the insights capability "Pipeline on the dashboard") for the demo coach: a "needs a
// nudge" number followed into the assessments table narrowed to exactly its rows (as many as the panel said, which is
// what the BFF answers in the same test), and Send Invites/Reminders run on all of them with the spec's result text
// (assessments-and-clients §8). At phone width the panel read, the nudges first, axe on it.
import type { components } from '../../../generated/bff.ts';
import { pressAction } from '../assessments/assessments-steps.ts';
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, test } from '../support/fixtures.ts';

type PipelineInsights = components['schemas']['PipelineInsights'];

test.use({ account: DEMO });

const NUDGE = 'Invited, not started, added 7 or more days ago';

async function bffPipeline(page: Page): Promise<PipelineInsights> {
  const response = await page.request.get('/api/dashboard/pipeline?days=90&invitedDays=7&startedDays=14&completedDays=3');
  expect(response.status()).toBe(200);
  return (await response.json()) as PipelineInsights;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Pipeline' });

test('follows a "needs a nudge" number into the table on exactly its rows and sends them reminders', async ({ page }) => {
  test.setTimeout(120_000);
  await openDashboard(page);
  const nudge = panel(page).getByRole('link', { name: new RegExp(`^\\d+ ${NUDGE}: show in Assessments$`) });
  await expect(nudge).toBeVisible();
  const expected = (await bffPipeline(page)).nudges.find((group) => group.stage === 'nudgeInvited')?.count ?? 0;
  expect(expected).toBeGreaterThan(1);
  await expect(nudge).toHaveAccessibleName(`${expected} ${NUDGE}: show in Assessments`);

  await nudge.click();
  await expect(page).toHaveURL(/\/coachportal\/assessments\?stage=nudgeInvited&days=90&olderThan=7$/);
  await expect(page.getByText(`${NUDGE} · added in the last 90 days`)).toBeVisible();
  await expect(page.locator('.data-table__count')).toHaveText(new RegExp(`^Filtered ${expected} of \\d+ records$`));

  await page.getByRole('checkbox', { name: 'Select all records' }).click();
  await expect(page.getByText(`${expected} selected`, { exact: true })).toBeVisible();
  await pressAction(page, 'Send Invites/Reminders');
  const dialog = page.getByRole('dialog', { name: 'Send Invites/Reminders' });
  await expect(dialog.getByText(`${expected} reminders to send (invited before)`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('alertdialog').getByText(`${expected} of ${expected} invite emails sent successfully.`)).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('reads the panel with the nudges first, each number a link', async ({ page }) => {
    await openDashboard(page);
    await expect(panel(page).getByRole('heading', { name: 'Needs a nudge' })).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Funnel' })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: new RegExp(`^\\d+ ${NUDGE}: show in Assessments$`) })).toBeVisible();
    // What to do now comes first, under the thumb.
    await expect(panel(page).locator('.pipeline-panel__nudges')).toHaveCSS('order', '-1');
    await expectNoAxeViolations(page);
  });
});
