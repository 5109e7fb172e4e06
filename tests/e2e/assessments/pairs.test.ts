// Pairs (spec assessments-and-clients §2.3, §3.5, §3.10, §4.10, §5 "Pairs", "Sending and downloading reports", §8):
// Add Pairs from the assessments table (the due date required), the new pair on the Pairs page and its deletion,
// Send Reports refused for a pair whose report is not supplied (the spec's text), a send failing through the
// sandbox's fault switch (its message by the pair's Info), a supplied pair's deletion refused by name. Desktop and
// phone (the Add menu), axe on the page and every dialog.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { setFaults } from '../coach/coach-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, countText, dataRows, signIn, tickRow } from './assessments-steps.ts';

type PairList = components['schemas']['PairList'];
type PairRow = components['schemas']['PairRow'];

const NOT_SUPPLIED =
  'Some selected reports have not yet been provided. Please deselect them before proceeding. You can only send reports that are available.';

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await setFaults(null);
  await portal?.close();
  portal = undefined;
});

/** The Pairs page searched for `q`, once it shows `expected` rows. */
async function openPairs(page: Page, current: PortalPage, q: string, expected: number): Promise<void> {
  await page.goto(current.url(`/coachportal/pairs?q=${encodeURIComponent(q)}`));
  await page.getByRole('heading', { level: 1, name: 'Pairs' }).waitFor();
  await expect.poll(() => dataRows(page).count()).toBe(expected);
}
const pairRow = (page: Page, info: string) => dataRows(page).filter({ hasText: info });
const tickPair = (page: Page, info: string) => pairRow(page, info).locator('.checkbox').click();

/** The demo coach's seeded pairs: one with its report supplied, one whose report will not be supplied. */
async function seededPairs(current: PortalPage): Promise<{ supplied: PairRow; waiting: PairRow }> {
  const list = await bff<PairList>(current, '/api/pairs?pageSize=500&sort=info&order=asc');
  const supplied = list.items.find((pair) => pair.reportAvailable);
  const waiting = list.items.find((pair) => !pair.reportAvailable && pair.members.some((member) => member.ennea));
  if (!supplied || !waiting) throw new Error('the demo coach has no seeded pairs');
  return { supplied, waiting };
}

describe.each(VIEWPORT_NAMES)('pairs at %s size', (viewport) => {
  it('adds a pair from the assessments table (due date required), shows it on the Pairs page and deletes it', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    // Two own assessments of different clients, other ones at each size.
    const query = 'sort=info&order=asc&pageSize=10';
    const list = await bff<AssessmentList>(portal, `/api/assessments?${query}`);
    const own = list.items.filter((item) => !item.receivedFromAnotherCoach);
    const offset = viewport === 'phone' ? 4 : 0;
    const first = own[offset];
    const second = own.slice(offset + 1).find((item) => item.clientId !== first?.clientId);
    if (!first || !second) throw new Error('the demo coach has too few assessments');
    const info = `${first.clientName} ${first.clientSurname} & ${second.clientName} ${second.clientSurname}`;

    await page.goto(portal.url(`/coachportal/assessments?${query}`));
    await countText(page, `${list.total} records`).waitFor();
    await tickRow(page, list.items.indexOf(first));
    await tickRow(page, list.items.indexOf(second));
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('menuitem', { name: 'Add Pairs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Pairs' });
    await dialog.getByText(`A pair report for ${info}.`).waitFor();
    await dialog.getByText('Cost: 2 credits').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Couples' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Token type').count()).toBe(0);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add Pairs' }).click();
    await page.getByText('Please specify a due date.').waitFor();
    const dueDate = dialog.getByLabel('Due date');
    const earliest = await dueDate.getAttribute('min');
    if (!earliest) throw new Error('the due date has no minimum');
    await dueDate.fill(earliest);
    await dialog.getByText('Colleagues', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Add Pairs' }).click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText(`A Colleagues pair report has been requested for ${info}, due ${earliest}.`, { exact: false }).waitFor();
    await done.getByRole('button', { name: 'OK' }).click();

    // The new pair on the Pairs page (not supplied in this run: SANDBOX_PAIR_REPORT_READY_SECONDS, global-setup.ts).
    const pairs = await bff<PairList>(portal, `/api/pairs?q=${encodeURIComponent(first.clientEmail)}&pageSize=500`);
    const created = pairs.items.filter((pair) => pair.info === info);
    expect(created).toHaveLength(1);
    expect(created[0]?.coupleType).toBe('Workplace');
    await openPairs(page, portal, first.clientEmail, pairs.items.length);
    const row = pairRow(page, info);
    await row.getByText('Colleagues').waitFor();
    await tickPair(page, info);
    await page.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('alertdialog', { name: 'Warning' });
    await question.getByText('Are you sure you wish to remove?').waitFor();
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('1 of 1 removed.').waitFor();
    await expect.poll(() => pairRow(page, info).count()).toBe(0);
    const after = await bff<PairList>(portal, `/api/pairs?q=${encodeURIComponent(first.clientEmail)}&pageSize=500`);
    expect(after.items.some((pair) => pair.info === info)).toBe(false);
  });

  it('refuses to send a report not yet supplied, shows a failed send by name and refuses to delete a supplied pair', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const { supplied, waiting } = await seededPairs(portal);

    // The drawer's Pairs item with its 'New' badge (behind the Menu button on a phone).
    await page.goto(portal.url('/coachportal/dashboard'));
    if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Pairs/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Pairs' }).waitFor();
    await pairRow(page, waiting.info).getByText('Not available yet').waitFor();
    await pairRow(page, supplied.info)
      .getByRole('link', { name: `Pair report of ${supplied.info} as HTML, opens in a new tab` })
      .waitFor();
    await expectNoAxeViolations(page);

    // spec §5: every selected pair must have its report.
    await tickPair(page, waiting.info);
    await tickPair(page, supplied.info);
    await page.getByRole('button', { name: 'Send Reports' }).click();
    const refusal = page.getByRole('alertdialog', { name: 'Please Note' });
    await refusal.getByText(NOT_SUPPLIED).waitFor();
    await expectNoAxeViolations(page);
    await refusal.getByRole('button', { name: 'OK' }).click();

    // The Preview of the supplied pair's e-mail.
    await tickPair(page, waiting.info);
    await page.getByRole('button', { name: 'Send Reports' }).click();
    const send = page.getByRole('dialog', { name: 'Send Couples Report' });
    await send.getByText('The report of the selected pair.').waitFor();
    await expectNoAxeViolations(page);
    await send.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByText(supplied.members[0]?.clientEmail ?? 'no member', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await preview.getByRole('button', { name: 'Back' }).click();

    // The legacy API fails the pair's e-mail (the fault switch of its sendCoupleReport): the preview's Failed modal
    // and the send's alert name the pair.
    await setFaults({ serverErrors: { sendCoupleReport: 500 } });
    await send.getByRole('button', { name: 'Preview' }).click();
    const previewFailed = page.getByRole('alertdialog', { name: 'Failed' });
    await previewFailed.getByText(`${supplied.info}: There was an unexpected error`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await previewFailed.getByRole('button', { name: 'OK' }).click();
    await send.getByRole('button', { name: 'Send', exact: true }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Confirmation' });
    await confirmation.getByText('Send the report of the selected pair?').waitFor();
    await expectNoAxeViolations(page);
    await confirmation.getByRole('button', { name: 'Send', exact: true }).click();
    const failed = page.getByRole('alertdialog', { name: 'Failed' });
    await failed.getByText('0 of 1 report emails sent successfully.').waitFor();
    await failed.getByText(`${supplied.info} send failed with There was an unexpected error`, { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await failed.getByRole('button', { name: 'OK' }).click();
    await setFaults(null);

    await page.getByRole('button', { name: 'Report Printing Guidelines' }).click();
    const guidelines = page.getByRole('dialog', { name: 'Report Printing Guidelines' });
    await guidelines.getByText('Report Printing Guidelines', { exact: false }).last().waitFor();
    await expectNoAxeViolations(page);
    await guidelines.getByRole('button', { name: 'OK' }).click();

    // A pair whose report was supplied cannot be deleted: the BFF's result names it.
    await tickPair(page, supplied.info);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Remove' }).click();
    const refused = page.getByRole('alertdialog', { name: 'Failed' });
    await refused.getByText('0 of 1 removed.').waitFor();
    await refused.getByText(`${supplied.info}: The report for this pair has already been generated - cannot delete.`).waitFor();
    const after = await bff<PairList>(portal, '/api/pairs?pageSize=500');
    expect(after.items.some((pair) => pair.id === supplied.id)).toBe(true);
  });
});
