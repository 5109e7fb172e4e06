// Navigation by role (spec coach-shell §2.1, §6): the drawer of each kind of session the seeded accounts give — the
// demo coach (level 4, minis enabled, SCOs given), an assistant acting for the demo coach, a coach limited to
// mini-assessments, a level-1 coach and an administrator impersonating a coach; an address the role may not open
// lands on the dashboard, and the BFF refuses the hidden area's calls. Axe on each drawer. An assistant, whose drawer has
// no Assessments, adds a client through the dashboard's Add New Client (assessments-and-clients §1, §6).
// Every role at desktop; at phone width the drawer behind Menu (Balance is hidden on a phone) of the demo coach
// and of an impersonated coach, axe on each.
import { DEMO, expect, expectNoAxeViolations, type Layout, openDashboard, type Page, stackUrls, test } from '../support/fixtures.ts';

const EVERY_SCREEN = [
  'Dashboard',
  'Assessments',
  'Mini-Assessments',
  'SCO Given',
  'Teams',
  'Pairs',
  'Balance',
  'Email Templates',
  'Messages',
  'Samples & Brochures',
  'Help',
];
const without = (...hidden: string[]) => EVERY_SCREEN.filter((label) => !hidden.includes(label));

interface RoleCase {
  role: string;
  /** How the session starts: a seeded account's sign-in, or the admin tool's impersonation of one. */
  email: string;
  impersonated?: boolean;
  drawer: string[];
  /** Addresses the role may not open, and a BFF call it is refused. */
  closed: string[];
  refused?: string;
}

const ROLES: RoleCase[] = [
  { role: 'the demo coach', email: DEMO, drawer: EVERY_SCREEN, closed: [] },
  {
    role: 'an assistant',
    email: 'assistant@coachportal.test',
    drawer: without('Assessments', 'Teams', 'Pairs', 'Balance'),
    // Assessments is out of the menu, not closed: an assistant may add clients (assessments-and-clients §1, §6).
    closed: ['/coachportal/teams', '/coachportal/balance', '/coachportal/pairs'],
    refused: '/api/teams',
  },
  {
    role: 'a coach limited to mini-assessments',
    email: 'mini@coachportal.test',
    drawer: ['Dashboard', 'Mini-Assessments', 'Messages', 'Samples & Brochures'],
    closed: [
      '/coachportal/assessments',
      '/coachportal/sco-given',
      '/coachportal/teams',
      '/coachportal/help',
      '/coachportal/email-templates',
    ],
    refused: '/api/assessments',
  },
  {
    role: 'a level-1 coach',
    email: 'level1@coachportal.test',
    drawer: without('Mini-Assessments', 'SCO Given'),
    closed: ['/coachportal/mini-assessments'],
  },
  {
    role: 'an impersonated coach',
    email: 'peer@coachportal.test',
    impersonated: true,
    drawer: without('Mini-Assessments'),
    closed: ['/coachportal/mini-assessments'],
  },
];

/** The sandbox under the portal's host name, so that its cookie reaches the BFF. */
function sandboxOnPortalHost(path: string): string {
  const { sandboxUrl, portalUrl } = stackUrls();
  const url = new URL(path, sandboxUrl);
  url.hostname = new URL(portalUrl).hostname;
  return url.toString();
}

/**
 * The role's session on the dashboard: a seeded account's is the page's own (its worker session); an impersonation
 * starts a session of its own, so that page has no account and goes through the sandbox's admin tool.
 */
async function startSession(page: Page, { impersonated, email }: RoleCase): Promise<void> {
  if (!impersonated) {
    await openDashboard(page);
    return;
  }
  const sessionCheck = new URL('/coachportal/sessioncheck', stackUrls().portalUrl).toString();
  await page.goto(sandboxOnPortalHost(`/__sandbox/impersonate?redirectTo=${encodeURIComponent(sessionCheck)}`));
  await page.getByLabel('Coach').selectOption(email);
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return to Coaches' })).toBeVisible();
}

/** The drawer shows the screens of `expected`, in order (a badge such as 'New' left out; the profile and support links are not screens of it). */
async function expectDrawer(page: Page, layout: Layout, expected: string[]): Promise<void> {
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Main' });
  await expect(drawer.getByRole('link', { name: /^Dashboard/ })).toBeVisible();
  await expect
    .poll(async () => {
      const texts = await drawer.getByRole('link').allInnerTexts();
      return texts.map((text) => text.split('\n')[0]?.trim() ?? '').filter((label) => EVERY_SCREEN.includes(label));
    })
    .toEqual(expected);
}

for (const role of ROLES) {
  test.describe(role.role, () => {
    test.use({ account: role.impersonated ? null : role.email });

    test(`gives ${role.role} the drawer of the role and keeps the other screens closed`, async ({ page }) => {
      await startSession(page, role);
      await expectDrawer(page, 'desktop', role.drawer);
      await expectNoAxeViolations(page);

      for (const path of role.closed) {
        await page.goto(path);
        await expect.poll(() => new URL(page.url()).pathname).toBe('/coachportal/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
      }
      if (role.refused) {
        const answer = await page.request.get(role.refused);
        expect(answer.status()).toBe(403);
        expect((await answer.json()).code).toBe('role_refused');
      }
    });
  });
}

test.describe('an assistant adding a client for the coach', () => {
  test.use({ account: 'assistant@coachportal.test' });

  test("opens Add Assessment for New Client from the dashboard's Add New Client and adds the client", async ({ page }) => {
    await openDashboard(page);
    await expect(page.getByRole('button', { name: 'Add New Team' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add New Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Assessment for New Client' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/coachportal/assessments');
    const surname = `Assisted${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Naledi');
    await dialog.getByRole('textbox', { name: /^Surname/ }).fill(surname);
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${surname.toLowerCase()}@example.com`);
    await dialog.getByText('Enneagram (1 credit)').click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await expect(done.getByText(`An assessment has been added for Naledi ${surname}.`)).toBeVisible();
  });
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  for (const role of ROLES.filter((each) => each.email === DEMO || each.impersonated)) {
    test.describe(role.role, () => {
      test.use({ account: role.impersonated ? null : role.email });

      test(`gives ${role.role} the drawer of the role behind Menu, without Balance`, async ({ page }) => {
        await startSession(page, role);
        await expectDrawer(
          page,
          'phone',
          role.drawer.filter((label) => label !== 'Balance'),
        );
        await expectNoAxeViolations(page);
      });
    });
  }
});
