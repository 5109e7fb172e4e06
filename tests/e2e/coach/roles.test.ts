// Navigation by role (spec coach-shell §2.1, §6): the drawer of each kind of session the seeded accounts give — the
// demo coach (level 4, minis enabled, SCOs given), an assistant acting for the demo coach, a coach limited to
// mini-assessments, a level-1 coach and an administrator impersonating a coach — at desktop and phone size (Balance
// is hidden on a phone); an address the role may not open lands on the dashboard, and the BFF refuses the hidden
// area's calls. Axe on each drawer.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoAxeViolations,
  openPortal,
  type PortalPage,
  startChromiumForFile,
  VIEWPORT_NAMES,
  type ViewportName,
} from '../support/browser.ts';
import { signIn } from './teams-steps.ts';

const browser = startChromiumForFile();

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
  { role: 'the demo coach', email: 'demo@coachportal.test', drawer: EVERY_SCREEN, closed: [] },
  {
    role: 'an assistant',
    email: 'assistant@coachportal.test',
    drawer: without('Assessments', 'Teams', 'Pairs', 'Balance'),
    closed: ['/coachportal/assessments', '/coachportal/teams', '/coachportal/balance', '/coachportal/clients'],
    refused: '/api/teams',
  },
  {
    role: 'a coach limited to mini-assessments',
    email: 'mini@coachportal.test',
    drawer: ['Dashboard', 'Mini-Assessments', 'Messages', 'Samples & Brochures'],
    closed: ['/coachportal/assessments', '/coachportal/teams', '/coachportal/help', '/coachportal/email-templates'],
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
  const url = new URL(path, inject('sandboxUrl'));
  url.hostname = new URL(inject('portalUrl')).hostname;
  return url.toString();
}

async function startSession(portal: PortalPage, { email, impersonated }: RoleCase): Promise<Page> {
  if (!impersonated) return signIn(portal, email);
  const { page } = portal;
  const sessionCheck = portal.url('/coachportal/sessioncheck');
  await page.goto(sandboxOnPortalHost(`/__sandbox/impersonate?redirectTo=${encodeURIComponent(sessionCheck)}`));
  await page.getByLabel('Coach').selectOption(email);
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  await page.getByRole('button', { name: 'Return to Coaches' }).waitFor();
  return page;
}

/** The drawer's screen labels (a badge such as 'New' left out; the profile and support links are not screens of it). */
async function drawerLabels(page: Page, viewport: ViewportName): Promise<string[]> {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Main' });
  await drawer.getByRole('link', { name: /^Dashboard/ }).waitFor();
  const texts = await drawer.getByRole('link').allInnerTexts();
  return texts.map((text) => text.split('\n')[0]?.trim() ?? '').filter((label) => EVERY_SCREEN.includes(label));
}

describe.each(VIEWPORT_NAMES)('navigation by role at %s size', (viewport) => {
  it.each(ROLES)('gives $role the drawer of the role and keeps the other screens closed', async (role) => {
    const portal = await openPortal(browser(), viewport);
    const page = await startSession(portal, role);
    const expected = viewport === 'phone' ? role.drawer.filter((label) => label !== 'Balance') : role.drawer;
    expect(await drawerLabels(page, viewport)).toEqual(expected);
    await expectNoAxeViolations(page);

    for (const path of role.closed) {
      await page.goto(portal.url(path));
      await expect.poll(() => new URL(page.url()).pathname).toBe('/coachportal/dashboard');
      await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    }
    if (role.refused) {
      const answer = await page.request.get(portal.url(role.refused));
      expect(answer.status()).toBe(403);
      expect((await answer.json()).code).toBe('role_refused');
    }
    await portal.close();
  });
});
