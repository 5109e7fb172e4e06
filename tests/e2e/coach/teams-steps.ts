// Steps shared by the Teams page and team report page browser tests: making the tests' own teams through the BFF
// with the page's session (each test names its teams uniquely: the worker's sandbox is shared with the files it
// runs before and after).
import type { components } from '../../../generated/bff.ts';
import { csrfHeaders, expect, type Page } from '../support/fixtures.ts';

export type TeamRow = components['schemas']['TeamRow'];
export type TeamDetail = components['schemas']['TeamDetail'];

export const PEER = { email: 'peer@coachportal.test', name: 'Naledi Khumalo' } as const;

/** A name no other test uses. */
export const uniqueName = (prefix: string): string => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

/** A call to the BFF in the signed-in context (with the CSRF header the web client sends). */
export async function bff<T>(page: Page, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: object): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: csrfHeaders(),
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? (undefined as T) : ((await response.json()) as T);
}

/** A new team of the signed-in coach with `members` of their assessments (the first one team leader when asked). */
export async function createTeam(page: Page, name: string, members = 0, { leader = false } = {}): Promise<TeamRow> {
  const team = await bff<TeamRow>(page, 'POST', '/api/teams', { name, project: 'E2E Project', description: 'Made by a browser test' });
  if (members > 0) {
    const list = await bff<{ items: { id: string }[] }>(page, 'GET', `/api/assessments?pageSize=10&sort=createdAt&order=asc`);
    const ids = list.items.slice(0, members).map((item) => item.id);
    await bff(page, 'POST', `/api/teams/${team.id}/members`, { ids });
    if (leader) {
      const detail = await bff<TeamDetail>(page, 'GET', `/api/teams/${team.id}`);
      const first = detail.members[0];
      if (first) await bff(page, 'PATCH', `/api/teams/${team.id}/members/${first.id}`, { isTeamLeader: true });
    }
  }
  return team;
}

/** Requests the team's Enneagram report for the earliest due date. */
export async function requestReport(page: Page, teamId: string): Promise<void> {
  const detail = await bff<TeamDetail>(page, 'GET', `/api/teams/${teamId}`);
  await bff(page, 'POST', `/api/teams/${teamId}/report-request`, { reportType: 'Ennea', dueDate: detail.dueDateMin });
}

/** Waits until the sandbox has supplied the requested report (`SANDBOX_REPORT_READY_SECONDS`, 20 s by default). */
export async function reportAvailable(page: Page, teamId: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const list = await bff<{ items: TeamRow[] }>(page, 'GET', '/api/teams?pageSize=500');
        return list.items.find((team) => team.id === teamId)?.reportState;
      },
      { timeout: 40_000, intervals: [1000] },
    )
    .toBe('available');
}

/** Opens the Teams page (from the drawer on a desktop; a phone's drawer is behind the Menu button). */
export async function openTeams(page: Page, layout: string): Promise<void> {
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
}

/** The table row of a team, after searching for its unique name. */
export async function findTeamRow(page: Page, name: string) {
  await page.getByRole('searchbox').fill(name);
  // The search reaches the address after a pause, and a new search clears the selection: wait for it first.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(name);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row).toBeVisible();
  return row;
}
