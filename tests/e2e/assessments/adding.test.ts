// Add Assessment for New Client and Add Assessment to Existing Client (spec assessments-and-clients §2.3, §5 "Add
// client and assessment", §8): the client checks with the spec's messages, a new client's assessment shown in the
// table, an assessment added to the selected row's client (read back from the BFF), the BFF's "There was an unexpected
// error" when the legacy API fails. The flows at desktop; the screen, the Add menu's two dialogs and the Success
// message once at phone width, axe on the dialogs.
import { DEMO, expect, expectNoAxeViolations, type Page, setFaults, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, type ClientDetails, countText, dataRows, firstRowIs, tickRow } from './assessments-steps.ts';

test.use({ account: DEMO });

/**
 * The assessments page, its record count as the BFF answers it and its first row shown; the BFF's list. Ten rows a
 * page: axe reads the whole page, and on a loaded machine fifty rows take it most of its 10 s.
 */
async function openAssessments(page: Page): Promise<AssessmentList> {
  const list = await bff<AssessmentList>(page, '/api/assessments?pageSize=10');
  await page.goto('/coachportal/assessments?pageSize=10');
  await expect(countText(page, `${list.total} records`)).toBeVisible();
  await firstRowIs(page, list);
  return list;
}
async function add(page: Page, item: string) {
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: item });
  await expect(dialog).toBeVisible();
  return dialog;
}
const firstRowName = (page: Page) => dataRows(page).first().getByRole('rowheader');

test('checks a new client’s details, adds the client’s assessment and shows it in the table', async ({ page }) => {
  await openAssessments(page);
  const dialog = await add(page, 'Add Assessment for New Client');
  const submit = dialog.getByRole('button', { name: 'Add', exact: true });
  await submit.click();
  // Said at each empty field (and the assessment), the first focused.
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
    'Please fill in all the client details (name, surname, and email).',
  );
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toBeFocused();
  const surname = `NdlovuDesk${Date.now()}`;
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Zanele');
  await dialog.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('zanele@');
  await submit.click();
  await expect(dialog.getByText('Please provide a valid email address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${surname.toLowerCase()}@example.com`);
  await submit.click();
  await expect(dialog.getByText('Please select an Assessment')).toBeVisible();
  await dialog.getByText('Combined (3 credits)').click();
  await expect(dialog.getByText('Cost: 3 credits')).toBeVisible();
  await expectNoAxeViolations(page);
  await submit.click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText(`An assessment has been added for Zanele ${surname}.`)).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(firstRowName(page)).toContainText(`Zanele ${surname}`);
});

test('adds an assessment to the selected row’s client', async ({ page }) => {
  const list = await openAssessments(page);
  const first = list.items[0];
  if (!first || first.receivedFromAnotherCoach) throw new Error('the first row is not an own assessment');
  const before = await bff<ClientDetails>(page, `/api/clients/${first.clientId}`);
  await tickRow(page, 0);
  const dialog = await add(page, 'Add Assessment to Existing Client');
  const email = dialog.getByRole('textbox', { name: /^E-mail/ });
  await expect(email).toHaveValue(first.clientEmail);
  await expect(email).toBeDisabled();
  const submit = dialog.getByRole('button', { name: 'Add', exact: true });
  await submit.click();
  await expect(dialog.getByText('Please select an assessment')).toBeVisible();
  await dialog.getByText('Enneagram (1 credit)').click();
  await submit.click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText(`An assessment has been added for ${first.clientName} ${first.clientSurname}.`)).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  const after = await bff<ClientDetails>(page, `/api/clients/${first.clientId}`);
  expect(after.assessments.length).toBe(before.assessments.length + 1);
});

test('shows the spec’s message when the legacy API fails to create the client', async ({ page }) => {
  await openAssessments(page);
  await setFaults({ serverErrors: { createClient: 500 } });
  const dialog = await add(page, 'Add Assessment for New Client');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Pieter');
  await dialog.getByRole('textbox', { name: /^Surname/ }).fill(`Venter${Date.now()}`);
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`pieter.desktop.${Date.now()}@example.com`);
  await dialog.getByText('Enneagram (1 credit)').click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'There was an unexpected error' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the screen, the Add menu’s dialogs and the Success message fit a phone', async ({ page }) => {
    await openAssessments(page);
    await expectNoAxeViolations(page);

    const dialog = await add(page, 'Add Assessment for New Client');
    const surname = `NdlovuPhone${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Zanele');
    await dialog.getByRole('textbox', { name: /^Surname/ }).fill(surname);
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${surname.toLowerCase()}@example.com`);
    await dialog.getByText('Enneagram (1 credit)').click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await expect(done.getByText(`An assessment has been added for Zanele ${surname}.`)).toBeVisible();
    await expectNoAxeViolations(page);
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(firstRowName(page)).toContainText(`Zanele ${surname}`);

    // The new client's row is first now: the existing-client dialog shows its details, locked.
    await tickRow(page, 0);
    const existing = await add(page, 'Add Assessment to Existing Client');
    await expect(existing.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(`${surname.toLowerCase()}@example.com`);
    await expect(existing.getByRole('textbox', { name: /^E-mail/ })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(existing).toBeHidden();
  });
});
