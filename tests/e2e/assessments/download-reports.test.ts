// Download Reports (spec assessments-and-clients §2.3, §4.5, §4.6, §5 "Download", §8 "Download failures"): the report
// picker ('Please select a report to download'), the progress modal that cannot be closed while it runs, Stop, and
// the ends: Download Complete with the zip saved by the browser, Download Stopped, the failed list by name. The
// sandbox's fault switches make the legacy report fetch slow or fail. Desktop and phone, axe on every modal.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { setFaults } from '../coach/coach-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, countText, signIn, tickRow } from './assessments-steps.ts';

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await setFaults(null);
  await portal?.close();
  portal = undefined;
});

const QUERY = 'sort=info&order=asc&pageSize=50';
type Item = AssessmentList['items'][number];
const fullName = (item: Item) => `${item.clientName} ${item.clientSurname}`;

/** Two assessments of the page that offer the Enneagram Coach Overview as PDF (spec §4.5), ticked. */
async function selectTwo(portal: PortalPage): Promise<{ page: Page; picked: Item[] }> {
  const page = await signIn(portal);
  const list = await bff<AssessmentList>(portal, `/api/assessments?${QUERY}`);
  const picked = list.items.filter((item) => item.availableReports.pdf.includes('enneaOverview')).slice(0, 2);
  if (picked.length < 2) throw new Error('no two assessments offering the Enneagram Coach Overview');
  await page.goto(portal.url(`/coachportal/assessments?${QUERY}`));
  await countText(page, `${list.total} records`).waitFor();
  for (const item of picked) await tickRow(page, list.items.indexOf(item));
  await page.getByText('2 selected', { exact: true }).waitFor();
  return { page, picked };
}

/** Ticks a report (the visible box is the checkbox's label). */
const tick = (picker: Locator, report: string) => picker.locator('.checkbox', { hasText: report }).click();

/** Opens Download Reports, ticks the Enneagram Coach Overview and presses Download. */
async function download(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Download Reports' }).click();
  const picker = page.getByRole('dialog', { name: 'Download Reports' });
  await tick(picker, 'Enneagram Coach Overview');
  await picker.getByRole('button', { name: 'Download' }).click();
}

describe.each(VIEWPORT_NAMES)('Download Reports at %s size', (viewport) => {
  it('asks for a report, then saves the zip of the chosen reports: Download Complete', async () => {
    portal = await openPortal(browser(), viewport);
    const { page, picked } = await selectTwo(portal);
    await page.getByRole('button', { name: 'Download Reports' }).click();
    const picker = page.getByRole('dialog', { name: 'Download Reports' });
    await picker.getByRole('button', { name: 'Download' }).click();
    await page.getByText('Please select a report to download').first().waitFor();
    await expectNoAxeViolations(page);

    await tick(picker, 'Enneagram Coach Overview');
    const saved = page.waitForEvent('download');
    await picker.getByRole('button', { name: 'Download' }).click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await done.getByText('Download Complete').waitFor();
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
  });

  it('cannot be closed while it runs, and Stop ends it: Download Stopped', async () => {
    portal = await openPortal(browser(), viewport);
    const { page } = await selectTwo(portal);
    // Each legacy report fetch takes a minute: the job runs until Stop.
    await setFaults({ latencyMs: { downloadCoachReport: 60_000 } });
    await download(page);
    const progress = page.getByRole('alertdialog', { name: 'Download Reports' });
    await progress.getByRole('progressbar', { name: 'Please wait' }).waitFor();
    await progress.getByText('0 of 2').waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    expect(await progress.isVisible()).toBe(true);
    await progress.getByRole('button', { name: 'Stop' }).click();
    const stopped = page.getByRole('alertdialog', { name: 'Please Note' });
    await stopped.getByText('Download Stopped').waitFor();
    await expectNoAxeViolations(page);
  });

  it('lists the report that could not be generated by name; a failing legacy API fails them all', async () => {
    portal = await openPortal(browser(), viewport);
    const { page, picked } = await selectTwo(portal);
    const [kept, failing] = picked as [Item, Item];
    await setFaults({ failingItems: [failing.id] });
    await download(page);
    const partial = page.getByRole('alertdialog', { name: 'Failed' });
    await partial.getByText('The following report(s) could not be generated. The team has been notified and will be in touch.').waitFor();
    const listed = await partial.getByRole('listitem').allInnerTexts();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain(`${fullName(failing)}, Enneagram Coach Overview: `);
    expect(listed.join('\n')).not.toContain(fullName(kept));
    await expectNoAxeViolations(page);
    await partial.getByRole('button', { name: 'OK' }).click();

    await setFaults({ serverErrors: { downloadCoachReport: 503 } });
    await download(page);
    const failed = page.getByRole('alertdialog', { name: 'Failed' });
    await failed.getByText('The following report(s) could not be generated. The team has been notified and will be in touch.').waitFor();
    expect(await failed.getByRole('listitem').count()).toBe(2);
  });
});
