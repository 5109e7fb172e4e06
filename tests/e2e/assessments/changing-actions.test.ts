// The assessments toolbar's actions that change data (spec assessments-and-clients §2.3, §4.4, §4.7, §5, §8): Delete
// after 'Are you sure you wish to remove?' (a registered client's assessment refused by name), Wrap / Unwrap, Assign
// SCO (the e-mail check, Proceed disabled while invalid) and Revoke SCO from the SCO Given view; Wrap / Unwrap is
// desktop only. Each result is the
// BFF's batch result; the BFF's lists are read back. Desktop and phone (the More menu), axe on every dialog.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, countText, dataRows, signIn, tickRow } from './assessments-steps.ts';

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

async function openAt(page: Page, query: string, list: AssessmentList): Promise<void> {
  await page.goto(portal?.url(`/coachportal/assessments?${query}`) ?? '');
  await countText(
    page,
    list.filteredTotal === list.total ? `${list.total} records` : `${list.filteredTotal} of ${list.total} records`,
  ).waitFor();
}
async function more(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
const indexOf = (list: AssessmentList, id: string) => list.items.findIndex((item) => item.id === id);

describe.each(VIEWPORT_NAMES)('changing actions at %s size', (viewport) => {
  it('deletes an assessment not yet registered after the confirmation, and names one that cannot be', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const query = 'filter=notInvitedYet&sort=info&order=asc&pageSize=10';
    const list = await bff<AssessmentList>(portal, `/api/assessments?${query}`);
    const target = list.items.find((item) => item.permissions.canDelete);
    if (!target) throw new Error('no deletable assessment');
    await openAt(page, query, list);
    await tickRow(page, indexOf(list, target.id));
    await more(page, 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Warning' });
    expect(await confirm.innerText()).toContain('Are you sure you wish to remove?');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText('1 of 1 removed.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    const after = await bff<AssessmentList>(portal, '/api/assessments?filter=notInvitedYet&pageSize=500');
    expect(after.items.some((item) => item.id === target.id)).toBe(false);

    // A registered client's assessment: the BFF refuses it by name.
    const startedQuery = 'filter=startedIncomplete&sort=info&order=asc&pageSize=10';
    const started = await bff<AssessmentList>(portal, `/api/assessments?${startedQuery}`);
    const registered = started.items.find((item) => !item.receivedFromAnotherCoach);
    if (!registered) throw new Error('no registered assessment');
    await openAt(page, startedQuery, started);
    await tickRow(page, indexOf(started, registered.id));
    await more(page, 'Delete');
    await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Remove' }).click();
    const failed = page.getByRole('alertdialog', { name: 'Failed' });
    await failed.getByText('0 of 1 removed.').waitFor();
    await failed.getByText(`${registered.clientName} ${registered.clientSurname} has already registered and cannot be deleted.`).waitFor();
    await expectNoAxeViolations(page);
  });

  it('wraps up an assessment and unwraps it again (desktop only, spec §2.3)', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    if (viewport === 'phone') {
      await page.goto(portal.url('/coachportal/assessments'));
      await tickRow(page, 0);
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Wrap / Unwrap' }).count()).toBe(0);
      return;
    }
    const query = 'filter=unwrapped&sort=info&order=asc&pageSize=10';
    const list = await bff<AssessmentList>(portal, `/api/assessments?${query}`);
    const target = list.items.find((item) => item.permissions.canWrap);
    if (!target) throw new Error('no assessment to wrap up');
    await openAt(page, query, list);
    await tickRow(page, indexOf(list, target.id));
    await more(page, 'Wrap / Unwrap');
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText('1 of 1 wrapped up.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    const wrapped = await bff<AssessmentList>(portal, '/api/assessments?filter=wrapped&sort=info&order=asc&pageSize=500');
    expect(wrapped.items.some((item) => item.id === target.id)).toBe(true);

    await openAt(page, 'filter=wrapped&sort=info&order=asc&pageSize=500', wrapped);
    await tickRow(page, indexOf(wrapped, target.id));
    await more(page, 'Wrap / Unwrap');
    await page.getByRole('alertdialog', { name: 'Success' }).getByText('1 of 1 unwrapped.').waitFor();
  });

  it('gives an assessment to another coach, then revokes it from SCO Given', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const query = 'sort=info&order=asc&pageSize=10';
    const list = await bff<AssessmentList>(portal, `/api/assessments?${query}`);
    const target = list.items.find((item) => item.permissions.canAssignSco && item.toCoaches.length === 0);
    if (!target) throw new Error('no assessment to give');
    await openAt(page, query, list);
    await tickRow(page, indexOf(list, target.id));
    await more(page, 'Assign SCO');
    const dialog = page.getByRole('dialog', { name: 'Assign Secondary Coach Ownership' });
    const email = dialog.getByLabel("Coach's e-mail address");
    const proceed = dialog.getByRole('button', { name: 'Proceed' });
    await email.fill('not-an-address');
    await dialog.getByText('Please enter a valid email address.').waitFor();
    expect(await proceed.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await email.fill('nobody@example.test');
    await proceed.click();
    await dialog.getByText(/^That email address is not associated with a coach registered on the .+ system$/).waitFor();
    await email.fill('peer@coachportal.test');
    await proceed.click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText('1 assessment given to peer@coachportal.test.').waitFor();
    await done.getByRole('button', { name: 'OK' }).click();

    const given = await bff<AssessmentList>(portal, '/api/assessments?view=given&pageSize=500&sort=info&order=asc');
    expect(given.items.some((item) => item.id === target.id)).toBe(true);
    await page.goto(portal.url('/coachportal/sco-given?pageSize=500&sort=info&order=asc'));
    await countText(page, `${given.total} records`).waitFor();
    await tickRow(page, indexOf(given, target.id));
    await page.getByRole('button', { name: 'Revoke SCO' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Warning' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog', { name: 'Success' }).getByText('1 of 1 revoked.').waitFor();
    await expectNoAxeViolations(page);
    const after = await bff<AssessmentList>(portal, '/api/assessments?view=given&pageSize=500');
    expect(after.items.some((item) => item.id === target.id)).toBe(false);
    expect(await dataRows(page).count()).toBeGreaterThanOrEqual(0);
  });

  it("edits two assessments' project, prefilling only what they agree on, and locks a completed one's name", async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const query = 'filter=notInvitedYet&sort=info&order=asc&pageSize=10';
    const list = await bff<AssessmentList>(portal, `/api/assessments?${query}`);
    const [a, b] = list.items.filter((item) => item.permissions.canEdit);
    if (!a || !b) throw new Error('no two editable assessments');
    await openAt(page, query, list);
    await tickRow(page, indexOf(list, a.id));
    await tickRow(page, indexOf(list, b.id));
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit' });
    // Two clients: their names differ, so the fields start empty.
    expect(await dialog.getByLabel('Surname').inputValue()).toBe(a.clientSurname === b.clientSurname ? a.clientSurname : '');
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('E-mail').fill('not-an-address');
    await save.click();
    await dialog.getByText('Please provide a valid email address.').waitFor();
    await dialog.getByLabel('E-mail').fill('');
    const project = `Edited ${viewport} ${Date.now()}`;
    await dialog.getByLabel('Project').fill(project);
    await expectNoAxeViolations(page);
    await save.click();
    await page.getByRole('alertdialog', { name: 'Success' }).getByText('2 of 2 updated.').waitFor();
    const after = await bff<AssessmentList>(portal, `/api/assessments?q=${encodeURIComponent(project)}&pageSize=500`);
    expect(after.items.map((item) => item.id).sort()).toEqual([a.id, b.id].sort());

    const done = await bff<AssessmentList>(portal, '/api/assessments?filter=completeSendReport&sort=info&order=asc&pageSize=10');
    const completed = done.items.find((item) => item.permissions.canEdit);
    if (!completed) throw new Error('no completed own assessment');
    await openAt(page, 'filter=completeSendReport&sort=info&order=asc&pageSize=10', done);
    await tickRow(page, indexOf(done, completed.id));
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const locked = page.getByRole('dialog', { name: 'Edit' });
    expect(await locked.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await locked.getByLabel('Project').isDisabled()).toBe(false);
    await page.keyboard.press('Escape');
  });
});
