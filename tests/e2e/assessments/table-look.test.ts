// How the shared table's controls look on the assessments table at desktop size (coach-shell §2.2): the page
// numbers in line with the page on screen, and a toolbar button disabled for the selection drawn lighter than an
// enabled one (the enabled one's outline, muted), not as a filled block.
import { DEMO, expect, type Locator, test } from '../support/fixtures.ts';
import { dataRows } from './assessments-steps.ts';

test.use({ account: DEMO });

/** Where a box lies: its top and height in whole px. */
const box = (locator: Locator) =>
  locator.evaluate((element) => {
    const { top, height } = element.getBoundingClientRect();
    return { top: Math.round(top), height: Math.round(height) };
  });
/** The fill and the border of a button as drawn. */
const look = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, border: style.borderTopStyle, transparent: style.borderTopColor === 'rgba(0, 0, 0, 0)' };
  });

test('puts the page numbers in line with the page on screen, in the same box', async ({ page }) => {
  await page.goto('/coachportal/assessments?pageSize=10');
  await expect(dataRows(page)).toHaveCount(10);
  const current = page.getByRole('button', { name: 'Page 1', exact: true });
  const other = page.getByRole('button', { name: 'Page 2', exact: true });
  await expect(other).toBeVisible();
  await expect.poll(() => box(other)).toEqual(await box(current));
});

test('draws a disabled toolbar button as a lighter outline than an enabled one, not a filled block', async ({ page }) => {
  await page.goto('/coachportal/assessments');
  await expect(dataRows(page).first()).toBeVisible();
  const toolbar = page.getByRole('group', { name: 'Actions' });
  // Nothing selected: Copy Assessment Link waits for one record; the More menu (secondary, as it is) opens with none.
  const disabled = toolbar.getByRole('button', { name: 'Copy Assessment Link' });
  const enabled = toolbar.getByRole('button', { name: 'More' });
  await expect(disabled).toBeDisabled();
  await expect(enabled).toBeEnabled();
  const outline = await look(enabled);
  await expect.poll(() => look(disabled)).toEqual({ ...outline, transparent: false });
  await expect(disabled).not.toHaveCSS('color', await enabled.evaluate((element) => getComputedStyle(element).color));
});
