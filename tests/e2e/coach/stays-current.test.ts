// The coach area stays current (getUpdates): a client completes an assessment (the sandbox's completions control,
// as the client would) while the demo coach has the assessments table open in one tab and the dashboard in another;
// without a reload, the row's state, the dashboard's tile, the drawer's badge and one notification with its link
// follow. The stack asks every 15 s (UPDATES_INTERVAL_SECONDS); the BFF reads the legacy lists at most once an
// interval, so a change shows within two intervals. At phone width the notification leaves the table's toolbar
// clear, axe on both.
import type { components } from '../../../generated/bff.ts';
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, stackUrls, test } from '../support/fixtures.ts';

type AssessmentList = components['schemas']['AssessmentList'];
type Dashboard = components['schemas']['Dashboard'];

test.use({ account: DEMO });

// A seeded Enneagram of the demo coach, invited (and reminded) and not started, that no other test names or changes; an
// Enneagram is marked as it is completed, so it moves to 'Complete, send report'.
const CLIENT_EMAIL = 'kagiso.sithole.57@example.test';
const CLIENT_NAME = 'Kagiso Sithole';
const COMPLETED = `${CLIENT_NAME} completed the Enneagram`;
const SEND_REPORT_TILE = 'Complete, send report';
// Two intervals of the stack's 15 s and some room: the BFF's read may have just passed when the client completes.
const UPDATE_SHOWN = { timeout: 45_000 };

async function bff<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The next answer of the page's poll for updates (a change made after it is one the BFF tells). */
const nextPoll = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/updates' && response.status() === 200);

const updates = (page: Page) => page.getByRole('log', { name: 'Updates' }).getByRole('listitem');
const drawerLink = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

test('a completion shows in the table, the dashboard, the drawer and one notification, without a reload', async ({ page, visit }) => {
  // Up to two intervals for the change to show, then one more poll to see it is not told twice.
  test.setTimeout(120_000);
  const { items } = await bff<AssessmentList>(page, `/api/assessments?q=${encodeURIComponent(CLIENT_EMAIL)}`);
  expect(items, 'the seeded assessment, still open').toHaveLength(1);
  const [assessment] = items;
  if (!assessment) throw new Error('the seeded assessment is missing');
  expect(assessment.completedAt, 'the seeded assessment is not completed yet').toBeUndefined();

  // The dashboard in a tab of its own, its poll started; the tile as the BFF counts it now.
  const dashboard = await visit({ account: DEMO });
  const dashboardPolled = nextPoll(dashboard);
  await openDashboard(dashboard);
  await dashboardPolled;
  const before = await bff<Dashboard>(dashboard, '/api/dashboard');
  const sendReport = before.tiles.find((tile) => tile.filter === 'completeSendReport');
  if (!sendReport) throw new Error('the dashboard has no send-report tile');
  await expect(dashboard.getByRole('link', { name: `${SEND_REPORT_TILE} ${sendReport.count}`, exact: true })).toBeVisible();

  // The assessments table, searched for the client, its poll started.
  const tablePolled = nextPoll(page);
  await page.goto(`/coachportal/assessments?q=${encodeURIComponent(CLIENT_EMAIL)}`);
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: CLIENT_EMAIL });
  await expect(row.getByRole('rowheader')).toContainText(/Invited|Reminded|Started/);
  await tablePolled;
  await expect(drawerLink(page, /^Assessments/)).toHaveAccessibleName('Assessments');

  // Each tab marked: a reload would lose the mark.
  const mark = (tab: Page) => tab.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
  const stillMarked = (tab: Page) => expect.poll(() => tab.evaluate(() => 'notReloaded' in globalThis)).toBe(true);
  await Promise.all([mark(page), mark(dashboard)]);

  const completed = await fetch(new URL('/__sandbox/completions', stackUrls().sandboxUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ assessmentId: assessment.id }),
  });
  expect(completed.status).toBe(204);

  // One notification, with the link to the client's page.
  const notice = updates(page).filter({ hasText: COMPLETED });
  await expect(notice).toHaveCount(1, UPDATE_SHOWN);
  await expect(notice.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/coachportal/clighent/${assessment.clientId}`);
  // The row, refetched: complete, with its Enneagram result.
  await expect(row.getByRole('rowheader')).toContainText('Complete');
  await expect(row).toContainText(/Type \d/);
  // The drawer's badge counts it (other changes of the coach may be counted with it).
  await expect(drawerLink(page, /^Assessments/)).toHaveAccessibleName(/^Assessments\s*:\s*\d+ updates?$/);
  // The dashboard's tile, in the other tab.
  await expect(dashboard.getByRole('link', { name: `${SEND_REPORT_TILE} ${sendReport.count + 1}`, exact: true })).toBeVisible(UPDATE_SHOWN);
  await expect(updates(dashboard).filter({ hasText: COMPLETED })).toHaveCount(1);
  await stillMarked(page);
  await stillMarked(dashboard);
  await expectNoAxeViolations(page);

  // Told once: the polls after it answer it no more, or answer it again and it is not shown twice.
  await nextPoll(page);
  await expect(notice).toHaveCount(1);

  // At phone width the notification sits at the foot of the window, clear of the table's toolbar.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(notice).toBeVisible();
  const toolbar = page.getByRole('group', { name: 'Actions' });
  await expect(toolbar).toBeVisible();
  await expect
    .poll(async () => {
      const [bar, card] = await Promise.all([toolbar.boundingBox(), notice.boundingBox()]);
      return bar !== null && card !== null && card.y >= bar.y + bar.height;
    })
    .toBe(true);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Opening the Assessments screen clears its badge; View leads to the client's page and the notification goes.
  await drawerLink(page, /^Assessments/).click();
  await expect(drawerLink(page, /^Assessments/)).toHaveAccessibleName('Assessments');
  await notice.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/coachportal/clighent/${assessment.clientId}$`));
  await expect(updates(page).filter({ hasText: COMPLETED })).toHaveCount(0);
});
