// The mini-guest variant (spec public-and-guest §2 "Variants"): a mini-assessment guest's Enneagram
// report has a language switcher (English, Slovak, Hungarian) that asks for the report again.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { newMiniGuest } from './seeded-guests.ts';

const browser = startChromiumForFile();

describe.each(VIEWPORT_NAMES)('mini-guest report at %s size', (viewport) => {
  it('switches the report language', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    const guestId = await newMiniGuest(page.request, new URL(portal.url('/')).origin);
    await page.goto(portal.url(`/coachportal/reports/e/${guestId}`));
    await page.getByRole('heading', { level: 1, name: 'Enneagram report' }).waitFor();
    const switcher = page.getByRole('button', { name: /Report language/ });
    expect(await switcher.textContent()).toContain('English');
    // The mini report's own 4 sections, and nothing else.
    const MINI_SECTIONS = ['Introduction', 'Your Style', 'Growth', 'Next Steps'];
    if (viewport === 'desktop') {
      expect(await page.getByRole('tablist', { name: 'Report sections' }).getByRole('tab').allTextContents()).toEqual(MINI_SECTIONS);
    } else {
      await page.getByRole('button', { name: 'Sections', exact: true }).click();
      expect(await page.getByRole('menuitemradio').allTextContents()).toEqual(MINI_SECTIONS);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await expectNoAxeViolations(page);

    await switcher.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['English', 'Slovak', 'Hungarian']);
    await expectNoAxeViolations(page);
    const reloaded = page.waitForResponse((response) => response.url().includes(`/api/public/reports/e/${guestId}?language=slovak`));
    await page.getByRole('option', { name: 'Slovak' }).click();
    expect((await reloaded).status()).toBe(200);
    await expect.poll(() => new URL(page.url()).searchParams.get('language')).toBe('slovak');
    await expect.poll(() => switcher.textContent()).toContain('Slovak');
    await page.getByRole('heading', { level: 2, name: 'Introduction' }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('has no switcher on a report that is not a mini guest’s', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    const guestId = await newMiniGuest(page.request, new URL(portal.url('/')).origin);
    // A mini guest's report in a language other than the three answers the sandbox's error.
    await page.goto(portal.url(`/coachportal/reports/e/${guestId}?language=italian`));
    await page.getByRole('alert').getByText('The mini-assessment report is not available in italian.').waitFor();
    expect(await page.getByRole('button', { name: /Report language/ }).count()).toBe(0);
    await portal.close();
  });
});
