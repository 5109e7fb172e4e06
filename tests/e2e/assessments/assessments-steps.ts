// Shared steps of the assessments browser tests: a session made through the BFF's API (the sign-in
// form has its own tests) and the BFF's own answers, read in the test to know what the page must show.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { PASSWORD } from '../auth/auth-steps.ts';
import type { PortalPage } from '../support/browser.ts';

export type AssessmentList = components['schemas']['AssessmentList'];
export type ClientList = components['schemas']['ClientList'];
export type ClientDetails = components['schemas']['ClientDetails'];

export async function signIn(portal: PortalPage, email = 'demo@coachportal.test'): Promise<Page> {
  const login = await portal.page.request.post(portal.url('/api/session'), {
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  return portal.page;
}

/** GET a BFF read with the page's session, as the page would. */
export async function bff<T>(portal: PortalPage, path: string): Promise<T> {
  const response = await portal.page.request.get(portal.url(path));
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
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

/** The first row's client name, once the page shows `expected`'s first row. */
export async function firstRowIs(page: Page, list: AssessmentList): Promise<void> {
  const [first] = list.items;
  if (!first) throw new Error('the BFF answered no rows');
  await dataRows(page)
    .first()
    .getByRole('rowheader')
    .filter({ hasText: `${first.clientName} ${first.clientSurname}` })
    .waitFor();
}

/** Ticks a row's checkbox (the visible box is the input's label). */
export async function tickRow(page: Page, index: number): Promise<void> {
  await dataRows(page).nth(index).locator('.checkbox').click();
}
