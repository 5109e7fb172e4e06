// The Samples & Brochures page (spec coach-shell §2.8) for the demo coach and the mini-only coach (whose short menu
// keeps it): opened from the drawer, every report with its HTML and PDF buttons per language, the Enneagram Report
// in five languages, a PDF opening in a new tab. Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../auth/auth-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();

async function signIn(portal: PortalPage, email: string): Promise<Page> {
  const { page } = portal;
  const login = await page.request.post(portal.url('/api/session'), {
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(portal.url('/coachportal/dashboard'));
  await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
  return page;
}

describe.each(VIEWPORT_NAMES)('samples at %s size', (viewport) => {
  it.each(['demo@coachportal.test', 'mini@coachportal.test'])('lists the samples for %s and opens one', async (email) => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal, email);
    if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Samples & Brochures' }).click();
    await page.getByRole('heading', { level: 1, name: 'Samples & Brochures' }).waitFor();
    const enneagram = page.getByRole('listitem', { name: 'Enneagram Report', exact: true });
    await enneagram.waitFor();
    const pdfButtons = enneagram.getByRole('link', { name: /sample, PDF/ });
    // Each button reads its language; the rest of its name is for screen readers.
    const languages = (await pdfButtons.allInnerTexts()).map((text) => text.split(/\s/)[0]);
    expect(languages).toEqual(['English', 'Afrikaans', 'Hungarian', 'Italian', 'Slovak']);
    expect(await page.getByRole('listitem', { name: 'Maturity Report', exact: true }).getByRole('link').count()).toBe(2);
    await expectNoAxeViolations(page);

    const [tab] = await Promise.all([page.context().waitForEvent('page'), pdfButtons.nth(2).click()]);
    await tab.waitForURL(/\/__sandbox\/samples\/basic-hungarian\.pdf$/, { waitUntil: 'commit' });
    await tab.close();
    await portal.close();
  });
});
