// Add Assessment for New Client and Add Assessment to Existing Client (spec assessments-and-clients §2.3, §5 "Add
// client and assessment", §8): the client checks with the spec's messages, a new client's assessment shown in the
// table, an assessment added to the selected row's client (read back from the BFF), the BFF's "There was an unexpected
// error" when the legacy API fails. Desktop and phone (the Add menu), axe on the dialog.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { setFaults } from '../coach/coach-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, type ClientDetails, countText, dataRows, signIn, tickRow } from './assessments-steps.ts';

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await setFaults(null);
  await portal?.close();
  portal = undefined;
});

async function openAssessments(current: PortalPage): Promise<Page> {
  const page = await signIn(current);
  const list = await bff<AssessmentList>(current, '/api/assessments');
  await page.goto(current.url('/coachportal/assessments'));
  await countText(page, `${list.total} records`).waitFor();
  return page;
}
async function add(page: Page, item: string) {
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item });
}

describe.each(VIEWPORT_NAMES)('adding assessments at %s size', (viewport) => {
  it('checks a new client’s details, adds the client’s assessment and shows it in the table', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await openAssessments(portal);
    const dialog = await add(page, 'Add Assessment for New Client');
    const submit = dialog.getByRole('button', { name: 'Add', exact: true });
    await submit.click();
    await dialog.getByText('Please fill in all the client details (name, surname, and email).').waitFor();
    const surname = `Ndlovu${viewport === 'phone' ? 'Phone' : 'Desk'}${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Zanele');
    await dialog.getByRole('textbox', { name: /^Surname/ }).fill(surname);
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('zanele@');
    await submit.click();
    await dialog.getByText('Please provide a valid email address.').waitFor();
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${surname.toLowerCase()}@example.com`);
    await submit.click();
    await dialog.getByText('Please select an Assessment').waitFor();
    await dialog.getByText('Combined (3 credits)').click();
    await dialog.getByText('Cost: 3 credits').waitFor();
    await expectNoAxeViolations(page);
    await submit.click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText(`An assessment has been added for Zanele ${surname}.`).waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await dataRows(page)
      .first()
      .getByRole('rowheader')
      .filter({ hasText: `Zanele ${surname}` })
      .waitFor();
  });

  it('adds an assessment to the selected row’s client', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await openAssessments(portal);
    const list = await bff<AssessmentList>(portal, '/api/assessments');
    const first = list.items[0];
    if (!first || first.receivedFromAnotherCoach) throw new Error('the first row is not an own assessment');
    const before = await bff<ClientDetails>(portal, `/api/clients/${first.clientId}`);
    await tickRow(page, 0);
    const dialog = await add(page, 'Add Assessment to Existing Client');
    const email = dialog.getByRole('textbox', { name: /^E-mail/ });
    expect(await email.inputValue()).toBe(first.clientEmail);
    expect(await email.isDisabled()).toBe(true);
    const submit = dialog.getByRole('button', { name: 'Add', exact: true });
    await submit.click();
    await dialog.getByText('Please select an assessment').waitFor();
    await dialog.getByText('Enneagram (1 credit)').click();
    await submit.click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText(`An assessment has been added for ${first.clientName} ${first.clientSurname}.`).waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    const after = await bff<ClientDetails>(portal, `/api/clients/${first.clientId}`);
    expect(after.assessments.length).toBe(before.assessments.length + 1);
  });

  it('shows the spec’s message when the legacy API fails to create the client', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await openAssessments(portal);
    await setFaults({ serverErrors: { createClient: 500 } });
    const dialog = await add(page, 'Add Assessment for New Client');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Pieter');
    await dialog.getByRole('textbox', { name: /^Surname/ }).fill(`Venter${Date.now()}`);
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`pieter.${viewport}.${Date.now()}@example.com`);
    await dialog.getByText('Enneagram (1 credit)').click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'There was an unexpected error' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
