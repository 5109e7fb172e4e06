// The section last chosen is restored after a reload (spec public-and-guest §2, §4 "Guest report viewer").
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

const browser = startChromiumForFile();
let guests: Record<ReportCode, string>;
beforeAll(async () => {
  guests = await seededGuests();
});

describe.each(VIEWPORT_NAMES)('remembered section at %s size', (viewport) => {
  it('restores the section last chosen after a reload', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/m/${guests.m}`));
    if (viewport === 'desktop') {
      await page.getByRole('tab', { name: 'Appendix B' }).click();
    } else {
      await page.getByRole('button', { name: 'Sections', exact: true }).click();
      await page.getByRole('menuitemradio', { name: 'Appendix B' }).click();
    }
    await page.getByRole('heading', { level: 2, name: 'Appendix B' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Appendix B' }).waitFor();
    if (viewport === 'desktop') {
      expect(await page.getByRole('tab', { name: 'Appendix B' }).getAttribute('aria-selected')).toBe('true');
    } else {
      await page.getByRole('region', { name: 'Appendix B' }).getByText('Appendix B of the Maturity report.').waitFor();
      await page.getByRole('button', { name: 'Sections', exact: true }).click();
      expect(await page.getByRole('menuitemradio', { name: 'Appendix B' }).getAttribute('aria-checked')).toBe('true');
    }
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
