// The Samples & Brochures page (spec coach-shell §2.8) for the demo coach and the mini-only coach (whose short menu
// keeps it): opened from the drawer, every report with its HTML and PDF buttons per language, the Enneagram Report
// in five languages, a PDF opening in a new tab. The flow at desktop for both coaches; at phone width each coach
// opens the page from the drawer behind Menu, axe on every state.
import { expect, expectNoAxeViolations, openDashboard, type Page, test } from '../support/fixtures.ts';

const COACHES = ['demo@coachportal.test', 'mini@coachportal.test'];

async function openSamples(page: Page, layout: string): Promise<void> {
  await openDashboard(page);
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Samples & Brochures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Samples & Brochures' })).toBeVisible();
}

for (const email of COACHES) {
  test.describe(`for ${email}`, () => {
    test.use({ account: email });

    test('lists the samples and opens one', async ({ page }) => {
      await openSamples(page, 'desktop');
      const enneagram = page.getByRole('listitem', { name: 'Enneagram Report', exact: true });
      await expect(enneagram).toBeVisible();
      const pdfButtons = enneagram.getByRole('link', { name: /sample, PDF/ });
      // Each button reads its language (as shown); the rest of its name is for screen readers.
      await expect(pdfButtons).toHaveText(
        ['English', 'Afrikaans', 'Hungarian', 'Italian', 'Slovak'].map((language) => new RegExp(`^${language}(\\s|$)`)),
        { useInnerText: true },
      );
      await expect(page.getByRole('listitem', { name: 'Maturity Report', exact: true }).getByRole('link', { name: /sample/ })).toHaveCount(
        2,
      );
      await expectNoAxeViolations(page);

      const opened = page.context().waitForEvent('page');
      await pdfButtons.nth(2).click();
      const tab = await opened;
      await expect(tab).toHaveURL(/\/__sandbox\/samples\/basic-hungarian\.pdf$/);
      await tab.close();
    });

    test.describe('at phone width', () => {
      test.use({ layout: 'phone' });

      test('opens the samples from the drawer behind Menu', async ({ page }) => {
        await openSamples(page, 'phone');
        await expect(
          page.getByRole('listitem', { name: 'Enneagram Report', exact: true }).getByRole('link', { name: /sample, PDF/ }),
        ).toHaveCount(5);
        await expectNoAxeViolations(page);
      });
    });
  });
}
