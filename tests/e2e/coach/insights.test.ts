// The insights panels for the demo coach, read-only: completions per week on the dashboard, credits used per month on
// Balance with the forecast, the team at a glance on a seeded team's page, each panel's visible numbers checked against
// the BFF's answer in the same test; at phone width the completions of 52 weeks as a list. axe on the dashboard with its
// chart (the other panels' states are the gallery's, checked with the same rules).
import type { components } from '../../../generated/bff.ts';
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, settled, test } from '../support/fixtures.ts';
import { bff, type TeamRow } from './teams-steps.ts';

type Completions = components['schemas']['CompletionsInsight'];
type Credits = components['schemas']['CreditsInsight'];
type Team = components['schemas']['TeamInsight'];

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekName = (start: string) => `Week of ${dayMonthYear.format(new Date(`${start}T00:00:00Z`))}`;
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

test.use({ account: DEMO });

/** The panel named `title` once its chart (or its sentence) is there: it loads after its screen's own figures. */
async function panel(page: Page, title: string) {
  const region = page.getByRole('region', { name: title });
  await expect(region).toBeVisible({ timeout: 30_000 });
  await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
  return region;
}

test('the three panels show the numbers the BFF counts', async ({ page }) => {
  await openDashboard(page);
  const completions = await panel(page, 'Completions per week');
  const weeks = (await bff<Completions>(page, 'GET', '/api/insights/completions?weeks=12')).series;
  const busiest = weeks.reduce((best, week) => (week.total > best.total ? week : best));
  // The busiest week's bar is named with its count; the keyboard reaches it.
  const bar = completions.getByRole('img', { name: new RegExp(`^${weekName(busiest.start)}: ${busiest.total} completed`) });
  await expect(bar).toBeVisible();
  await bar.focus();
  await expect(completions.locator('.chart-tooltip')).toContainText(weekName(busiest.start));
  await completions.getByRole('button', { name: 'Show as table' }).click();
  const row = completions.getByRole('row', { name: new RegExp(`^${weekName(busiest.start)}`) });
  await expect(row.getByRole('cell')).toHaveText(
    [busiest.counts.ennea, busiest.counts.EIT, busiest.counts.full, busiest.total].map(String),
  );
  await settled(page);
  await expectNoAxeViolations(page);

  await page.goto('/coachportal/balance');
  const credits = await panel(page, 'Credits used per month');
  const insight = await bff<Credits>(page, 'GET', '/api/insights/credits');
  const latest = insight.months.at(-1) as Credits['months'][number];
  await expect(
    credits.getByRole('img', { name: `${monthName(latest.month)}: ${latest.used} ${latest.used === 1 ? 'credit' : 'credits'}` }),
  ).toBeVisible();
  await expect(
    credits.getByText(insight.forecast.kind === 'deficit' ? /^Your balance is/ : /^At the last 90 days' rate|^No credits were used/),
  ).toBeVisible();

  const teams = await bff<{ items: TeamRow[] }>(page, 'GET', '/api/teams?pageSize=500');
  const team = teams.items.find((entry) => !entry.isReceived && entry.memberCount > 0) as TeamRow;
  await page.goto(`/coachportal/team?id=${team.id}`);
  const glance = await panel(page, 'The team at a glance');
  const figures = await bff<Team>(page, 'GET', `/api/insights/teams/${team.id}`);
  for (const point of figures.enneagram.filter((entry) => entry.count > 0)) {
    await expect(
      glance.getByRole('img', {
        name: `Type ${point.type}: ${point.count} ${point.count === 1 ? 'member' : 'members'} (${point.members.join(', ')})`,
      }),
    ).toBeVisible();
  }
  await expect(glance.getByText(`${figures.completedCount} of ${figures.memberCount} members completed.`, { exact: false })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the completions of 52 weeks become a list a thumb scrolls', async ({ page }) => {
    await openDashboard(page);
    const completions = await panel(page, 'Completions per week');
    await completions.getByLabel('Weeks shown').selectOption('52');
    const list = completions.getByRole('list', { name: 'Completions per week, last 52 weeks' });
    await expect(list).toBeVisible();
    const weeks = (await bff<Completions>(page, 'GET', '/api/insights/completions?weeks=52')).series.filter((week) => week.total > 0);
    await expect(list.getByRole('listitem')).toHaveCount(weeks.length);
    // Nothing wider than the phone.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
