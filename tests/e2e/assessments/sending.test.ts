// Send Invites/Reminders and Send Reports on the assessments toolbar (spec assessments-and-clients §2.3, §2.4, §4.3,
// §4.5, §5 "Sending and downloading reports", §8): the pre-invite review (invite, reminder, skipped as complete),
// 'There's nothing to be done…', the report picker and 'Please select a report', Preview, the own e-mail client only
// for one assessment, the result from the BFF's batch with a failure by name (the sandbox's failing-item switch).
// Desktop and phone; axe on every dialog.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { setFaults } from '../coach/coach-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, countText, signIn, tickRow } from './assessments-steps.ts';

type Row = AssessmentList['items'][number];

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await setFaults(null);
  await portal?.close();
  portal = undefined;
});

// The first page by name: the tests pick their assessments from the rows on screen.
const ALL = 'sort=info&order=asc&pageSize=50';
const nameOf = (row: Row) => `${row.clientName} ${row.clientSurname}`;
const OWN_EMAIL = /From your email address/;
const ONE_ONLY = "Can't send from your email address because more than one assessment has been selected.";
// The BFF's per-item text (spec §8 "{name} send failed with {error}"); the error is what the BFF makes of the fault.
const faultOf = (row: Row) => new RegExp(`^${nameOf(row)} send failed with .+`);

async function openAll(page: Page, list: AssessmentList): Promise<void> {
  await page.goto(portal?.url(`/coachportal/assessments?${ALL}`) ?? '');
  await countText(page, `${list.total} records`).waitFor();
}
async function tick(page: Page, list: AssessmentList, ...rows: Row[]): Promise<void> {
  for (const row of rows)
    await tickRow(
      page,
      list.items.findIndex((item) => item.id === row.id),
    );
}

describe.each(VIEWPORT_NAMES)('sending at %s size', (viewport) => {
  it('reviews the invites, previews one, and sends them: a failing one is named', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const list = await bff<AssessmentList>(portal, `/api/assessments?${ALL}`);
    const own = list.items.filter((item) => !item.receivedFromAnotherCoach);
    const invite = own.find((item) => item.permissions.canInvite && item.inviteState === 'notInvited');
    const reminder = own.find((item) => item.permissions.canInvite && item.inviteState !== 'notInvited');
    const complete = own.find((item) => !item.permissions.canInvite);
    if (!invite || !reminder || !complete) throw new Error('no assessments to invite, remind and skip');

    await openAll(page, list);
    await tick(page, list, invite, reminder, complete);
    await page.getByRole('button', { name: 'Send Invites/Reminders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Invites/Reminders' });
    const group = (title: string) => dialog.locator('dt', { hasText: title }).locator('xpath=following-sibling::dd');
    expect(await group('1 invite to send').innerText()).toBe(nameOf(invite));
    expect(await group('1 reminder to send (invited before)').innerText()).toBe(nameOf(reminder));
    expect(await group('1 assessment skipped as complete').innerText()).toBe(nameOf(complete));
    await dialog.getByText(ONE_ONLY).waitFor();
    expect(await dialog.getByRole('radio', { name: OWN_EMAIL }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByText('One of the 2 emails, as the invite will be sent:').waitFor();
    await preview.locator('dd', { hasText: invite.clientEmail }).waitFor();
    expect(await preview.locator('.send-email__preview-body').innerText()).toContain('register/token?userToken=');
    await expectNoAxeViolations(page);
    await preview.getByRole('button', { name: 'Back' }).click();

    await setFaults({ failingItems: [reminder.id] });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const result = page.getByRole('alertdialog', { name: 'Please Note' });
    await result.getByText('1 of 2 invite emails sent successfully.').waitFor();
    await result.getByText(faultOf(reminder)).waitFor();
    await expectNoAxeViolations(page);
    await result.getByRole('button', { name: 'OK' }).click();
    await setFaults(null);
    const after = await bff<AssessmentList>(portal, `/api/assessments?${ALL}`);
    expect(after.items.find((item) => item.id === invite.id)?.inviteState).toBe('invited');
  }, 120_000);

  it("says there's nothing to be done when every selected assessment is complete", async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const list = await bff<AssessmentList>(portal, `/api/assessments?${ALL}`);
    const complete = list.items.filter((item) => !item.permissions.canInvite).slice(0, 2);
    if (complete.length < 2) throw new Error('no two complete assessments');
    await openAll(page, list);
    await tick(page, list, ...complete);
    await page.getByRole('button', { name: 'Send Invites/Reminders' }).click();
    const note = page.getByRole('alertdialog', { name: 'Please Note' });
    await note.getByText("There's nothing to be done - there are no invites to be sent.").waitFor();
    await expectNoAxeViolations(page);
  });

  it('sends a chosen report: one as a draft for the own e-mail client, two from the provider with one failing', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const list = await bff<AssessmentList>(portal, `/api/assessments?${ALL}`);
    const [first, second] = list.items.filter(
      (item) => !item.receivedFromAnotherCoach && item.availableReports.pdf.includes('enneaOverview'),
    );
    if (!first || !second) throw new Error('no two assessments offering the Enneagram Coach Overview');

    await openAll(page, list);
    await tick(page, list, first);
    await page.getByRole('button', { name: 'Send Reports' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Reports' });
    await dialog.getByRole('group', { name: 'Reports to send' }).waitFor();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Please select a report').waitFor();
    await dialog.getByText('Enneagram Coach Overview').click();
    await dialog.getByText(OWN_EMAIL).click();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByText('The email, as the reports will be sent:').waitFor();
    await preview.locator('dd', { hasText: first.clientEmail }).waitFor();
    await expectNoAxeViolations(page);
    await preview.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText('1 of 1 report emails sent successfully.').waitFor();
    const draft = done.getByRole('link', { name: `Open the email to ${nameOf(first)} in your email client` });
    expect(await draft.getAttribute('href')).toMatch(new RegExp(`^mailto:${first.clientEmail.replace(/[.+]/g, '\\$&')}\\?subject=`));
    await expectNoAxeViolations(page);
    await done.getByRole('button', { name: 'OK' }).click();

    await openAll(page, list);
    await tick(page, list, first, second);
    await page.getByRole('button', { name: 'Send Reports' }).click();
    await dialog.getByText(ONE_ONLY).waitFor();
    expect(await dialog.getByRole('radio', { name: OWN_EMAIL }).isDisabled()).toBe(true);
    await dialog.getByText('Enneagram Coach Overview').click();
    await setFaults({ failingItems: [second.id] });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const result = page.getByRole('alertdialog', { name: 'Please Note' });
    await result.getByText('1 of 2 report emails sent successfully.').waitFor();
    await result.getByText(faultOf(second)).waitFor();
    await expectNoAxeViolations(page);
  }, 120_000);
});
