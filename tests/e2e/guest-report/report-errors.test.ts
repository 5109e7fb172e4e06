// The guest report's error paths (spec public-and-guest §8 "Guest report": a server error is shown in
// an alert): an unknown guest, a report the assessment does not have, and a broken link.
import { beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

const browser = startChromiumForFile();
let guests: Record<ReportCode, string>;
beforeAll(async () => {
  guests = await seededGuests();
});

const UNKNOWN_GUEST = 'a55e55e0-0000-4000-8000-0000000000ff';

describe.each(VIEWPORT_NAMES)('guest report errors at %s size', (viewport) => {
  it('shows the server’s error for an unknown guest in an alert', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/e/${UNKNOWN_GUEST}`));
    await page.getByRole('alert').getByText('No results were found for this report link.').waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('shows the server’s error for a report the assessment does not have', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/e/${guests.m}`));
    await page.getByRole('alert').getByText('There is no Enneagram result for this assessment.').waitFor();
    await page.goto(portal.url(`/coachportal/reports/m/${guests.m}?language=hungarian`));
    await page.getByRole('alert').getByText('This report is available in English only.').waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('refuses a broken link', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/reports/x/not-a-guest-id'));
    await page.getByRole('alert').getByText('This report link is not valid.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
