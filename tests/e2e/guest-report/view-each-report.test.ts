// The guest report viewer (spec public-and-guest §2 "Guest report viewer"): every report code shows
// its sections, the first selected, as vertical tabs on a wide screen and behind a menu button on a
// phone; the legacy and customreports routes; the print-style view with every section on one page.
// Every report code and the score bars at desktop (the tabs) and at phone width (the 'Sections' menu);
// the routes at desktop; the print view at desktop and once at phone width. Axe on each code's first section and
// Results at desktop; at phone width on each code's Results and once on the open 'Sections' menu (the same menu and
// sections of every code; the layout, not the content, is what the phone's width changes).
import { expect, expectNoAxeViolations, forEachLayout, LAYOUTS, type Page, test } from '../support/fixtures.ts';
import { REPORT_NAMES, SECTION_TITLES } from './report-sections.ts';
import { type ReportCode, seededGuests } from './seeded-guests.ts';

let guests: Record<ReportCode, string>;
test.beforeAll(async ({ stack: _stack }) => {
  guests = await seededGuests();
});

const CODES: ReportCode[] = ['e', 'm', 'c', 'cp'];

/** The Results section, after the report's sections and scores were drawn. */
async function expectResults(page: Page, code: ReportCode): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeVisible();
  if (code !== 'm') await expect(page.getByRole('table', { name: 'Style scores' })).toBeVisible();
  // In the Results section, a tab's panel or on a phone a region (the result at a glance above names the stage too).
  const results = page.getByRole('tabpanel', { name: 'Results' }).or(page.getByRole('region', { name: 'Results' }));
  if (code !== 'e') await expect(results.getByText(/^Maturity stage$/)).toBeVisible();
}

for (const code of CODES) {
  test(`shows the ${code} report as titled tabs, the first one selected`, async ({ page }) => {
    await page.goto(`/coachportal/reports/${code}/${guests[code]}`);
    await expect(page.getByRole('heading', { level: 1, name: `${REPORT_NAMES[code]} report` })).toBeVisible();
    const [first = ''] = SECTION_TITLES[code];
    await expect(page.getByRole('tablist', { name: 'Report sections' }).getByRole('tab')).toHaveText([...SECTION_TITLES[code]]);
    await expect(page.getByRole('tab', { name: first, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2, name: first })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Results', exact: true }).click();
    await expectResults(page, code);
    await expectNoAxeViolations(page);
  });
}

forEachLayout(LAYOUTS, (layout) => {
  test('draws each score bar on the 0 to 100 scale, readable on a phone, beside a level toolbar', async ({ page }) => {
    await page.goto(`/coachportal/reports/e/${guests.e}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Enneagram report' })).toBeVisible();
    // 'Text-only version' sits on the middle line of the buttons beside it.
    const button = page.getByRole('button', { name: 'Show all sections' });
    const link = page.getByRole('link', { name: 'Text-only version' });
    await expect(button).toBeVisible();
    await expect(link).toBeVisible();
    await expect(async () => {
      const middle = (box: { y: number; height: number } | null) => (box ? box.y + box.height / 2 : Number.NaN);
      const [buttonBox, linkBox] = await Promise.all([button.boundingBox(), link.boundingBox()]);
      expect(Math.abs(middle(buttonBox) - middle(linkBox))).toBeLessThanOrEqual(2);
    }).toPass();

    if (layout === 'desktop') await page.getByRole('tab', { name: 'Results', exact: true }).click();
    else {
      await page.getByRole('button', { name: 'Sections', exact: true }).click();
      await page.getByRole('menuitemradio', { name: 'Results', exact: true }).click();
    }
    const instincts = page.getByRole('table', { name: 'Instinct scores' });
    await expect(instincts.locator('.score__bar')).toHaveCount(3);
    await expect(async () => {
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
    }).toPass();
  });
});

test('opens the legacy route as the Enneagram report and customreports like reports', async ({ page }) => {
  await page.goto(`/coachportal/reports/${guests.e}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Enneagram report' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/coachportal/customreports/cp/${guests.cp}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Combined+ report' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('shows every section on one page in the print view', async ({ page }) => {
  await page.goto(`/coachportal/reports/c/${guests.c}`);
  await page.getByRole('button', { name: 'Show all sections' }).click();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([...SECTION_TITLES.c]);
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Show one section at a time' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Introduction' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  for (const code of CODES) {
    test(`shows the ${code} report's sections behind the Sections button, the first one checked`, async ({ page }) => {
      await page.goto(`/coachportal/reports/${code}/${guests[code]}`);
      await expect(page.getByRole('heading', { level: 1, name: `${REPORT_NAMES[code]} report` })).toBeVisible();
      const [first = ''] = SECTION_TITLES[code];
      await expect(page.getByRole('region', { name: first })).toBeVisible();
      await expect(page.getByRole('tablist')).toHaveCount(0);
      await page.getByRole('button', { name: 'Sections', exact: true }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expect(page.getByRole('menuitemradio')).toHaveText([...SECTION_TITLES[code]]);
      await expect(page.getByRole('menuitemradio', { name: first, exact: true })).toHaveAttribute('aria-checked', 'true');
      if (code === 'cp') await expectNoAxeViolations(page);
      await page.getByRole('menuitemradio', { name: 'Results', exact: true }).click();
      await expectResults(page, code);
      await expectNoAxeViolations(page);
    });
  }

  test('the print view fits a phone', async ({ page }) => {
    await page.goto(`/coachportal/reports/c/${guests.c}`);
    await page.getByRole('button', { name: 'Show all sections' }).click();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([...SECTION_TITLES.c]);
    await expectNoAxeViolations(page);
  });
});
