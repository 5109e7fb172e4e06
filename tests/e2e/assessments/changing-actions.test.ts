// The assessments toolbar's actions that change data (spec assessments-and-clients §2.3, §4.4, §4.7, §5, §8): Delete
// after 'Are you sure you wish to remove?' (a registered client's assessment refused by name), Wrap / Unwrap, Assign
// SCO (the e-mail check, Proceed disabled while invalid) and Revoke SCO from the SCO Given view, Edit of two
// assessments' project (a completed one's name locked) and of one's reports sent automatically. Each result is the BFF's batch result; the BFF's lists are
// read back. The flows at desktop, axe on every dialog; at phone width the More menu leaves Wrap / Unwrap out (desktop
// only, spec §2.3), and the screens and the dialogs (Delete's question and its refusal, Assign SCO, Edit, Revoke's
// question on SCO Given) are opened once with axe, without changing data.
import { DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, firstRowIs, tickRow } from './assessments-steps.ts';

test.use({ account: DEMO });

/** The assessments page at `query`, its record count and first row as the BFF's `list`. */
async function openAt(page: Page, query: string, list: AssessmentList): Promise<void> {
  await page.goto(`/coachportal/assessments?${query}`);
  await expect(
    countText(page, list.filteredTotal === list.total ? `${list.total} records` : `${list.filteredTotal} of ${list.total} records`),
  ).toBeVisible();
  await firstRowIs(page, list);
}
async function more(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
const indexOf = (list: AssessmentList, id: string) => list.items.findIndex((item) => item.id === id);

const NOT_INVITED = 'filter=notInvitedYet&sort=info&order=asc&pageSize=10';
const STARTED = 'filter=startedIncomplete&sort=info&order=asc&pageSize=10';

/** A registered client's own assessment (the BFF refuses to delete it) and the list it is on. */
async function registeredAssessment(page: Page) {
  const started = await bff<AssessmentList>(page, `/api/assessments?${STARTED}`);
  const registered = started.items.find((item) => !item.receivedFromAnotherCoach);
  if (!registered) throw new Error('no registered assessment');
  return { started, registered };
}

test('deletes an assessment not yet registered after the confirmation, and names one that cannot be', async ({ page }) => {
  const list = await bff<AssessmentList>(page, `/api/assessments?${NOT_INVITED}`);
  const target = list.items.find((item) => item.permissions.canDelete);
  if (!target) throw new Error('no deletable assessment');
  await openAt(page, NOT_INVITED, list);
  await tickRow(page, indexOf(list, target.id));
  await more(page, 'Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Warning' });
  await expect(confirm).toContainText('Are you sure you wish to remove?');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('1 of 1 removed.')).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  const after = await bff<AssessmentList>(page, '/api/assessments?filter=notInvitedYet&pageSize=500');
  expect(after.items.some((item) => item.id === target.id)).toBe(false);

  // A registered client's assessment: the BFF refuses it by name.
  const { started, registered } = await registeredAssessment(page);
  await openAt(page, STARTED, started);
  await tickRow(page, indexOf(started, registered.id));
  await more(page, 'Delete');
  await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Remove' }).click();
  const failed = page.getByRole('alertdialog', { name: 'Failed' });
  await expect(failed.getByText('0 of 1 removed.')).toBeVisible();
  await expect(
    failed.getByText(`${registered.clientName} ${registered.clientSurname} has already registered and cannot be deleted.`),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('wraps up an assessment and unwraps it again (desktop only, spec §2.3)', async ({ page }) => {
  const query = 'filter=unwrapped&sort=info&order=asc&pageSize=10';
  const list = await bff<AssessmentList>(page, `/api/assessments?${query}`);
  const target = list.items.find((item) => item.permissions.canWrap);
  if (!target) throw new Error('no assessment to wrap up');
  await openAt(page, query, list);
  await tickRow(page, indexOf(list, target.id));
  await more(page, 'Wrap / Unwrap');
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('1 of 1 wrapped up.')).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  const wrapped = await bff<AssessmentList>(page, '/api/assessments?filter=wrapped&sort=info&order=asc&pageSize=500');
  expect(wrapped.items.some((item) => item.id === target.id)).toBe(true);

  await openAt(page, 'filter=wrapped&sort=info&order=asc&pageSize=500', wrapped);
  await tickRow(page, indexOf(wrapped, target.id));
  await more(page, 'Wrap / Unwrap');
  await expect(page.getByRole('alertdialog', { name: 'Success' }).getByText('1 of 1 unwrapped.')).toBeVisible();
});

test('gives an assessment to another coach, then revokes it from SCO Given', async ({ page }) => {
  const query = 'sort=info&order=asc&pageSize=10';
  const list = await bff<AssessmentList>(page, `/api/assessments?${query}`);
  const target = list.items.find((item) => item.permissions.canAssignSco && item.toCoaches.length === 0);
  if (!target) throw new Error('no assessment to give');
  await openAt(page, query, list);
  await tickRow(page, indexOf(list, target.id));
  await more(page, 'Assign SCO');
  const dialog = page.getByRole('dialog', { name: 'Assign Secondary Coach Ownership' });
  const email = dialog.getByLabel("Coach's e-mail address");
  const proceed = dialog.getByRole('button', { name: 'Proceed' });
  await email.fill('not-an-address');
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(proceed).toBeDisabled();
  await expectNoAxeViolations(page);
  await email.fill('nobody@example.test');
  await proceed.click();
  await expect(dialog.getByText(/^That email address is not associated with a coach registered on the .+ system$/)).toBeVisible();
  await email.fill('peer@coachportal.test');
  await proceed.click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('1 assessment given to peer@coachportal.test.')).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();

  const givenQuery = 'pageSize=500&sort=info&order=asc';
  const given = await bff<AssessmentList>(page, `/api/assessments?view=given&${givenQuery}`);
  expect(given.items.some((item) => item.id === target.id)).toBe(true);
  await page.goto(`/coachportal/sco-given?${givenQuery}`);
  await expect(countText(page, `${given.total} records`)).toBeVisible();
  await firstRowIs(page, given);
  await tickRow(page, indexOf(given, target.id));
  await page.getByRole('button', { name: 'Revoke SCO' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Warning' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  const revoked = page.getByRole('alertdialog', { name: 'Success' });
  await expect(revoked.getByText('1 of 1 revoked.')).toBeVisible();
  await expectNoAxeViolations(page);
  const after = await bff<AssessmentList>(page, '/api/assessments?view=given&pageSize=500');
  expect(after.items.some((item) => item.id === target.id)).toBe(false);
  // The SCO Given table follows: one record fewer.
  await revoked.getByRole('button', { name: 'OK' }).click();
  await expect(countText(page, `${after.total} records`)).toBeVisible();
});

test("edits two assessments' project, prefilling only what they agree on, and locks a completed one's name", async ({ page }) => {
  const list = await bff<AssessmentList>(page, `/api/assessments?${NOT_INVITED}`);
  const [a, b] = list.items.filter((item) => item.permissions.canEdit);
  if (!a || !b) throw new Error('no two editable assessments');
  await openAt(page, NOT_INVITED, list);
  await tickRow(page, indexOf(list, a.id));
  await tickRow(page, indexOf(list, b.id));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit' });
  // Two clients: their names differ, so the fields start empty.
  await expect(dialog.getByLabel('Surname')).toHaveValue(a.clientSurname === b.clientSurname ? a.clientSurname : '');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('E-mail').fill('not-an-address');
  await save.click();
  await expect(dialog.getByText('Please provide a valid email address.')).toBeVisible();
  await dialog.getByLabel('E-mail').fill('');
  const project = `Edited desktop ${Date.now()}`;
  await dialog.getByLabel('Project').fill(project);
  await expectNoAxeViolations(page);
  await save.click();
  await expect(page.getByRole('alertdialog', { name: 'Success' }).getByText('2 of 2 updated.')).toBeVisible();
  const after = await bff<AssessmentList>(page, `/api/assessments?q=${encodeURIComponent(project)}&pageSize=500`);
  expect(after.items.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());

  // The reports sent automatically on completion (spec §7 reportsToAutoSend): one of the first's type toggled, read back.
  const code = a.assessmentType === 'EIT' ? 'imf' : 'basic';
  const wanted = a.reportsToAutoSend.includes(code)
    ? a.reportsToAutoSend.filter((report) => report !== code)
    : [...a.reportsToAutoSend, code];
  await openAt(page, NOT_INVITED, list);
  await tickRow(page, indexOf(list, a.id));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const reports = page.getByRole('dialog', { name: 'Edit' }).getByRole('group', { name: 'Reports to send automatically on completion' });
  await reports.getByText(code === 'imf' ? 'Maturity Report' : 'Enneagram Report', { exact: true }).click();
  await page.getByRole('dialog', { name: 'Edit' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Success' }).getByText('1 of 1 updated.')).toBeVisible();
  await expect
    .poll(async () => {
      const edited = await bff<AssessmentList>(page, `/api/assessments?q=${encodeURIComponent(project)}&pageSize=500`);
      return [...(edited.items.find((item) => item.id === a.id)?.reportsToAutoSend ?? [])].sort();
    })
    .toEqual([...wanted].sort());

  const completedQuery = 'filter=completeSendReport&sort=info&order=asc&pageSize=10';
  const done = await bff<AssessmentList>(page, `/api/assessments?${completedQuery}`);
  const completed = done.items.find((item) => item.permissions.canEdit);
  if (!completed) throw new Error('no completed own assessment');
  await openAt(page, completedQuery, done);
  await tickRow(page, indexOf(done, completed.id));
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const locked = page.getByRole('dialog', { name: 'Edit' });
  await expect(locked.getByLabel('Name', { exact: true })).toBeDisabled();
  await expect(locked.getByLabel('Project')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(locked).toBeHidden();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the More menu leaves Wrap / Unwrap out; Delete’s question and refusal, Assign SCO and Edit fit a phone', async ({ page }) => {
    // A registered client's assessment: Delete asks, then the BFF refuses it (nothing changes).
    const { started, registered } = await registeredAssessment(page);
    await openAt(page, STARTED, started);
    await expectNoAxeViolations(page);
    await tickRow(page, indexOf(started, registered.id));
    await page.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Wrap / Unwrap' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(confirm).toContainText('Are you sure you wish to remove?');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    const failed = page.getByRole('alertdialog', { name: 'Failed' });
    await expect(failed.getByText('0 of 1 removed.')).toBeVisible();
    await expectNoAxeViolations(page);
    await failed.getByRole('button', { name: 'OK' }).click();
    await expect(failed).toBeHidden();

    // Assign SCO and Edit on an assessment not yet invited, each closed without a change.
    const list = await bff<AssessmentList>(page, `/api/assessments?${NOT_INVITED}`);
    const target = list.items.find((item) => item.permissions.canAssignSco && item.permissions.canEdit);
    if (!target) throw new Error('no assessment to give or edit');
    await openAt(page, NOT_INVITED, list);
    await tickRow(page, indexOf(list, target.id));
    await more(page, 'Assign SCO');
    const assign = page.getByRole('dialog', { name: 'Assign Secondary Coach Ownership' });
    await assign.getByLabel("Coach's e-mail address").fill('not-an-address');
    await expect(assign.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(assign.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(assign).toBeHidden();
    // A phone keeps the frequent actions at the head of the More menu.
    await more(page, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit' });
    await expect(edit.getByLabel('Surname')).toHaveValue(target.clientSurname);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  });

  test('SCO Given and Revoke’s question fit a phone', async ({ page }) => {
    const givenQuery = 'pageSize=10&sort=info&order=asc';
    const given = await bff<AssessmentList>(page, `/api/assessments?view=given&${givenQuery}`);
    await page.goto(`/coachportal/sco-given?${givenQuery}`);
    await expect(countText(page, `${given.total} records`)).toBeVisible();
    await firstRowIs(page, given);
    await expectNoAxeViolations(page);
    await tickRow(page, 0);
    await page.getByRole('button', { name: 'Revoke SCO' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Warning' });
    await expect(confirm.getByRole('button', { name: 'Revoke' })).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });
});
