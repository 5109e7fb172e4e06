// Bulk Add Clients and Assessments (spec assessments-and-clients §2.1, §2.3, §4.11, §5 "Bulk add", §8), desktop only:
// the template served with the web client, the cost in credits confirmed first, an upload of a real .xlsx (new clients
// added with the reports to send automatically ticked, an invalid e-mail listed), the duplicate dialog's Proceed, and a file of the wrong type refused with the BFF's
// message. Axe on the dialogs.
// The flows at desktop; at phone width the Add menu leaves Bulk Add out (spec §2.3: desktop only), axe on the menu.
import { clientsTemplate, type TemplateRow } from '../../../sandbox/files/bulk-upload.ts';
import { DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, type ClientList, dataRows } from './assessments-steps.ts';

test.use({ account: DEMO });

const BULK_ADD = 'Bulk Add Clients and Assessments';

/** The assessments page (ten rows: axe reads the whole page) with its first row shown. */
async function openAssessments(page: Page): Promise<void> {
  await page.goto('/coachportal/assessments?pageSize=10');
  await expect(dataRows(page).first()).toBeVisible();
}

async function openBulkAdd(page: Page): Promise<void> {
  await openAssessments(page);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: BULK_ADD }).click();
  await expect(page.getByRole('dialog', { name: BULK_ADD })).toBeVisible();
}

/** An Enneagram assessment for every row, with `reports` ticked to be sent automatically on completion. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, reports: string[] = []): Promise<void> {
  const dialog = page.getByRole('dialog', { name: BULK_ADD });
  await dialog.getByText('Enneagram', { exact: true }).click();
  const group = dialog.getByRole('group', { name: 'Reports to send automatically on completion' });
  for (const report of reports) await group.getByText(report, { exact: true }).click();
  await dialog.getByLabel('Spreadsheet (.xlsx)').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // The cost is confirmed before anything is sent (spec §9 "Credits").
  await page.getByRole('alertdialog', { name: 'Please Note' }).getByRole('button', { name: 'Proceed' }).click();
}

const xlsx = async (rows: TemplateRow[]) => ({
  name: 'clients.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer: await clientsTemplate(rows),
});

test('serves the template, adds the clients of a spreadsheet and lists the invalid e-mail', async ({ page }) => {
  const template = await page.request.get('/coachportal/clients_template.xlsx');
  expect(template.status()).toBe(200);
  expect((await template.body()).subarray(0, 2).toString()).toBe('PK');

  const stamp = Date.now();
  await openBulkAdd(page);
  await expectNoAxeViolations(page);
  const dialog = page.getByRole('dialog', { name: BULK_ADD });
  await dialog.getByText('Combined', { exact: true }).click();
  await dialog.getByLabel('Spreadsheet (.xlsx)').setInputFiles(await xlsx([{ name: 'A', surname: 'B', email: 'a@b.test' }, { name: 'C' }]));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const cost = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(cost).toContainText('The spreadsheet lists 2 clients: 2 Combined assessments at 3 credits each, 6 credits in all.');
  await expectNoAxeViolations(page);
  await cost.getByRole('button', { name: 'Cancel' }).click();
  await expect(cost).toBeHidden();
  await upload(
    page,
    await xlsx([
      { name: 'Lerato', surname: 'Dlamini', email: `lerato.${stamp}@bulk.test`, company: 'Bulk Co' },
      { name: 'Pieter', surname: 'Nel', email: `pieter.${stamp}@bulk`, company: 'Bulk Co' },
    ]),
    ['Enneagram Report'],
  );
  const result = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(result).toContainText(`Pieter Nel, pieter.${stamp}@bulk (invalid email)`);
  await result.getByRole('button', { name: 'OK' }).click();
  const clients = await bff<ClientList>(page, `/api/clients?q=${stamp}`);
  expect(clients.items.map((client) => client.email)).toEqual([`lerato.${stamp}@bulk.test`]);
  // The reports ticked are sent automatically (spec §7 bulk upload's reportsToAutoSend).
  await expect
    .poll(async () => (await bff<AssessmentList>(page, `/api/assessments?q=lerato.${stamp}`)).items.map((item) => item.reportsToAutoSend))
    .toEqual([['basic']]);

  // The same client again: the duplicate dialog, then Proceed.
  await openBulkAdd(page);
  await upload(page, await xlsx([{ name: 'Lerato', surname: 'Dlamini', email: `lerato.${stamp}@bulk.test`, company: 'Bulk Co' }]));
  const duplicates = page.getByRole('alertdialog', { name: 'Existing clients' });
  await expect(duplicates.getByText(`Lerato Dlamini, lerato.${stamp}@bulk.test`)).toBeVisible();
  await expectNoAxeViolations(page);
  await duplicates.getByRole('button', { name: 'Proceed' }).click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
});

test('refuses a file that is not a spreadsheet with the BFF message, and asks for both first', async ({ page }) => {
  await openBulkAdd(page);
  const dialog = page.getByRole('dialog', { name: BULK_ADD });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please select an assessment and upload spreasheet')).toBeVisible();
  await upload(page, { name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from('name,surname,email,company\n') });
  await expect(dialog.getByText('Please upload an Excel (.xlsx) spreadsheet.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the Add menu leaves Bulk Add out (desktop only, spec §2.3)', async ({ page }) => {
    await openAssessments(page);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('menuitem', { name: 'Add Assessment for New Client' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: BULK_ADD })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
