// The assessments toolbar's selection rules and read-only actions in the browser (spec
// assessments-and-clients §2.3, §2.4, §8): select-all across pages and Uncheck All, buttons enabled
// by the selection count, View Details, History, Copy Assessment Link, Download Details (desktop),
// and the SCO Given view. Expected values come from the BFF in the same test. The flows at desktop;
// at phone width the More menu without Download Details, the Details, History and copied-link dialogs
// and the SCO Given view without its To Coach column; axe on every state.
import type { components } from '../../../generated/bff.ts';
import { DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, dataRows, pressAction, tickRow } from './assessments-steps.ts';

type History = components['schemas']['AssessmentHistory'];

test.use({ account: DEMO, permissions: ['clipboard-read', 'clipboard-write'] });

const BY_NAME = 'sort=info&order=asc&pageSize=10';

/** The first page of ten by name, with an own, incomplete assessment on it ticked; its row and invites. */
async function tickIncomplete(page: Page): Promise<{ row: AssessmentList['items'][number]; index: number; invites: History }> {
  const list = await bff<AssessmentList>(page, `/api/assessments?${BY_NAME}`);
  const row = list.items.find((item) => !item.receivedFromAnotherCoach && !item.completedAt);
  if (!row) throw new Error('no own, incomplete assessment in the demo data');
  const index = list.items.indexOf(row);
  const invites = await bff<History>(page, `/api/assessments/${row.id}/history?kind=invite`);
  await page.goto(`/coachportal/assessments?${BY_NAME}`);
  await expect(countText(page, `${list.total} records`)).toBeVisible();
  await tickRow(page, index);
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  return { row, index, invites };
}

/** The History dialog of `row`, its invites shown (or the note that there are none), then closed. */
async function showHistory(page: Page, row: AssessmentList['items'][number], invites: History): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History: ${row.clientName} ${row.clientSurname}` });
  if (invites.items.length === 0) {
    await expect(history.getByText('no sent records found')).toBeVisible();
    await expect(history.getByText('Invites may have been sent before 17 March 2022, when logging began.')).toBeVisible();
  } else {
    await expect(history.getByRole('row').nth(invites.items.length)).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(invites.items.length + 1);
  }
  await expectNoAxeViolations(page);
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
}

/** Copy Assessment Link: the note shows the link the clipboard holds; closed. */
async function copyLink(page: Page): Promise<void> {
  await pressAction(page, 'Copy Assessment Link');
  const note = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(note.getByText('The assessment link has been copied to your clipboard.', { exact: false })).toBeVisible();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      link = await page.evaluate(() => navigator.clipboard.readText());
      return link;
    })
    .toContain('/register/token?userToken=');
  await expect(note.getByText(link)).toBeVisible();
  await expectNoAxeViolations(page);
  await note.getByRole('button', { name: 'OK' }).click();
}

test('selects every filtered record across pages, unchecks all, and enables buttons by the selection count', async ({ page }) => {
  const list = await bff<AssessmentList>(page, '/api/assessments?pageSize=10');
  await page.goto('/coachportal/assessments?pageSize=10');
  await expect(countText(page, `${list.total} records`)).toBeVisible();
  const copy = page.getByRole('button', { name: 'Copy Assessment Link' });
  const details = page.getByRole('button', { name: 'View Details' });
  await expect(copy).toBeDisabled();
  await expect(details).toBeDisabled();

  await page.getByRole('columnheader').locator('.checkbox').click();
  await expect(page.getByText(`${list.filteredTotal} selected`, { exact: true })).toBeVisible();
  expect(list.filteredTotal).toBeGreaterThan(10);
  await expect(copy).toBeDisabled();
  await expect(details).toBeEnabled();
  await expectNoAxeViolations(page);
  // Still selected on the next page.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`11–20 of ${list.total}`)).toBeVisible();
  await expect(dataRows(page).first()).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Uncheck All' }).click();
  await expect(page.getByText(/^\d+ selected$/)).toHaveCount(0);
  // The keyboard: arrows move through the grid, Space selects the row.
  await page.getByRole('grid').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText(/^\d+ selected$/)).toHaveCount(0);
  await tickRow(page, 0);
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await expect(copy).toBeEnabled();
  await tickRow(page, 1);
  await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
  await expect(copy).toBeDisabled();

  await page.getByRole('button', { name: 'More' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'History' })).toHaveAttribute('aria-disabled', 'true');
  // Download Details is desktop only (spec §2.3).
  await expect(menu.getByRole('menuitem', { name: 'Download Details' })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('views details, shows the history, copies the assessment link and downloads the mailing details', async ({ page }) => {
  const { row, index, invites } = await tickIncomplete(page);

  await page.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Details' });
  // One assessment: its fields as a list, also at desktop size (a table of 20 columns scrolls sideways).
  await expect(details.getByRole('list')).toBeVisible();
  await expect(details.getByText(row.clientEmail, { exact: true })).toBeVisible();
  await expect(details.getByText('Token (developer test)')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await showHistory(page, row, invites);
  await copyLink(page);
  // The copy counts as invited: the list is asked again and shows it.
  if (row.inviteState === 'notInvited') await expect(dataRows(page).nth(index).getByText('Invited', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'More' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download Details' }).click();
  await expect(page.getByText('Downloading...').first()).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/\.\w+$/);
});

test('a row ticked on one page keeps its client in History and Add Assessment to Existing Client opened from another', async ({ page }) => {
  const { row } = await tickIncomplete(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(/^11–20 of/)).toBeVisible();

  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History: ${row.clientName} ${row.clientSurname}` });
  await expect(history).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'Add Assessment to Existing Client' }).click();
  const existing = page.getByRole('dialog', { name: 'Add Assessment to Existing Client' });
  await expect(existing.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(row.clientEmail);
});

test('shows the SCO Given view with the To Coach column and no read-only actions', async ({ page }) => {
  const given = await bff<AssessmentList>(page, '/api/assessments?view=given');
  await page.goto('/coachportal/sco-given');
  await expect(page.getByRole('heading', { level: 1, name: 'SCO Given' })).toBeVisible();
  await expect(countText(page, `${given.total} records`)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(given.items.length);
  await expect(page.getByRole('columnheader', { name: /To Coach/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Details' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the toolbar and the More menu, without Download Details', async ({ page }) => {
    const list = await bff<AssessmentList>(page, '/api/assessments?pageSize=10');
    await page.goto('/coachportal/assessments?pageSize=10');
    await expect(countText(page, `${list.total} records`)).toBeVisible();
    // A phone keeps Add and More in view; the frequent actions head the More menu.
    await expect(page.getByRole('group', { name: 'Actions' }).getByRole('button')).toHaveText([/Add/, /More/]);
    await tickRow(page, 0);
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Copy Assessment Link' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'History' })).toBeVisible();
    // Download Details is desktop only (spec §2.3).
    await expect(menu.getByRole('menuitem', { name: 'Download Details' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('the Details (a list of fields), History and copied-link dialogs fit a phone', async ({ page }) => {
    const { row, invites } = await tickIncomplete(page);
    await pressAction(page, 'View Details');
    const details = page.getByRole('dialog', { name: 'Details' });
    // A list of fields per assessment on a phone.
    await expect(details.getByText(row.clientEmail, { exact: true })).toBeVisible();
    await expect(details.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await showHistory(page, row, invites);
    await copyLink(page);
  });

  test('the SCO Given view, without the To Coach column', async ({ page }) => {
    const given = await bff<AssessmentList>(page, '/api/assessments?view=given');
    await page.goto('/coachportal/sco-given');
    await expect(page.getByRole('heading', { level: 1, name: 'SCO Given' })).toBeVisible();
    await expect(countText(page, `${given.total} records`)).toBeVisible();
    await expect(dataRows(page).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /To Coach/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
