// Export of a table (the toolbar's More menu): the assessments table's filtered, sorted view saved as CSV and as a
// workbook, and the Teams table's searched view as CSV, each read back: the visible columns' labels as headers, the
// filtered count of rows, a date as the table shows it. At desktop; the writers, the limit, the other tables and the
// roles are the BFF's tests (bff/downloads/table-export.test.ts, table-exports-sandbox.test.ts,
// bff/routes/assessments/assessment-export-sandbox.test.ts), the menu's states the web's (table-export.test.tsx).
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { parseCsv } from '../../../bff/downloads/csv-test-support.ts';
import type { TeamRow } from '../coach/teams-steps.ts';
import { DEMO, expect, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, dataRows, escapeRegExp, firstRowIs, openAssessments } from './assessments-steps.ts';

test.use({ account: DEMO });

const VIEW = '?filter=completeSendReport&sort=completedAt&order=asc';
const LABELS = [
  'Info',
  'Company',
  'Project',
  'Ennea Results',
  'Maturity Results',
  'Assessment',
  'Lang',
  'Created',
  'Registered',
  'Completed',
  'From Coach',
];
const COMPLETED = LABELS.indexOf('Completed');

/** Presses More → `item` and answers the saved file's name and bytes. */
async function exportAs(page: Page, item: string): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
  const saved = await download;
  const path = await saved.path();
  return { name: saved.suggestedFilename(), bytes: await readFile(path) };
}

test('exports the filtered, sorted view as CSV and as Excel, as the table shows it', async ({ page }) => {
  const list = await bff<AssessmentList>(page, `/api/assessments${VIEW}&pageSize=500`);
  await openAssessments(page, VIEW);
  await firstRowIs(page, list);
  await expect(countText(page, `${list.filteredTotal} of ${list.total} records`)).toBeVisible();
  for (const label of LABELS) await expect(page.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(label)}`) })).toBeVisible();
  // The first row's Completed date as the table shows it (its cells: the checkbox, then every column but Info, the row header).
  const shownDate = list.items[0]?.completedAt?.slice(0, 10) ?? '';
  expect(shownDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(dataRows(page).first().getByRole('gridcell').nth(COMPLETED)).toHaveText(shownDate);

  const csv = await exportAs(page, 'Export as CSV');
  expect(csv.name).toMatch(/^assessments-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(csv.bytes.toString('utf8'));
  expect(header).toEqual(LABELS);
  expect(rows).toHaveLength(list.filteredTotal);
  expect(rows[0]?.[COMPLETED]).toBe(shownDate);

  const xlsx = await exportAs(page, 'Export as Excel');
  expect(xlsx.name).toMatch(/^assessments-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.bytes as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(LABELS);
  expect(sheet.actualRowCount).toBe(list.filteredTotal + 1);
  const date = sheet.getRow(2).getCell(COMPLETED + 1);
  expect(date.numFmt).toBe('yyyy-mm-dd');
  expect((date.value as Date).toISOString().slice(0, 10)).toBe(shownDate);
});

test('exports the searched, sorted Teams view as CSV, as the table shows it', async ({ page }) => {
  const VIEW_TEAMS = '?q=team&sort=name&order=asc';
  type TeamPage = { items: TeamRow[]; total: number; filteredTotal: number; hasGiven: boolean; hasReceived: boolean };
  const list = await bff<TeamPage>(page, `/api/teams${VIEW_TEAMS}&pageSize=500`);
  const [first] = list.items;
  if (!first) throw new Error('the BFF answered no teams');
  expect(list.filteredTotal).toBeLessThan(list.total);
  await page.goto(`/coachportal/teams${VIEW_TEAMS}`);
  await expect(dataRows(page).first().getByRole('rowheader')).toHaveText(first.name);
  await expect(countText(page, `${list.filteredTotal} of ${list.total} records`)).toBeVisible();
  const labels = [
    'Name',
    'Description',
    'Project',
    'Number of Members',
    'Created',
    'Report Requested',
    'Due Date',
    'Report',
    ...(list.hasGiven ? ['Given To'] : []),
    ...(list.hasReceived ? ['Received From'] : []),
  ];
  const created = labels.indexOf('Created');
  // The first row's Created date as the table shows it (its cells: the checkbox, then every column but Name, the row header).
  const shownDate = first.createdAt.slice(0, 10);
  await expect(dataRows(page).first().getByRole('gridcell').nth(created)).toHaveText(shownDate);

  const csv = await exportAs(page, 'Export as CSV');
  expect(csv.name).toMatch(/^teams-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(csv.bytes.toString('utf8'));
  expect(header).toEqual(labels);
  expect(rows.map((row) => row[0])).toEqual(list.items.map((team) => team.name));
  expect(rows[0]?.[created]).toBe(shownDate);
});
