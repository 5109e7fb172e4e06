// The dashboard's Download Summary Spreadsheet (spec coach-shell §2.3, §8) for the demo coach: the browser
// saves the workbook under the BFF's file name; a failing legacy call is the 'Failed' alert. The flows at
// desktop; the button and the alert once at phone width, axe on every state.
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, setFaults, test } from '../support/fixtures.ts';

test.use({ account: DEMO });

/** Clicks the button while the legacy download fails, and waits for the 'Failed' alert. */
async function failedDownloadAlert(page: Page) {
  await setFaults({ serverErrors: { downloadActivitySummary: 503 } });
  await page.getByRole('button', { name: 'Download Summary Spreadsheet' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Failed' });
  await expect(alert.getByText('There was an unexpected error')).toBeVisible();
  return alert;
}

test("saves the activity workbook under the BFF's file name", async ({ page }) => {
  await openDashboard(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Summary Spreadsheet' }).click();
  expect((await download).suggestedFilename()).toMatch(/^activity-summary-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expectNoAxeViolations(page);
});

test("alerts 'Failed' when the legacy download fails", async ({ page }) => {
  await openDashboard(page);
  const alert = await failedDownloadAlert(page);
  await expectNoAxeViolations(page);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test("the button and the 'Failed' alert fit a phone", async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('button', { name: 'Download Summary Spreadsheet' })).toBeVisible();
    await expectNoAxeViolations(page);
    const alert = await failedDownloadAlert(page);
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(alert).toHaveCount(0);
  });
});
