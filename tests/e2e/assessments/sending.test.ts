// Send Invites/Reminders and Send Reports on the assessments toolbar (spec assessments-and-clients §2.3, §2.4, §4.3,
// §4.5, §5 "Sending and downloading reports", §8): the pre-invite review (invite, reminder, skipped as complete),
// 'There's nothing to be done…', the report picker and 'Please select a report', Preview, the own e-mail client only
// for one assessment, the result from the BFF's batch with a failure by name (the sandbox's failing-item switch).
// The flows at desktop; at phone width each dialog opened once (the review and its preview, the note, the report
// picker, its preview and the success alert); axe on every dialog.
import { DEMO, expect, expectNoAxeViolations, type Locator, type Page, setFaults, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, pressAction, tickRow } from './assessments-steps.ts';

type Row = AssessmentList['items'][number];

test.use({ account: DEMO });

// The first page by name: the tests pick their assessments from the rows on screen.
const ALL = 'sort=info&order=asc&pageSize=50';
const nameOf = (row: Row) => `${row.clientName} ${row.clientSurname}`;
const OWN_EMAIL = /From your email address/;
const ONE_ONLY = "Can't send from your email address because more than one assessment has been selected.";
// The BFF's per-item text (spec §8 "{name} send failed with {error}"); the error is what the BFF makes of the fault.
const faultOf = (row: Row) => new RegExp(`^${nameOf(row)} send failed with .+`);

async function openAll(page: Page, list: AssessmentList): Promise<void> {
  await page.goto(`/coachportal/assessments?${ALL}`);
  await expect(countText(page, `${list.total} records`)).toBeVisible();
}
async function tick(page: Page, list: AssessmentList, ...rows: Row[]): Promise<void> {
  for (const row of rows)
    await tickRow(
      page,
      list.items.findIndex((item) => item.id === row.id),
    );
  await expect(page.getByText(`${rows.length} selected`, { exact: true })).toBeVisible();
}

/** An own assessment to invite, one to remind and one complete (skipped), from the first page by name. */
async function inviteRows(page: Page): Promise<{ list: AssessmentList; invite: Row; reminder: Row; complete: Row }> {
  const list = await bff<AssessmentList>(page, `/api/assessments?${ALL}`);
  const own = list.items.filter((item) => !item.receivedFromAnotherCoach);
  const invite = own.find((item) => item.permissions.canInvite && item.inviteState === 'notInvited');
  const reminder = own.find((item) => item.permissions.canInvite && item.inviteState !== 'notInvited');
  const complete = own.find((item) => !item.permissions.canInvite);
  if (!invite || !reminder || !complete) throw new Error('no assessments to invite, remind and skip');
  return { list, invite, reminder, complete };
}

/** The review of the invites to send, and the Preview of one (back to the review). */
async function reviewInvites(page: Page, rows: { invite: Row; reminder: Row; complete: Row }) {
  const { invite, reminder, complete } = rows;
  await pressAction(page, 'Send Invites/Reminders');
  const dialog = page.getByRole('dialog', { name: 'Send Invites/Reminders' });
  const group = (title: string) => dialog.locator('dt', { hasText: title }).locator('xpath=following-sibling::dd');
  await expect(group('1 invite to send')).toHaveText(nameOf(invite));
  await expect(group('1 reminder to send (invited before)')).toHaveText(nameOf(reminder));
  await expect(group('1 assessment skipped as complete')).toHaveText(nameOf(complete));
  await expect(dialog.getByText(ONE_ONLY)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: OWN_EMAIL })).toBeDisabled();
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByText('One of the 2 emails, as the invite will be sent:')).toBeVisible();
  await expect(preview.locator('dd', { hasText: invite.clientEmail })).toBeVisible();
  await expect(preview.locator('.send-email__preview-body')).toContainText('register/token?userToken=');
  await expectNoAxeViolations(page);
  await preview.getByRole('button', { name: 'Back' }).click();
  await expect(preview).toBeHidden();
  return dialog;
}

/** Send Reports for one assessment: 'Please select a report', the Enneagram Coach Overview from the own e-mail client, its Preview. */
async function pickOwnReport(page: Page, row: Row) {
  await pressAction(page, 'Send Reports');
  const dialog = page.getByRole('dialog', { name: 'Send Reports' });
  await expect(dialog.getByRole('group', { name: 'Reports to send' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Please select a report')).toBeVisible();
  await dialog.getByText('Enneagram Coach Overview').click();
  await dialog.getByText(OWN_EMAIL).click();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByText('The email, as the reports will be sent:')).toBeVisible();
  await expect(preview.locator('dd', { hasText: row.clientEmail })).toBeVisible();
  await expectNoAxeViolations(page);
  await preview.getByRole('button', { name: 'Back' }).click();
  await expect(preview).toBeHidden();
  return dialog;
}

/** Sent from the own e-mail client: the Success alert with the draft's mailto link; closed. */
async function sentAsDraft(page: Page, dialog: Locator, row: Row): Promise<void> {
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('1 of 1 report emails sent successfully.')).toBeVisible();
  const draft = done.getByRole('link', { name: `Open the email to ${nameOf(row)} in your email client` });
  await expect(draft).toHaveAttribute('href', new RegExp(`^mailto:${row.clientEmail.replace(/[.+]/g, '\\$&')}\\?subject=`));
  await expectNoAxeViolations(page);
  await done.getByRole('button', { name: 'OK' }).click();
}

/** Two assessments offering the Enneagram Coach Overview, from the first page by name. */
async function reportRows(page: Page): Promise<{ list: AssessmentList; first: Row; second: Row }> {
  const list = await bff<AssessmentList>(page, `/api/assessments?${ALL}`);
  const [first, second] = list.items.filter(
    (item) => !item.receivedFromAnotherCoach && item.availableReports.pdf.includes('enneaOverview'),
  );
  if (!first || !second) throw new Error('no two assessments offering the Enneagram Coach Overview');
  return { list, first, second };
}

test('reviews the invites, previews one, and sends them: a failing one is named', async ({ page }) => {
  test.setTimeout(120_000);
  const rows = await inviteRows(page);
  const { list, invite, reminder, complete } = rows;

  await openAll(page, list);
  await tick(page, list, invite, reminder, complete);
  const dialog = await reviewInvites(page, rows);

  await setFaults({ failingItems: [reminder.id] });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const result = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(result.getByText('1 of 2 invite emails sent successfully.')).toBeVisible();
  await expect(result.getByText(faultOf(reminder))).toBeVisible();
  await expectNoAxeViolations(page);
  await result.getByRole('button', { name: 'OK' }).click();
  await setFaults({});
  const after = await bff<AssessmentList>(page, `/api/assessments?${ALL}`);
  expect(after.items.find((item) => item.id === invite.id)?.inviteState).toBe('invited');
});

test("says there's nothing to be done when every selected assessment is complete", async ({ page }) => {
  const list = await bff<AssessmentList>(page, `/api/assessments?${ALL}`);
  const complete = list.items.filter((item) => !item.permissions.canInvite).slice(0, 2);
  if (complete.length < 2) throw new Error('no two complete assessments');
  await openAll(page, list);
  await tick(page, list, ...complete);
  await pressAction(page, 'Send Invites/Reminders');
  const note = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(note.getByText("There's nothing to be done - there are no invites to be sent.")).toBeVisible();
  await expectNoAxeViolations(page);
});

test('sends a chosen report: one as a draft for the own e-mail client, two from the provider with one failing', async ({ page }) => {
  test.setTimeout(120_000);
  const { list, first, second } = await reportRows(page);

  await openAll(page, list);
  await tick(page, list, first);
  const dialog = await pickOwnReport(page, first);
  await sentAsDraft(page, dialog, first);

  await openAll(page, list);
  await tick(page, list, first, second);
  await pressAction(page, 'Send Reports');
  await expect(dialog.getByText(ONE_ONLY)).toBeVisible();
  await expect(dialog.getByRole('radio', { name: OWN_EMAIL })).toBeDisabled();
  await dialog.getByText('Enneagram Coach Overview').click();
  await setFaults({ failingItems: [second.id] });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const result = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(result.getByText('1 of 2 report emails sent successfully.')).toBeVisible();
  await expect(result.getByText(faultOf(second))).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test("the review of the invites, its preview and 'nothing to be done' fit a phone", async ({ page }) => {
    const rows = await inviteRows(page);
    const { list, invite, reminder, complete } = rows;
    await openAll(page, list);
    await tick(page, list, invite, reminder, complete);
    await reviewInvites(page, rows);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Send Invites/Reminders' })).toBeHidden();

    const done = list.items.filter((item) => !item.permissions.canInvite).slice(0, 2);
    await openAll(page, list);
    await tick(page, list, ...done);
    await pressAction(page, 'Send Invites/Reminders');
    const note = page.getByRole('alertdialog', { name: 'Please Note' });
    await expect(note.getByText("There's nothing to be done - there are no invites to be sent.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the report picker, its preview and the success alert fit a phone', async ({ page }) => {
    const { list, first } = await reportRows(page);
    await openAll(page, list);
    await tick(page, list, first);
    const dialog = await pickOwnReport(page, first);
    await sentAsDraft(page, dialog, first);
  });
});
