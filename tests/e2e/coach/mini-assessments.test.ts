// The Mini-Assessments page (spec coach-shell §2.4, §8, §9) for the demo coach: opened from the drawer, the public
// link with Copy Link ('Copied to clipboard'), the results as the BFF lists them on the shared table (desktop and
// phone columns), a report opening in a new tab, the spreadsheet saved, and its failure as the 'Failed' alert.
// The flows at desktop; at phone width the page from the drawer behind Menu with the phone's columns and the
// 'Failed' alert, axe on every state.
import type { components } from '../../../generated/bff.ts';
import { escapeRegExp } from '../assessments/assessments-steps.ts';
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, setFaults, test } from '../support/fixtures.ts';

type MiniAssessmentPage = components['schemas']['MiniAssessmentPage'];

test.use({ account: DEMO });

async function bffMiniAssessments(page: Page): Promise<MiniAssessmentPage> {
  const response = await page.request.get('/api/mini-assessments?pageSize=500');
  expect(response.status()).toBe(200);
  return (await response.json()) as MiniAssessmentPage;
}

async function openMiniAssessments(page: Page, layout: string): Promise<void> {
  await openDashboard(page);
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mini-Assessments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mini-Assessments' })).toBeVisible();
}

/** The table's rows as the BFF lists them: the record count, the columns (sort arrows aside), the newest first. */
async function expectTable(page: Page, expected: MiniAssessmentPage, columns: string[]): Promise<void> {
  const table = page.getByRole('grid', { name: 'Mini-assessments' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(`${expected.total} records`)).toHaveCount(1);
  await expect(table.getByRole('columnheader')).toHaveText(columns.map((column) => new RegExp(`^[\\s▲▼↕]*${column}[\\s▲▼↕]*$`)));
  const newest = expected.items[0];
  if (!newest) throw new Error('no mini-assessment');
  await expect(table.getByRole('rowheader').first()).toContainText(`${newest.name} ${newest.surname}`);
}

/** Asks for the spreadsheet while the legacy API fails it; the 'Failed' alert shows. */
async function failedSpreadsheet(page: Page) {
  await setFaults({ serverErrors: { downloadMiniAssessmentsSpreadsheet: 503 } });
  await page.getByRole('button', { name: 'Download spreadsheet' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Failed' });
  await expect(alert).toBeVisible();
  return alert;
}

test('lists the results as the BFF does, copies the public link and opens a report in a new tab', async ({ page, baseURL }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL ?? '').origin });
  const expected = await bffMiniAssessments(page);
  expect(expected.total).toBeGreaterThan(0);
  await openMiniAssessments(page, 'desktop');
  await expectTable(page, expected, ['Info', 'Language', 'Ennea', 'Trifix', 'Report', 'Started', 'Completed']);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByText('Copied to clipboard', { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected.selfRegistrationUrl);

  const completed = expected.items.find((row) => row.reportUrl);
  if (!completed?.reportUrl) throw new Error('no completed mini-assessment');
  const table = page.getByRole('grid', { name: 'Mini-assessments' });
  await page.getByRole('searchbox').fill(completed.email);
  await expect(page).toHaveURL(/q=/);
  // The e-mail is the record's own: wait for the table to show only it (names repeat in the demo data).
  await expect(table.getByRole('rowheader')).toHaveText([new RegExp(escapeRegExp(completed.email))]);
  const opened = page.context().waitForEvent('page');
  await table.getByRole('link', { name: new RegExp(`^Report of ${escapeRegExp(`${completed.name} ${completed.surname}`)}`) }).click();
  const tab = await opened;
  // The report's address is the BFF's path (on the portal's host), whatever its query.
  await expect(tab).toHaveURL(new RegExp(`^https?://[^/]+${escapeRegExp(completed.reportUrl)}([?#]|$)`));
  await tab.close();
});

test("saves the spreadsheet, and shows the 'Failed' alert when the legacy API fails it", async ({ page }) => {
  await openMiniAssessments(page, 'desktop');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download spreadsheet' }).click();
  expect((await download).suggestedFilename()).toMatch(/^mini-assessments-\d{4}-\d{2}-\d{2}\.xlsx$/);

  const alert = await failedSpreadsheet(page);
  await expectNoAxeViolations(page);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test("shows the phone's columns, from the drawer behind Menu, and the 'Failed' alert", async ({ page }) => {
    const expected = await bffMiniAssessments(page);
    await openMiniAssessments(page, 'phone');
    await expectTable(page, expected, ['Info', 'Ennea Results', 'Completed']);
    await expectNoAxeViolations(page);
    const alert = await failedSpreadsheet(page);
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toHaveCount(0);
  });
});
