// Send Invites/Reminders on the table's whole selection (spec assessments-and-clients §2.2: the select-all checkbox
// selects every filtered record, not only the page; §4.3, §8): a coach with 3,000 assessments (the sandbox's first
// soak account) selects all of them across pages; the review names the first clients of each group and counts the
// rest; the invites run as a job on the BFF and end with "n of n invite emails sent successfully.". Desktop only:
// the flow is the same at phone width, whose dialogs sending.test.ts checks.
import type { components } from '../../../generated/bff.ts';
import { csrfHeaders, expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { bff, openAssessments } from './assessments-steps.ts';

type Summary = components['schemas']['AssessmentSelectionSummary'];

// sandbox/seed/soak.ts: the first soak account has 3,000 assessments; the demo password.
const BULK = 'soak-0001@coachportal.test';
// The names the review gives of each group (the web's REVIEW_NAMES).
const NAMES = 10;
test.use({ account: BULK });

test('selects every record across pages and sends the invites and reminders as a job, ending with n of n', async ({ page }) => {
  test.setTimeout(120_000);
  const { ids, filteredTotal } = await bff<{ ids: string[]; filteredTotal: number }>(page, '/api/assessments/ids?filter=showAll');
  expect(filteredTotal).toBeGreaterThan(500);
  // What the review must show, as the BFF summarises the whole selection.
  const summary = (await (
    await page.request.post('/api/assessments/selection-summaries', { data: { ids, names: NAMES }, headers: csrfHeaders() })
  ).json()) as Summary;
  const toSend = summary.invites.count + summary.reminders.count;
  expect(toSend).toBeGreaterThan(500);

  await openAssessments(page, '?filter=showAll');
  await page.getByRole('checkbox', { name: 'Select all records' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${filteredTotal} selected` })).toBeVisible();

  await page.getByRole('button', { name: 'Send Invites/Reminders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Invites/Reminders' });
  const group = (title: string) => dialog.locator('dt', { hasText: title }).locator('xpath=following-sibling::dd');
  const more = (count: number) => `and ${(count - NAMES).toLocaleString('en')} more`;
  await expect(group(`${summary.invites.count.toLocaleString('en')} invites to send`)).toHaveText(
    `${summary.invites.names.join(', ')} ${more(summary.invites.count)}`,
  );
  await expect(group(`${summary.complete.count.toLocaleString('en')} assessments skipped as complete`)).toHaveText(
    `${summary.complete.names.join(', ')} ${more(summary.complete.count)}`,
  );
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Send' }).click();
  const result = page.getByRole('alertdialog', { name: 'Success' });
  await expect(result.getByText(`${toSend} of ${toSend} invite emails sent successfully.`)).toBeVisible({ timeout: 90_000 });
  await expectNoAxeViolations(page);

  // Every one of them is invited now: the "Not invited yet" filter keeps none.
  const left = await bff<{ filteredTotal: number }>(page, '/api/assessments/ids?filter=notInvitedYet');
  expect(left.filteredTotal).toBe(0);
});
