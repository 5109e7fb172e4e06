// The coach area's frame (spec coach-shell §2.1): the top bar's page title, the drawer's support address laid out
// whole (a line may break only before its '@'), and the Assistant badge, one look in the drawer and in the
// dashboard's greeting; and an administrator reaching an impersonated coach's dashboard from the address the
// sandbox and `npm start` print (the admin tool's stand-in). The demo coach at both widths (the title at phone
// width, where the top bar is tightest), the assistant and the administrator at desktop; axe on each.
import { impersonationUrl } from '../../../sandbox/controls/impersonate.ts';
import { DEMO, expect, expectNoAxeViolations, type Locator, openDashboard, type Page, stackUrls, test } from '../support/fixtures.ts';

const ASSISTANT = 'assistant@coachportal.test';

/** The text of an element as the lines it is laid out on (each character's box, grouped by its top). */
function lines(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const found: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getBoundingClientRect();
        const last = found.at(-1);
        if (last && Math.abs(box.top - last.top) < box.height / 2) last.text += text[index];
        else found.push({ top: box.top, text: text[index] ?? '' });
      }
    }
    return found.map((line) => line.text);
  });
}

/** The drawer's support address: whole on one line, or broken once, before its '@'. */
async function expectSupportAddressWhole(page: Page): Promise<void> {
  const address = page.getByRole('navigation', { name: 'Main' }).locator('.coach-drawer__help-address');
  await expect(address).toBeVisible();
  const text = await page.request.get('/api/session').then(async (answer) => (await answer.json()).supportEmail as string);
  await expect
    .poll(async () => {
      const laidOut = await lines(address);
      const whole = laidOut.join('') === text && laidOut.every((line, index) => index === 0 || line.startsWith('@'));
      return whole ? 'whole' : `laid out as ${JSON.stringify(laidOut)}`;
    })
    .toBe('whole');
}

test.describe('the demo coach', () => {
  test.use({ account: DEMO });

  test('lays the drawer’s support address out whole', async ({ page }) => {
    await openDashboard(page);
    await expectSupportAddressWhole(page);
    await expectNoAxeViolations(page);
  });

  test('draws the drawer 240 px wide on every screen (docs/decisions 023), its foot in sight at 1366 × 800', async ({ page }) => {
    const drawerWidth = () => page.getByRole('navigation', { name: 'Main' }).evaluate((nav) => nav.getBoundingClientRect().width);
    await page.setViewportSize({ width: 1366, height: 800 });
    await openDashboard(page);
    await expect.poll(drawerWidth).toBe(240);
    // The drawer's last item, the support address, is whole in the window without scrolling the drawer.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Email support/ })).toBeInViewport({ ratio: 1 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assessments', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Assessments' })).toBeVisible();
    await expect.poll(drawerWidth).toBe(240);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
    await expect.poll(drawerWidth).toBe(240);
  });

  test.describe('at phone width', () => {
    test.use({ layout: 'phone' });

    test('shows the page title in the top bar beside the menu, the balance and Log Out', async ({ page }) => {
      await openDashboard(page);
      const topBar = page.getByRole('banner');
      const title = topBar.locator('.coach-layout__title');
      await expect(title).toHaveText('Dashboard');
      await expect(title).toBeInViewport({ ratio: 1 });
      // Menu and Log Out as their icons, still named for a screen reader.
      await expect(topBar.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(topBar.getByRole('button', { name: 'Log Out' })).toBeVisible();
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Email Templates' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
      await expect(title).toHaveText('Email Templates');
      await expect(title).toBeVisible();
      // Beside the other controls, over none of them.
      await expect
        .poll(() =>
          topBar.evaluate((bar) => {
            const own = bar.querySelector('.coach-layout__title')?.getBoundingClientRect();
            const others = [...bar.querySelectorAll('button, a, .balance-circle, .coach-layout__brand')].map((each) =>
              each.getBoundingClientRect(),
            );
            const apart = (box: DOMRect) => own !== undefined && (box.right <= own.left || own.right <= box.left);
            return own !== undefined && own.width > 0 && others.every(apart);
          }),
        )
        .toBe(true);
      await expectNoAxeViolations(page);
    });

    test('lays the drawer’s support address out whole behind Menu', async ({ page }) => {
      await openDashboard(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expectSupportAddressWhole(page);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('an assistant', () => {
  test.use({ account: ASSISTANT });

  test('wears the same Assistant badge in the drawer and in the greeting', async ({ page }) => {
    await openDashboard(page);
    const inDrawer = page.getByRole('navigation', { name: 'Main' }).getByText('Assistant', { exact: true });
    const inGreeting = page.getByRole('heading', { level: 1, name: /^Welcome/ }).getByText('Assistant', { exact: true });
    await expect(inDrawer).toBeVisible();
    await expect(inGreeting).toBeVisible();
    const look = (badge: Locator) =>
      badge.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, color: style.color, border: style.borderColor, radius: style.borderRadius };
      });
    await expect
      .poll(async () => {
        const [greeting, drawer] = [JSON.stringify(await look(inGreeting)), JSON.stringify(await look(inDrawer))];
        return greeting === drawer ? 'the same' : `greeting ${greeting}, drawer ${drawer}`;
      })
      .toBe('the same');
    await expectNoAxeViolations(page);
  });
});

test.describe('an administrator', () => {
  test.use({ account: null });

  test('impersonates a coach from the address the sandbox prints, and from the one npm start prints', async ({ page }) => {
    const { sandboxUrl, portalUrl } = stackUrls();
    for (const address of [`${sandboxUrl}/__sandbox/impersonate`, impersonationUrl({ publicUrl: sandboxUrl, portalUrl })]) {
      await page.context().clearCookies();
      await page.goto(address);
      await page.getByLabel('Coach').selectOption('peer@coachportal.test');
      await page.getByRole('button', { name: 'Impersonate' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Return to Coaches' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`^${portalUrl}dashboard`));
    }
    await expectNoAxeViolations(page);
  });
});
