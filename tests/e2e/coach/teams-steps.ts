// Steps shared by the Teams page and team report page browser tests: signing a coach in, and making the tests' own
// teams through the BFF (each test names its teams uniquely: the sandbox is shared with files running before and after).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { PASSWORD } from '../auth/auth-steps.ts';
import type { PortalPage } from '../support/browser.ts';

export type TeamRow = components['schemas']['TeamRow'];
export type TeamDetail = components['schemas']['TeamDetail'];

export const PEER = { email: 'peer@coachportal.test', name: 'Naledi Khumalo' } as const;

/** A name no other test uses. */
export const uniqueName = (prefix: string): string => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

/** Signs `email` in through the BFF and opens the dashboard. */
export async function signIn(portal: PortalPage, email = 'demo@coachportal.test'): Promise<Page> {
  const { page } = portal;
  const login = await page.request.post(portal.url('/api/session'), {
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(portal.url('/coachportal/dashboard'));
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  return page;
}

/** A call to the BFF in the signed-in context (with the CSRF header the web client sends). */
export async function bff<T>(portal: PortalPage, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: object): Promise<T> {
  const response = await portal.page.request.fetch(portal.url(path), {
    method,
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? (undefined as T) : ((await response.json()) as T);
}

/** A new team of the signed-in coach with `members` of their assessments (the first one team leader when asked). */
export async function createTeam(portal: PortalPage, name: string, members = 0, { leader = false } = {}): Promise<TeamRow> {
  const team = await bff<TeamRow>(portal, 'POST', '/api/teams', { name, project: 'E2E Project', description: 'Made by a browser test' });
  if (members > 0) {
    const list = await bff<{ items: { id: string }[] }>(portal, 'GET', `/api/assessments?pageSize=10&sort=createdAt&order=asc`);
    const ids = list.items.slice(0, members).map((item) => item.id);
    await bff(portal, 'POST', `/api/teams/${team.id}/members`, { ids });
    if (leader) {
      const detail = await bff<TeamDetail>(portal, 'GET', `/api/teams/${team.id}`);
      const first = detail.members[0];
      if (first) await bff(portal, 'PATCH', `/api/teams/${team.id}/members/${first.id}`, { isTeamLeader: true });
    }
  }
  return team;
}

/** Requests the team's Enneagram report for the earliest due date. */
export async function requestReport(portal: PortalPage, teamId: string): Promise<void> {
  const detail = await bff<TeamDetail>(portal, 'GET', `/api/teams/${teamId}`);
  await bff(portal, 'POST', `/api/teams/${teamId}/report-request`, { reportType: 'Ennea', dueDate: detail.dueDateMin });
}

/** Waits until the sandbox has supplied the requested report (`SANDBOX_REPORT_READY_SECONDS`, 20 s by default). */
export async function reportAvailable(portal: PortalPage, teamId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const page = await bff<{ items: TeamRow[] }>(portal, 'GET', '/api/teams?pageSize=500');
        return page.items.find((team) => team.id === teamId)?.reportState;
      },
      { timeout: 40_000, interval: 1000 },
    )
    .toBe('available');
}

/** Opens the Teams page (from the drawer on a desktop; a phone's drawer is behind the Menu button). */
export async function openTeams(page: Page, viewport: string): Promise<void> {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
}

/** The table row of a team, after searching for its unique name. */
export async function findTeamRow(page: Page, name: string) {
  await page.getByRole('searchbox').fill(name);
  // The search reaches the address after a pause, and a new search clears the selection: wait for it first.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(name);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await row.waitFor();
  return row;
}
