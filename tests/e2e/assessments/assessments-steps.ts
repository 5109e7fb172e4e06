// Shared steps of the assessments browser tests: the BFF's own answers, read in the test (with the page's
// session) to know what the page must show, and the table as the user sees it.
import type { components } from '../../../generated/bff.ts';
import { expect, type Page } from '../support/fixtures.ts';

export type AssessmentList = components['schemas']['AssessmentList'];
export type ClientList = components['schemas']['ClientList'];
export type ClientDetails = components['schemas']['ClientDetails'];

/** GET a BFF read with the page's session, as the page would. */
export async function bff<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The assessments page, opened from its address (the page's account is signed in), its first rows shown. */
export async function openAssessments(page: Page, query = ''): Promise<void> {
  await page.goto(`/coachportal/assessments${query}`);
  await expect(dataRows(page).first()).toBeVisible();
}

export const grid = (page: Page) => page.getByRole('grid');
/** The data rows (the header row left out). */
export const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
/** The record count as shown: exactly `text` ('306 records', '5 of 306 records'), after 'Filtered' when filtered. */
export const countText = (page: Page, text: string) =>
  page.locator('.data-table__count').filter({ hasText: new RegExp(`^(Filtered )?${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** Waits until the table's first row is `list`'s first row. */
export async function firstRowIs(page: Page, list: AssessmentList): Promise<void> {
  const [first] = list.items;
  if (!first) throw new Error('the BFF answered no rows');
  await expect(dataRows(page).first().getByRole('rowheader')).toHaveText(
    new RegExp(escapeRegExp(`${first.clientName} ${first.clientSurname}`)),
  );
}

/** Ticks a row's checkbox (the visible box is the input's label). */
export async function tickRow(page: Page, index: number): Promise<void> {
  await dataRows(page).nth(index).locator('.checkbox').click();
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The width under which the toolbar folds its actions into More (the phone layout; desktop is 1280 wide). */
const FOLDED_TOOLBAR_WIDTH = 768;

/**
 * Presses a toolbar action as the user reaches it: its button; on a phone, where a long toolbar keeps only Add and
 * More in view, More's item of that name.
 */
export async function pressAction(page: Page, name: string): Promise<void> {
  if ((page.viewportSize()?.width ?? FOLDED_TOOLBAR_WIDTH) < FOLDED_TOOLBAR_WIDTH) {
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
    return;
  }
  await page.getByRole('button', { name, exact: true }).click();
}
