// Bulk Add Clients and Assessments (spec assessments-and-clients §2.1, §2.3, §4.11, §5 "Bulk add", §8), desktop only:
// the template served with the web client, an upload of a real .xlsx (new clients added, an invalid e-mail listed),
// the duplicate dialog's Proceed, and a file of the wrong type refused with the BFF's message. Axe on the dialogs.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { clientsTemplate, type TemplateRow } from '../../../sandbox/files/bulk-upload.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile } from '../support/browser.ts';
import { bff, type ClientList, signIn } from './assessments-steps.ts';

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

async function openBulkAdd(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'Bulk Add Clients and Assessments' }).click();
  await page.getByRole('dialog', { name: 'Bulk Add Clients and Assessments' }).waitFor();
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Bulk Add Clients and Assessments' });
  await dialog.getByText('Enneagram', { exact: true }).click();
  await dialog.getByLabel('Spreadsheet (.xlsx)').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload' }).click();
}

const xlsx = async (rows: TemplateRow[]) => ({
  name: 'clients.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  buffer: await clientsTemplate(rows),
});

describe('bulk add at desktop size', () => {
  it('serves the template, adds the clients of a spreadsheet and lists the invalid e-mail', async () => {
    portal = await openPortal(browser(), 'desktop');
    const page = await signIn(portal);
    const template = await page.request.get(portal.url('/coachportal/clients_template.xlsx'));
    expect(template.status()).toBe(200);
    expect((await template.body()).subarray(0, 2).toString()).toBe('PK');

    const stamp = Date.now();
    await openBulkAdd(page, portal.url('/coachportal/assessments'));
    await expectNoAxeViolations(page);
    await upload(
      page,
      await xlsx([
        { name: 'Lerato', surname: 'Dlamini', email: `lerato.${stamp}@bulk.test`, company: 'Bulk Co' },
        { name: 'Pieter', surname: 'Nel', email: `pieter.${stamp}@bulk`, company: 'Bulk Co' },
      ]),
    );
    const result = page.getByRole('alertdialog', { name: 'Please Note' });
    await result.waitFor();
    expect(await result.innerText()).toContain(`Pieter Nel, pieter.${stamp}@bulk (invalid email)`);
    await result.getByRole('button', { name: 'OK' }).click();
    const clients = await bff<ClientList>(portal, `/api/clients?q=${stamp}`);
    expect(clients.items.map((client) => client.email)).toEqual([`lerato.${stamp}@bulk.test`]);

    // The same client again: the duplicate dialog, then Proceed.
    await openBulkAdd(page, portal.url('/coachportal/assessments'));
    await upload(page, await xlsx([{ name: 'Lerato', surname: 'Dlamini', email: `lerato.${stamp}@bulk.test`, company: 'Bulk Co' }]));
    const duplicates = page.getByRole('alertdialog', { name: 'Existing clients' });
    await duplicates.getByText(`Lerato Dlamini, lerato.${stamp}@bulk.test`).waitFor();
    await expectNoAxeViolations(page);
    await duplicates.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('alertdialog', { name: 'Success' }).getByRole('button', { name: 'OK' }).click();
  });

  it('refuses a file that is not a spreadsheet with the BFF message, and asks for both first', async () => {
    portal = await openPortal(browser(), 'desktop');
    const page = await signIn(portal);
    await openBulkAdd(page, portal.url('/coachportal/assessments'));
    const dialog = page.getByRole('dialog', { name: 'Bulk Add Clients and Assessments' });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('Please select an assessment and upload spreasheet').waitFor();
    await upload(page, { name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from('name,surname,email,company\n') });
    await dialog.getByText('Please upload an Excel (.xlsx) spreadsheet.').waitFor();
    await expectNoAxeViolations(page);
  });
});
