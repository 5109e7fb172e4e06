// The team report page (spec coach-shell §2.7, §4 "Team report", "Team leaders", §5, §8, §9) on teams each test makes
// for itself: 'Team Report' titled with the team's name and reloadable by its address, the members (leader toggle,
// comments, remove after the confirmation), the request (type, due date later than today, the leaders' confirmation,
// 'as soon as possible'), Cancel request, the buttons per state, the report downloads behind a modal that cannot be
// closed, the summary spreadsheet, a failed download, and a received team. The flows at desktop, axe on every state;
// at phone width the page by its address with each of its dialogs (the downloads on the seeded 'Executive Committee',
// whose report is available), and the received team's page, axe on each.
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  forEachLayout,
  LAYOUTS,
  openDashboard,
  type Page,
  setFaults,
  test,
} from '../support/fixtures.ts';
import {
  bff,
  createTeam,
  findTeamRow,
  openTeams,
  PEER,
  reportAvailable,
  type TeamDetail,
  type TeamRow,
  uniqueName,
} from './teams-steps.ts';

test.use({ account: DEMO });

async function openTeam(page: Page, teamId: string, name: string): Promise<void> {
  await page.goto(`/coachportal/team?id=${teamId}`);
  // The team's name is the page's heading, 'Team Report' the line above it.
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByText('Team Report', { exact: true })).toBeVisible();
}

const detailOf = (page: Page, teamId: string) => bff<TeamDetail>(page, 'GET', `/api/teams/${teamId}`);
/** The balance the Balance screen shows (getCredits). */
const balanceOf = async (page: Page) => (await bff<{ balance: number }>(page, 'GET', '/api/credits')).balance;
/** The top bar's balance circle showing `balance` (its name says whether it is a deficit). */
const balanceCircle = (page: Page, balance: number) => page.getByRole('img', { name: new RegExp(`^Balance: ${balance} credits`) });
const today = () => new Date().toISOString().slice(0, 10);

async function requestFromDialog(page: Page, type: string, dueDate: string): Promise<void> {
  await page.getByRole('button', { name: 'Request Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
  await dialog.getByText(type, { exact: true }).click();
  await dialog.getByLabel('Due date').fill(dueDate);
  await dialog.getByRole('button', { name: 'Request Report' }).click();
}

test('edits the members, requests the report after the leaders’ confirmation, locks the members, and cancels the request', async ({
  page,
}) => {
  const name = uniqueName('E2E report');
  const team = await createTeam(page, name, 3, { leader: true });
  await openDashboard(page);
  await openTeams(page, 'desktop');
  await (await findTeamRow(page, name)).locator('.checkbox').click();
  await page.getByRole('button', { name: 'View Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  // The id is in the address: a reload shows the same team; the page title is its name.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Coach Portal`);
  const detail = await detailOf(page, team.id);
  await expect(page.getByText('Not Requested', { exact: true })).toBeVisible();
  await expect(page.getByText(detail.charge.message).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Report' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeDisabled();
  await expectNoAxeViolations(page);

  const before = await balanceOf(page);
  await expect(balanceCircle(page, before)).toBeVisible();

  const [first, second, third] = detail.members;
  if (!first || !second || !third) throw new Error('the team has three members');
  await page.getByRole('checkbox', { name: `Team leader: ${second.displayName}` }).check();
  await expect.poll(async () => (await detailOf(page, team.id)).leaderCount).toBe(2);

  await page.getByRole('button', { name: `Comments of ${first.displayName}` }).click();
  const comments = page.getByRole('dialog', { name: `Comments: ${first.displayName}` });
  await expect(comments.getByLabel('Comments')).toHaveAttribute('maxlength', '250');
  await comments.getByLabel('Comments').fill('Chairs the weekly meeting.');
  await expectNoAxeViolations(page);
  await comments.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Comments saved.')).toBeVisible();
  expect((await detailOf(page, team.id)).members.find((member) => member.id === first.id)?.memberComments).toBe(
    'Chairs the weekly meeting.',
  );

  await page.getByRole('button', { name: `Remove ${third.displayName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Warning', exact: true });
  await expect(confirm).toContainText('Are you sure you wish to remove?');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member successfuly removed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team members (2)' })).toBeVisible();

  // spec §5: a due date of today is refused; the earliest is the BFF's tomorrow.
  await requestFromDialog(page, 'Enneagram', today());
  const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
  await expect(dialog.getByText('Your due date cannot be today or any day before today')).toBeVisible();
  await dialog.getByLabel('Due date').fill(detail.dueDateMin);
  await dialog.getByRole('button', { name: 'Request Report' }).click();
  const leaders = page.getByRole('dialog', { name: 'Team leaders', exact: true });
  await expect(leaders).toContainText('This team has 2 team leaders. Do you wish to request the report anyway?');
  await expectNoAxeViolations(page);
  await leaders.getByRole('button', { name: 'Proceed' }).click();
  const note = page.getByRole('alertdialog', { name: 'Success', exact: true });
  await expect(note).toContainText('Your Enneagram team report has been requested. It will be available as soon as possible.');
  await note.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`Requested: Enneagram, due ${detail.dueDateMin}`)).toBeVisible();
  // The report is charged: the top bar shows the Balance screen's figure without a reload.
  const charged = await balanceOf(page);
  expect(charged).toBeLessThan(before);
  await expect(balanceCircle(page, charged)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Report' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeEnabled();
  await expect(
    page.getByText(/^You cannot edit membership of a team for which a report has already been requested or issued\./),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Team leader: ${first.displayName}` })).toBeDisabled();
  // A locked team offers no row actions, rather than disabled ones on every row.
  await expect(page.getByRole('button', { name: `Remove ${first.displayName}` })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page.getByText('The report request has been cancelled.')).toBeVisible();
  await expect(page.getByText('Not Requested', { exact: true })).toBeVisible();
  expect((await detailOf(page, team.id)).canRequestReport).toBe(true);
  // Credited back: the circle follows again.
  await expect(balanceCircle(page, await balanceOf(page))).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
});

test('refuses 0 members, asks when there is no leader, and downloads the available report behind a modal and the summary', async ({
  page,
}) => {
  const name = uniqueName('E2E ready');
  const team = await createTeam(page, name, 1);
  await openTeam(page, team.id, name);
  await requestFromDialog(page, 'Maturity', (await detailOf(page, team.id)).dueDateMin);
  const leaders = page.getByRole('dialog', { name: 'Team leaders', exact: true });
  await expect(leaders).toContainText('This team has no team leader. Do you wish to request the report anyway?');
  await leaders.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('alertdialog', { name: 'Success', exact: true }).getByRole('button', { name: 'OK' }).click();

  // While the sandbox prepares the report: a team without members cannot request one.
  const empty = uniqueName('E2E empty');
  const emptyTeam = await createTeam(page, empty);
  await openTeam(page, emptyTeam.id, empty);
  await page.getByRole('button', { name: 'Request Report' }).click();
  const failed = page.getByRole('alertdialog', { name: 'Failed', exact: true });
  await expect(failed).toContainText('You cannot have 0 members');
  await failed.getByRole('button', { name: 'OK' }).click();

  await reportAvailable(page, team.id);
  await openTeam(page, team.id, name);
  await expect(page.getByText(/^Available: Maturity/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Report' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await expectDownloads(page, name);
});

/**
 * The available report of `name` (its page open): a slow file behind a modal that Esc does not close, the summary
 * spreadsheet, and 'Failed' when the legacy API fails the download.
 */
async function expectDownloads(page: Page, name: string): Promise<void> {
  // A slow file: the modal shows while it comes, and Esc does not close it.
  // (Esc is pressed before the slower axe check, so a busy machine does not see the file arrive first.)
  await setFaults({ slowDownloadBytesPerSecond: 2500 });
  const pdf = page.waitForEvent('download', { timeout: 45_000 });
  await page.getByRole('button', { name: `PDF report of ${name}` }).click();
  const modal = page.locator('.modal').getByRole('alertdialog', { name: 'Downloading...', exact: true });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await pdf).suggestedFilename()).toBe(`${name} - team report.pdf`);
  await expect(modal).toHaveCount(0);
  await setFaults({});

  const summary = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Summary Spreadsheet' }).click();
  expect((await summary).suggestedFilename()).toBe(`${name} - summary.xlsx`);

  await setFaults({ serverErrors: { downloadTeamReport: 503 } });
  await page.getByRole('button', { name: `PPTX report of ${name}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Failed', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
}

test.describe('a team received from another coach', () => {
  forEachLayout(LAYOUTS, () => {
    test('cannot be viewed: the page gives the reason', async ({ page, visit }) => {
      const peer = await visit({ account: PEER.email });
      const name = uniqueName('E2E given');
      const team = await createTeam(peer, name);
      await bff(peer, 'POST', '/api/teams/sco-assignments', { ids: [team.id], coachEmail: DEMO });

      await page.goto(`/coachportal/team?id=${team.id}`);
      await expect(
        page.getByText(
          'This team has been given to you - you cannot view it. You can only download the team reports, when they become available.',
        ),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the page and its member and request dialogs fit a phone', async ({ page }) => {
    const name = uniqueName('E2E phone report');
    const team = await createTeam(page, name, 3, { leader: true });
    await openTeam(page, team.id, name);
    const detail = await detailOf(page, team.id);
    await expect(page.getByText('Not Requested', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    const [first, second, third] = detail.members;
    if (!first || !second || !third) throw new Error('the team has three members');
    await page.getByRole('checkbox', { name: `Team leader: ${second.displayName}` }).check();
    await expect.poll(async () => (await detailOf(page, team.id)).leaderCount).toBe(2);
    await page.getByRole('button', { name: `Comments of ${first.displayName}` }).click();
    const comments = page.getByRole('dialog', { name: `Comments: ${first.displayName}` });
    await comments.getByLabel('Comments').fill('Chairs the weekly meeting.');
    await expectNoAxeViolations(page);
    await comments.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Comments saved.')).toBeVisible();

    await page.getByRole('button', { name: `Remove ${third.displayName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Warning', exact: true });
    await expect(confirm).toContainText('Are you sure you wish to remove?');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('heading', { name: 'Team members (2)' })).toBeVisible();

    await requestFromDialog(page, 'Enneagram', today());
    const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
    await expect(dialog.getByText('Your due date cannot be today or any day before today')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Due date').fill(detail.dueDateMin);
    await dialog.getByRole('button', { name: 'Request Report' }).click();
    const leaders = page.getByRole('dialog', { name: 'Team leaders', exact: true });
    await expect(leaders).toContainText('This team has 2 team leaders.');
    await expectNoAxeViolations(page);
    await leaders.getByRole('button', { name: 'Proceed' }).click();
    const note = page.getByRole('alertdialog', { name: 'Success', exact: true });
    await expect(note).toContainText('Your Enneagram team report has been requested.');
    await expectNoAxeViolations(page);
    await note.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(`Requested: Enneagram, due ${detail.dueDateMin}`)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a team without members is refused on a phone, and an available report's downloads fit it", async ({ page }) => {
    const empty = uniqueName('E2E phone empty');
    const emptyTeam = await createTeam(page, empty);
    await openTeam(page, emptyTeam.id, empty);
    await page.getByRole('button', { name: 'Request Report' }).click();
    const failed = page.getByRole('alertdialog', { name: 'Failed', exact: true });
    await expect(failed).toContainText('You cannot have 0 members');
    await expectNoAxeViolations(page);
    await failed.getByRole('button', { name: 'OK' }).click();

    // The seeded team whose report is available (read, never changed: a team with a report cannot be deleted).
    const seeded = 'Executive Committee';
    const list = await bff<{ items: TeamRow[] }>(page, 'GET', `/api/teams?q=${encodeURIComponent(seeded)}`);
    const team = list.items.find((row) => row.name === seeded && !row.isReceived);
    expect(team?.reportState).toBe('available');
    await openTeam(page, team?.id ?? '', seeded);
    await expect(page.getByText(/^Available: /)).toBeVisible();
    await expectDownloads(page, seeded);
  });
});
