// The guest report viewer (spec public-and-guest §2 "Guest report viewer"): every report code shows
// its sections, the first selected, as vertical tabs on a wide screen and behind a menu button on a
// phone; the legacy and customreports routes; the print-style view with every section on one page.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { REPORT_NAMES, SECTION_TITLES } from './report-sections.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

const browser = startChromiumForFile();
let guests: Record<ReportCode, string>;
beforeAll(async () => {
  guests = await seededGuests();
});

const CODES: ReportCode[] = ['e', 'm', 'c', 'cp'];

describe.each(VIEWPORT_NAMES)('guest report at %s size', (viewport) => {
  it.each(CODES)('shows the %s report as titled sections, the first one selected', async (code) => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/${code}/${guests[code]}`));
    await page.getByRole('heading', { level: 1, name: `${REPORT_NAMES[code]} report` }).waitFor();
    const [first = ''] = SECTION_TITLES[code];

    if (viewport === 'desktop') {
      const tabs = page.getByRole('tablist', { name: 'Report sections' }).getByRole('tab');
      expect(await tabs.allTextContents()).toEqual(SECTION_TITLES[code]);
      expect(await page.getByRole('tab', { name: first, exact: true }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tabpanel').getByRole('heading', { level: 2, name: first }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: 'Results', exact: true }).click();
    } else {
      expect(await page.getByRole('tablist').count()).toBe(0);
      await page.getByRole('region', { name: first }).waitFor();
      await page.getByRole('button', { name: 'Sections', exact: true }).click();
      await page.getByRole('menu').waitFor();
      expect(await page.getByRole('menuitemradio').allTextContents()).toEqual(SECTION_TITLES[code]);
      expect(await page.getByRole('menuitemradio', { name: first, exact: true }).getAttribute('aria-checked')).toBe('true');
      await expectNoAxeViolations(page);
      await page.getByRole('menuitemradio', { name: 'Results', exact: true }).click();
    }
    await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor();
    if (code !== 'm') await page.getByRole('table', { name: 'Style scores' }).waitFor();
    if (code !== 'e') await page.getByText(/^Maturity stage$/).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('draws each score bar on the 0 to 100 scale, readable on a phone, beside a level toolbar', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/e/${guests.e}`));
    await page.getByRole('heading', { level: 1, name: 'Enneagram report' }).waitFor();
    // 'Text-only version' sits on the middle line of the buttons beside it.
    const middle = async (box: Promise<{ y: number; height: number } | null>) => {
      const found = await box;
      return found ? found.y + found.height / 2 : Number.NaN;
    };
    const buttonMiddle = await middle(page.getByRole('button', { name: 'Show all sections' }).boundingBox());
    const linkMiddle = await middle(page.getByRole('link', { name: 'Text-only version' }).boundingBox());
    expect(Math.abs(buttonMiddle - linkMiddle)).toBeLessThanOrEqual(2);

    if (viewport === 'desktop') await page.getByRole('tab', { name: 'Results', exact: true }).click();
    else {
      await page.getByRole('button', { name: 'Sections', exact: true }).click();
      await page.getByRole('menuitemradio', { name: 'Results', exact: true }).click();
    }
    const instincts = page.getByRole('table', { name: 'Instinct scores' });
    await instincts.waitFor();
    const bars = await instincts.locator('.score__bar').evaluateAll((elements) =>
      elements.map((bar) => {
        const fill = bar.firstElementChild as HTMLElement;
        return {
          bar: bar.getBoundingClientRect().width,
          fill: fill.getBoundingClientRect().width,
          value: Number(bar.previousElementSibling?.textContent),
        };
      }),
    );
    expect(bars).toHaveLength(3);
    for (const { bar, fill, value } of bars) {
      expect(bar).toBeGreaterThanOrEqual(90);
      // The border takes 2 px of the bar.
      expect(Math.abs(fill - ((bar - 2) * value) / 100)).toBeLessThanOrEqual(1.5);
    }
    await portal.close();
  });

  it('opens the legacy route as the Enneagram report and customreports like reports', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/${guests.e}`));
    await page.getByRole('heading', { level: 1, name: 'Enneagram report' }).waitFor();
    await expectNoAxeViolations(page);

    await page.goto(portal.url(`/coachportal/customreports/cp/${guests.cp}`));
    await page.getByRole('heading', { level: 1, name: 'Combined+ report' }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('shows every section on one page in the print view', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/reports/c/${guests.c}`));
    await page.getByRole('button', { name: 'Show all sections' }).click();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(SECTION_TITLES.c);
    expect(await page.getByRole('tablist').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Show one section at a time' }).click();
    await page.getByRole('heading', { level: 2, name: 'Introduction' }).waitFor();
    await portal.close();
  });
});
