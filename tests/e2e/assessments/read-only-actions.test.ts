// The assessments toolbar's selection rules and read-only actions in the browser (spec
// assessments-and-clients §2.3, §2.4, §8): select-all across pages and Uncheck All, buttons enabled
// by the selection count, View Details, History, Copy Assessment Link, Download Details (desktop),
// and the SCO Given view. Expected values come from the BFF in the same test. Desktop and phone,
// axe on every state.
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, countText, dataRows, signIn, tickRow } from './assessments-steps.ts';

type History = components['schemas']['AssessmentHistory'];

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

describe.each(VIEWPORT_NAMES)('the assessments toolbar at %s size', (viewport) => {
  it('selects every filtered record across pages, unchecks all, and enables buttons by the selection count', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const list = await bff<AssessmentList>(portal, '/api/assessments?pageSize=10');
    await page.goto(portal.url('/coachportal/assessments?pageSize=10'));
    await countText(page, `${list.total} records`).waitFor();
    const copy = page.getByRole('button', { name: 'Copy Assessment Link' });
    const details = page.getByRole('button', { name: 'View Details' });
    expect(await copy.isDisabled()).toBe(true);
    expect(await details.isDisabled()).toBe(true);

    await page.getByRole('columnheader').locator('.checkbox').click();
    await page.getByText(`${list.filteredTotal} selected`, { exact: true }).waitFor();
    expect(list.filteredTotal).toBeGreaterThan(10);
    expect(await copy.isDisabled()).toBe(true);
    expect(await details.isDisabled()).toBe(false);
    await expectNoAxeViolations(page);
    // Still selected on the next page.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`11–20 of ${list.total}`).waitFor();
    expect(await dataRows(page).first().getAttribute('aria-selected')).toBe('true');

    await page.getByRole('button', { name: 'Uncheck All' }).click();
    expect(await page.getByText(/^\d+ selected$/).count()).toBe(0);
    // The keyboard: arrows move through the grid, Space selects the row.
    await page.getByRole('grid').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.getByText('1 selected', { exact: true }).waitFor();
    await page.keyboard.press('Space');
    expect(await page.getByText(/^\d+ selected$/).count()).toBe(0);
    await tickRow(page, 0);
    await page.getByText('1 selected', { exact: true }).waitFor();
    expect(await copy.isDisabled()).toBe(false);
    await tickRow(page, 1);
    await page.getByText('2 selected', { exact: true }).waitFor();
    expect(await copy.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem', { name: 'History' }).getAttribute('aria-disabled')).toBe('true');
    // Download Details is desktop only (spec §2.3).
    expect(await menu.getByRole('menuitem', { name: 'Download Details' }).count()).toBe(viewport === 'desktop' ? 1 : 0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
  });

  it('views details, shows the history, copies the assessment link and downloads the mailing details', async () => {
    portal = await openPortal(browser(), viewport);
    await portal.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await signIn(portal);
    const list = await bff<AssessmentList>(portal, '/api/assessments?sort=info&order=asc&pageSize=10');
    const row = list.items.find((item) => !item.receivedFromAnotherCoach && !item.completedAt);
    if (!row) throw new Error('no own, incomplete assessment in the demo data');
    const index = list.items.indexOf(row);
    const invites = await bff<History>(portal, `/api/assessments/${row.id}/history?kind=invite`);

    await page.goto(portal.url('/coachportal/assessments?sort=info&order=asc&pageSize=10'));
    await countText(page, `${list.total} records`).waitFor();
    await tickRow(page, index);
    await page.getByText('1 selected', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Details' });
    // A table at desktop size, a list of fields per assessment on a phone.
    await details.getByText(row.clientEmail, { exact: true }).waitFor();
    expect(await details.getByText('Token (developer test)').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `History: ${row.clientName} ${row.clientSurname}` });
    if (invites.items.length === 0) {
      await history.getByText('no sent records found').waitFor();
      await history.getByText('Invites may have been sent before 17 March 2022, when logging began.').waitFor();
    } else {
      await history.getByRole('row').nth(invites.items.length).waitFor();
      expect(await history.getByRole('row').count()).toBe(invites.items.length + 1);
    }
    await expectNoAxeViolations(page);
    await history.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Copy Assessment Link' }).click();
    const note = page.getByRole('alertdialog', { name: 'Please Note' });
    await note.getByText('The assessment link has been copied to your clipboard.', { exact: false }).waitFor();
    await page.getByText('Copied to clipboard').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('/register/token?userToken=');
    await note.getByText(link).waitFor();
    await expectNoAxeViolations(page);
    await note.getByRole('button', { name: 'OK' }).click();
    // The copy counts as invited: the list is asked again and shows it.
    if (row.inviteState === 'notInvited') await dataRows(page).nth(index).getByText('Invited', { exact: true }).waitFor();

    if (viewport === 'desktop') {
      await page.getByRole('button', { name: 'More' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Download Details' }).click();
      await page.getByText('Downloading...').first().waitFor();
      expect((await download).suggestedFilename()).toMatch(/\.\w+$/);
    }
  });

  it('shows the SCO Given view with the To Coach column and no read-only actions', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const given = await bff<AssessmentList>(portal, '/api/assessments?view=given');
    await page.goto(portal.url('/coachportal/sco-given'));
    await page.getByRole('heading', { level: 1, name: 'SCO Given' }).waitFor();
    await countText(page, `${given.total} records`).waitFor();
    expect(await dataRows(page).count()).toBe(given.items.length);
    if (viewport === 'desktop') await page.getByRole('columnheader', { name: /To Coach/ }).waitFor();
    expect(await page.getByRole('button', { name: 'View Details' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
