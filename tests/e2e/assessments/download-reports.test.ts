// Download Reports (spec assessments-and-clients §2.3, §4.5, §4.6, §5 "Download", §8 "Download failures"): the report
// picker ('Please select a report to download'), the progress modal that cannot be closed while it runs and counts
// the reports as they are written, Stop, and the ends: Download Complete with the zip saved by the browser, Download
// Stopped with what the saved zip holds, the failed list by name. The
// sandbox's fault switches make the legacy report fetch slow or fail. The flows at desktop, axe on every modal; the
// screen, the picker, the progress modal and Download Stopped once at phone width, with axe.
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, type Page, setFaults, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, firstRowIs, tickRow } from './assessments-steps.ts';

test.use({ account: DEMO });

const QUERY = 'sort=info&order=asc&pageSize=50';
/** At phone width ten completed rows: axe reads the whole page, and on a loaded machine fifty rows take it most of its 10 s. */
const PHONE_QUERY = 'filter=completeSendReport&sort=info&order=asc&pageSize=10';
type Item = AssessmentList['items'][number];
const fullName = (item: Item) => `${item.clientName} ${item.clientSurname}`;

/** `count` assessments of the page at `query` that offer the Enneagram Coach Overview as PDF (spec §4.5), ticked. */
async function select(page: Page, count: number, query = QUERY): Promise<Item[]> {
  const list = await bff<AssessmentList>(page, `/api/assessments?${query}`);
  const picked = list.items.filter((item) => item.availableReports.pdf.includes('enneaOverview')).slice(0, count);
  if (picked.length < count) throw new Error(`no ${count} assessments offering the Enneagram Coach Overview`);
  await page.goto(`/coachportal/assessments?${query}`);
  await expect(
    countText(page, list.filteredTotal === list.total ? `${list.total} records` : `${list.filteredTotal} of ${list.total} records`),
  ).toBeVisible();
  await firstRowIs(page, list);
  for (const item of picked) await tickRow(page, list.items.indexOf(item));
  await expect(page.getByText(`${count} selected`, { exact: true })).toBeVisible();
  return picked;
}

const selectTwo = (page: Page, query = QUERY) => select(page, 2, query);

/** Ticks a report (the visible box is the checkbox's label). */
const tick = (picker: Locator, report: string) => picker.locator('.checkbox', { hasText: report }).click();

/** Opens Download Reports, ticks the Enneagram Coach Overview and presses Download. */
async function download(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Download Reports' }).click();
  const picker = page.getByRole('dialog', { name: 'Download Reports' });
  await tick(picker, 'Enneagram Coach Overview');
  await picker.getByRole('button', { name: 'Download' }).click();
}

test('asks for a report, then saves the zip of the chosen reports: Download Complete', async ({ page }) => {
  const picked = await selectTwo(page);
  await page.getByRole('button', { name: 'Download Reports' }).click();
  const picker = page.getByRole('dialog', { name: 'Download Reports' });
  await picker.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText('Please select a report to download').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await tick(picker, 'Enneagram Coach Overview');
  const saved = page.waitForEvent('download');
  await picker.getByRole('button', { name: 'Download' }).click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('Download Complete')).toBeVisible();
  await expectNoAxeViolations(page);
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^reports-.*\.zip$/);
  const zip = await readFile((await file.path()) ?? '');
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  // The zip names each file `{surname} {name} - {report name}.pdf` (contract: downloadReportArchive).
  for (const item of picked) {
    expect(zip.includes(Buffer.from(`${item.clientSurname} ${item.clientName} - Enneagram Coach Overview.pdf`))).toBe(true);
  }
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
});

test('cannot be closed while it runs, and Stop ends it: Download Stopped', async ({ page }) => {
  await selectTwo(page);
  // Each legacy report fetch takes a minute: the job runs until Stop.
  await setFaults({ latencyMs: { downloadCoachReport: 60_000 } });
  await download(page);
  const progress = page.getByRole('alertdialog', { name: 'Download Reports' });
  await expect(progress.getByRole('progressbar', { name: 'Please wait' })).toBeVisible();
  await expect(progress.getByText('0 of 2')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(progress).toBeVisible();
  await progress.getByRole('button', { name: 'Stop' }).click();
  const stopped = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(stopped.getByText('Download Stopped')).toBeVisible();
  // Nothing was written before Stop: no zip is saved, and the alert says so.
  await expect(stopped.getByText('The download was stopped before any report was written: no zip was saved.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('counts the reports as they are written, and after Stop says how many the saved zip holds', async ({ page }) => {
  await select(page, 8);
  // Each report takes a second: the job writes a few, then a few more, while the bar follows it.
  await setFaults({ latencyMs: { downloadCoachReport: 1000 } });
  const saved = page.waitForEvent('download');
  await download(page);
  const progress = page.getByRole('alertdialog', { name: 'Download Reports' });
  const bar = progress.getByRole('progressbar', { name: 'Please wait' });
  await expect(bar).toHaveAttribute('aria-valuetext', /^[1-7] of 8$/);
  await progress.getByRole('button', { name: 'Stop' }).click();
  const stopped = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(stopped.getByText('Download Stopped')).toBeVisible();
  await expect(stopped.getByText(/^The download was stopped: the zip holds [1-7] of 8 reports\.$/)).toBeVisible();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^reports-.*\.zip$/);
});

test('lists the report that could not be generated by name; a failing legacy API fails them all', async ({ page }) => {
  const picked = await selectTwo(page);
  const [kept, failing] = picked as [Item, Item];
  await setFaults({ failingItems: [failing.id] });
  await download(page);
  const partial = page.getByRole('alertdialog', { name: 'Failed' });
  await expect(
    partial.getByText('The following report(s) could not be generated. The team has been notified and will be in touch.'),
  ).toBeVisible();
  const listed = partial.getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`${fullName(failing)}, Enneagram Coach Overview: `);
  await expect(listed.filter({ hasText: fullName(kept) })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await partial.getByRole('button', { name: 'OK' }).click();
  await expect(partial).toBeHidden();

  await setFaults({ serverErrors: { downloadCoachReport: 503 } });
  await download(page);
  const failed = page.getByRole('alertdialog', { name: 'Failed' });
  await expect(
    failed.getByText('The following report(s) could not be generated. The team has been notified and will be in touch.'),
  ).toBeVisible();
  await expect(failed.getByRole('listitem')).toHaveCount(2);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the screen, the picker, the progress modal and Download Stopped fit a phone', async ({ page }) => {
    await selectTwo(page, PHONE_QUERY);
    await expectNoAxeViolations(page);
    // A phone keeps the frequent actions at the head of the More menu.
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Download Reports' }).click();
    const picker = page.getByRole('dialog', { name: 'Download Reports' });
    await picker.getByRole('button', { name: 'Download' }).click();
    await expect(page.getByText('Please select a report to download').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await setFaults({ latencyMs: { downloadCoachReport: 60_000 } });
    await tick(picker, 'Enneagram Coach Overview');
    await picker.getByRole('button', { name: 'Download' }).click();
    const progress = page.getByRole('alertdialog', { name: 'Download Reports' });
    await expect(progress.getByText('0 of 2')).toBeVisible();
    await expectNoAxeViolations(page);
    await progress.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Please Note' }).getByText('Download Stopped')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
