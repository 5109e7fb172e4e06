// Two edges of the table's whole selection (spec assessments-and-clients §2.2, §4.3, §4.7): a select-all holding an
// assessment received from another coach, where Send Invites/Reminders says how many and whose and offers to go on
// without them; and a select-all answered after the coach searched for one client, where the table says the
// selection holds records the filter no longer shows. Nothing is sent: each flow ends with Cancel. Desktop (the
// gallery shows both at phone width); axe on each state.
import { csrfHeaders, DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, openAssessments } from './assessments-steps.ts';

test.use({ account: DEMO });

type Ids = { ids: string[]; filteredTotal: number };
type Summary = { received: number; receivedNames: string[]; total: number };

async function selectAll(page: Page, count: number): Promise<void> {
  await page.getByRole('checkbox', { name: 'Select all records' }).click();
  await expect(selectedStatus(page, count)).toBeVisible();
}

/** 'n selected' beside Uncheck All (the note of a selection outside the filter says 'n selected' too). */
const selectedStatus = (page: Page, count: number) => page.getByRole('status').filter({ hasText: new RegExp(`^${count} selected$`) });

test('Send Invites/Reminders on a select-all holding received assessments says how many and whose, and goes on without them', async ({
  page,
}) => {
  // A select-all of every record: the review reads them all.
  test.setTimeout(120_000);
  const all = await bff<Ids>(page, '/api/assessments/ids?view=own&filter=showAll');
  const received = await bff<Ids>(page, '/api/assessments/ids?view=own&filter=receivedScos');
  expect(received.filteredTotal).toBeGreaterThan(0);
  const summary = (await (
    await page.request.post('/api/assessments/selection-summaries', { data: { ids: all.ids, names: 10 }, headers: csrfHeaders() })
  ).json()) as Summary;
  expect(summary.received).toBe(received.filteredTotal);

  await openAssessments(page, '?filter=showAll&pageSize=10');
  await selectAll(page, all.filteredTotal);
  await page.getByRole('button', { name: 'Send Invites/Reminders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Invites/Reminders' });
  const n = summary.received;
  await expect(
    dialog.getByText(
      `${n.toLocaleString('en')} ${n === 1 ? 'assessment' : 'assessments'} of the ${all.filteredTotal.toLocaleString('en')} selected ${n === 1 ? 'was' : 'were'} given to you by another coach.`,
      { exact: false },
    ),
  ).toBeVisible();
  await expect(dialog.locator('dd').first()).toContainText(summary.receivedNames[0] ?? '');
  const own = all.filteredTotal - n;
  await expect(dialog.getByText(`${own.toLocaleString('en')} assessments are your own`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Go on without them' }).click();
  // The review of the coach's own ones: no received assessment left, nothing refused.
  await expect(dialog.getByText(/invites? to send$/)).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Failed' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a select-all answered after a search says the selection holds records the filter no longer shows; Select only these keeps the shown one', async ({
  page,
}) => {
  const list = await bff<AssessmentList>(page, '/api/assessments?filter=notInvitedYet&sort=info&order=asc&pageSize=10');
  const first = list.items[0];
  if (!first) throw new Error('the demo coach has no assessment not invited yet');
  await openAssessments(page, '?filter=notInvitedYet&sort=info&order=asc&pageSize=10');
  // The select-all's ids held (then let through as they are) until the search shows its records.
  let release = () => {};
  const searched = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/api/assessments/ids',
    async (route) => {
      await searched;
      await route.fallback();
    },
    { times: 1 },
  );
  await page.getByRole('checkbox', { name: 'Select all records' }).click();
  await expect(page.getByText('Selecting all...')).toBeVisible();
  // The client's address: one record (a name with a space matches no one field).
  const shown = await bff<Ids>(page, `/api/assessments/ids?view=own&filter=notInvitedYet&q=${encodeURIComponent(first.clientEmail)}`);
  expect(shown.filteredTotal).toBeGreaterThan(0);
  await page.getByRole('searchbox').fill(first.clientEmail);
  await expect(countText(page, `${shown.filteredTotal} of ${list.total} records`)).toBeVisible();
  release();
  const selected = list.filteredTotal;
  await expect(selectedStatus(page, selected)).toBeVisible();
  const outside = selected - shown.filteredTotal;
  const note = page.locator('.selection-outside');
  await expect(note).toContainText(
    `${outside.toLocaleString('en')} of the ${selected.toLocaleString('en')} selected assessments ${outside === 1 ? 'is' : 'are'} not shown by this filter.`,
  );
  await expectNoAxeViolations(page);

  await note.getByRole('button', { name: 'Select only these' }).click();
  await expect(selectedStatus(page, shown.filteredTotal)).toBeVisible();
  await expect(note).toHaveCount(0);
});
