// Import Results and Import Results to Existing Client (spec assessments-and-clients §2.3, §3.6, §5 "Import results",
// §8, §9): the client and instinct checks with the spec's messages, the ranking typed place by place (trifix 125 to
// start with), the imported assessment shown in the table as complete with its results and read back from the BFF,
// the legacy API's refusal (a client already added) and its failure (a sandbox fault switch) shown in the dialog.
// The flows at desktop; at phone width a new client's import from the phone's Add menu (its Ennea column) and the
// existing client's dialog; axe on both dialogs at both widths.
import { DEMO, expect, expectNoAxeViolations, type Locator, type Page, setFaults, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, dataRows, openAssessments, tickRow } from './assessments-steps.ts';

test.use({ account: DEMO });

const TIE = 'The instinct scores must be different from each other; there cannot be a tie.';

/** The assessments table, its record count shown. */
async function openTable(page: Page): Promise<void> {
  const list = await bff<AssessmentList>(page, '/api/assessments');
  await openAssessments(page);
  await expect(countText(page, `${list.total} records`)).toBeVisible();
}
async function add(page: Page, item: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: item });
  await expect(dialog).toBeVisible();
  return dialog;
}
/** Types a ranking's first places as a coach copying one would; a style already ranked swaps places. */
async function rank(dialog: Locator, styles: readonly number[]): Promise<void> {
  const places = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th'];
  for (const [index, style] of styles.entries()) {
    await dialog.getByRole('combobox', { name: places[index], exact: true }).selectOption(String(style));
  }
}
async function instincts(dialog: Locator, scores: { sp: number; so: number; sx: number }): Promise<void> {
  await dialog.getByRole('slider', { name: 'Self-preservation (SP)' }).fill(String(scores.sp));
  await dialog.getByRole('slider', { name: 'Social (SO)' }).fill(String(scores.so));
  await dialog.getByRole('slider', { name: 'Sexual, one-to-one (SX)' }).fill(String(scores.sx));
}
async function newClient(dialog: Locator, name: string, surname: string, email: string): Promise<void> {
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(email);
}
/** The Success alert naming the client, closed. */
async function imported(page: Page, name: string, surname: string): Promise<void> {
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText(`The results of ${name} ${surname} have been imported.`)).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
}
/** The table's first row (newest first) is `name`'s complete assessment with these Enneagram results. */
async function firstRowShows(page: Page, name: string, ennea: string): Promise<void> {
  const row = dataRows(page).first();
  await expect(row.getByRole('rowheader').filter({ hasText: name }).filter({ hasText: 'Complete' })).toBeVisible();
  await expect(row.getByText(ennea, { exact: true })).toBeVisible();
}

test('checks a new client and the instincts, then shows the imported assessment complete with its results', async ({ page }) => {
  await openTable(page);
  const dialog = await add(page, 'Import Results');
  const submit = dialog.getByRole('button', { name: 'Import', exact: true });
  await expect(dialog.getByRole('combobox', { name: '1st', exact: true })).toHaveValue('1');
  await expect(dialog.getByText('Trifix 125')).toBeVisible();
  await submit.click();
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
    'Please fill in all the client details (name, surname, and email).',
  );
  const surname = `Imported${Date.now()}`;
  const email = `${surname.toLowerCase()}@example.com`;
  await newClient(dialog, 'Zola', surname, 'zola@');
  await submit.click();
  await expect(dialog.getByText('Please provide a valid email address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  // The sliders start level: a tie.
  await submit.click();
  await expect(dialog.getByText(TIE)).toBeVisible();
  await expectNoAxeViolations(page);
  await rank(dialog, [4, 7, 1]);
  await expect(dialog.getByText('Trifix 471')).toBeVisible();
  await expect(dialog.getByText('Ranking 4,7,1,3,5,6,2,8,9')).toBeVisible();
  await instincts(dialog, { sp: 80, so: 40, sx: 40 });
  await submit.click();
  await expect(dialog.getByText(TIE)).toBeVisible();
  await instincts(dialog, { sp: 80, so: 40, sx: 60 });
  await submit.click();
  await imported(page, 'Zola', surname);
  // The table asks again: the new assessment is the newest.
  await firstRowShows(page, `Zola ${surname}`, 'Type 4 · 147 · SP');
  const after = await bff<AssessmentList>(page, `/api/assessments?q=${encodeURIComponent(email)}`);
  expect(after.items).toHaveLength(1);
  expect(after.items[0]).toMatchObject({
    assessmentType: 'ennea',
    tokenType: 'importResults',
    ennea: { type: 4, trifix: '147', instinct: 'SP' },
  });
  expect(after.items[0]?.completedAt).toBeTruthy();

  // The same e-mail again: the legacy API's refusal, shown in the dialog.
  const again = await add(page, 'Import Results');
  await newClient(again, 'Zola', surname, email.toUpperCase());
  await instincts(again, { sp: 20, so: 40, sx: 60 });
  await again.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(
    again.getByRole('alert').filter({ hasText: 'You have already added this client. Please add an assessment to the existing client.' }),
  ).toBeVisible();
});

test('imports results for the selected row’s client, whose details are locked', async ({ page }) => {
  await openTable(page);
  const list = await bff<AssessmentList>(page, '/api/assessments');
  const first = list.items[0];
  if (!first || first.receivedFromAnotherCoach) throw new Error('the first row is not an own assessment');
  const query = `/api/assessments?q=${encodeURIComponent(first.clientEmail)}&pageSize=500`;
  const before = await bff<AssessmentList>(page, query);
  await tickRow(page, 0);
  const dialog = await add(page, 'Import Results to Existing Client');
  const email = dialog.getByRole('textbox', { name: /^E-mail/ });
  await expect(email).toHaveValue(first.clientEmail);
  await expect(email).toBeDisabled();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(TIE)).toBeVisible();
  await rank(dialog, [9]);
  await instincts(dialog, { sp: 30, so: 90, sx: 10 });
  await dialog.getByRole('combobox', { name: 'Assessment language' }).selectOption('afrikaans');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await imported(page, first.clientName, first.clientSurname);
  await firstRowShows(page, `${first.clientName} ${first.clientSurname}`, 'Type 9 · 259 · SO');
  const after = await bff<AssessmentList>(page, query);
  const added = after.items.filter((item) => !before.items.some((old) => old.id === item.id));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatchObject({
    clientId: first.clientId,
    tokenType: 'importResults',
    language: 'afrikaans',
    ennea: { type: 9, trifix: '259', instinct: 'SO' },
  });
  expect(added[0]?.completedAt).toBeTruthy();
});

test('shows the BFF’s message when the legacy API fails the import', async ({ page }) => {
  await openTable(page);
  await setFaults({ serverErrors: { importResultsForClient: 500 } });
  await tickRow(page, 0);
  const dialog = await add(page, 'Import Results to Existing Client');
  await instincts(dialog, { sp: 60, so: 40, sx: 20 });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'There was an unexpected error' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('imports results for a new client from the phone’s Add menu', async ({ page }) => {
    await openTable(page);
    const dialog = await add(page, 'Import Results');
    const surname = `ImportedPhone${Date.now()}`;
    await newClient(dialog, 'Lerato', surname, `${surname.toLowerCase()}@example.com`);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByText(TIE)).toBeVisible();
    await expectNoAxeViolations(page);
    await instincts(dialog, { sp: 10, so: 20, sx: 90 });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await imported(page, 'Lerato', surname);
    // Trifix 125 as it started; the phone's Ennea column.
    await firstRowShows(page, `Lerato ${surname}`, 'Type 1 · 125 · SX');
    const after = await bff<AssessmentList>(page, `/api/assessments?q=${encodeURIComponent(surname)}`);
    expect(after.items[0]?.ennea).toEqual({ type: 1, trifix: '125', instinct: 'SX' });
  });

  test('the Import Results to Existing Client dialog fits a phone, the client locked', async ({ page }) => {
    const list = await bff<AssessmentList>(page, '/api/assessments');
    await openTable(page);
    const first = list.items[0];
    if (!first) throw new Error('no assessments');
    await tickRow(page, 0);
    const dialog = await add(page, 'Import Results to Existing Client');
    const email = dialog.getByRole('textbox', { name: /^E-mail/ });
    await expect(email).toHaveValue(first.clientEmail);
    await expect(email).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
