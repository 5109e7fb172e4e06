// The Teams page (spec coach-shell §2.6, §4, §5, §8, §9) for the demo coach, on teams each test makes for itself: the
// table as the BFF lists it, Add Team (its required fields, and opened by the dashboard's Add New Team), Edit (the name
// fixed once a report is requested), View Team, Add Team Members, Duplicate Team (default name, only with a report),
// Request Report (a team without members refused, then requested),
// Delete (confirmation, '{n} of {m} removed.', a locked team by name), Assign SCO (e-mail check, unknown coach) and
// Revoke, a name the BFF refuses (a text-direction override: its sentence in the dialog's alert), and a team
// received from the peer coach (download only). The flows at desktop, axe on every state; at
// phone width the page from the drawer behind Menu with its two columns (Name, Report), the dashboard without Add
// New Team, and each dialog once, axe on each.
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, test } from '../support/fixtures.ts';
import { bff, createTeam, findTeamRow, openTeams, PEER, requestReport, type TeamRow, uniqueName } from './teams-steps.ts';

test.use({ account: DEMO });

async function more(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function selectRow(page: Page, name: string): Promise<void> {
  const row = await findTeamRow(page, name);
  await row.locator('.checkbox').click();
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
}

/** The Teams page from the dashboard's drawer (behind Menu on a phone). */
async function openTeamsFromDashboard(page: Page, layout: string): Promise<void> {
  await openDashboard(page);
  await openTeams(page, layout);
}

/** A dialog closed with Esc (its own Cancel is not the point of the test). */
async function dismiss(page: Page, dialog: ReturnType<Page['getByRole']>): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** A team of the peer coach given to the demo coach (SCO), made with the peer's own session. */
async function teamReceivedFromPeer(visit: (options: { account: string }) => Promise<Page>, prefix: string): Promise<TeamRow> {
  const peer = await visit({ account: PEER.email });
  const team = await createTeam(peer, uniqueName(prefix));
  await bff(peer, 'POST', '/api/teams/sco-assignments', { ids: [team.id], coachEmail: DEMO });
  return team;
}

test('refuses a team name holding a text-direction override with the BFF’s sentence in the dialog, and adds no such team', async ({
  page,
}) => {
  await openTeamsFromDashboard(page, 'desktop');
  const name = uniqueName('E2E override');
  await page.getByRole('button', { name: 'Add Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Team' });
  await dialog.getByLabel('Team name').fill(`${name}\u202Efdp.exe`);
  await dialog.getByLabel('Project').fill('E2E Project');
  await dialog.getByRole('button', { name: 'Add Team' }).click();
  // The BFF's sentence at the field it names, which takes the focus.
  await expect(dialog.getByLabel('Team name')).toBeFocused();
  await expect(dialog.getByLabel('Team name')).toHaveAccessibleDescription('The team name contains characters that are not allowed.');
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Team name').fill(name);
  await dialog.getByRole('button', { name: 'Add Team' }).click();
  await expect(page.getByText(`Team ${name} added.`)).toBeVisible();
  const named = async () =>
    (await bff<{ items: TeamRow[] }>(page, 'GET', `/api/teams?q=${encodeURIComponent(name)}`)).items
      .map((team) => team.name)
      .filter((teamName) => teamName.startsWith(name));
  await expect.poll(named).toEqual([name]);
});

const monthYear = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());

test('adds a team (name and project required), edits it, views it and deletes it after the confirmation', async ({ page }) => {
  await openTeamsFromDashboard(page, 'desktop');
  const list = await bff<{ total: number }>(page, 'GET', '/api/teams');
  await expect(page.getByText(`${list.total} records`)).toBeVisible();
  await expectNoAxeViolations(page);

  const name = uniqueName('E2E add');
  await page.getByRole('button', { name: 'Add Team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Team' });
  await dialog.getByLabel('Team name').fill(name);
  await dialog.getByRole('button', { name: 'Add Team' }).click();
  // The spec's text at the empty field, which takes the focus (no toast far from it).
  await expect(dialog.getByLabel('Project')).toBeFocused();
  await expect(dialog.getByLabel('Project')).toHaveAccessibleDescription('Please enter a team name and a project name.');
  await dialog.getByLabel('Project').fill('E2E Project');
  await dialog.getByLabel('Description').fill('First description');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add Team' }).click();
  await expect(page.getByText(`Team ${name} added.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = await findTeamRow(page, name);
  await expect(row).toContainText('-');
  await expect(row).toContainText('Not Requested');
  await row.locator('.checkbox').click();
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team' });
  await expect(edit.getByLabel('Team name')).toBeEnabled();
  await edit.getByLabel('Description').fill('Second description');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Team ${name} updated.`)).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Second description' })).toBeVisible();

  await page.getByRole('button', { name: 'View Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(page.getByText('Team Report', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/coachportal\/team\?id=/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();

  await selectRow(page, name);
  await more(page, 'Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Warning', exact: true });
  await expect(confirm).toContainText('Are you sure you wish to remove?');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 of 1 removed.')).toBeVisible();
  // The table is still searched for the deleted team's name: it says so, with the way back.
  await expect(page.getByText(`No teams match “${name}”.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  const after = await bff<{ items: TeamRow[] }>(page, 'GET', `/api/teams?q=${encodeURIComponent(name)}`);
  expect(after.items).toEqual([]);
});

test('duplicates a team with a report under the default name, refuses to delete or rename it, and Add Team Members goes to the assessments', async ({
  page,
}) => {
  const name = uniqueName('E2E dup');
  const plain = uniqueName('E2E plain');
  const team = await createTeam(page, name, 2, { leader: true });
  await createTeam(page, plain);
  await requestReport(page, team.id);
  await openTeamsFromDashboard(page, 'desktop');

  await selectRow(page, plain);
  await more(page, 'Duplicate Team');
  const note = page.getByRole('alertdialog', { name: 'Please Note', exact: true });
  await expect(note).toContainText('A team report must be requested before you can duplicate this team.');
  await note.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Uncheck All' }).click();

  await selectRow(page, name);
  await expect(await findTeamRow(page, name)).toContainText('Not yet available');
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team' });
  await expect(edit.getByLabel('Team name')).toBeDisabled();
  await expect(edit.getByText('Editing the team name is disabled when the report is available.')).toBeVisible();
  await expectNoAxeViolations(page);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await more(page, 'Duplicate Team');
  const duplicate = page.getByRole('dialog', { name: 'Duplicate Team' });
  await expect(duplicate.getByLabel('New team name')).toHaveValue(`${name} ${monthYear}`);
  await expectNoAxeViolations(page);
  await duplicate.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText(`Team ${name} ${monthYear} added.`)).toBeVisible();
  const copies = await bff<{ items: TeamRow[] }>(page, 'GET', `/api/teams?q=${encodeURIComponent(`${name} ${monthYear}`)}`);
  expect(copies.items.map((copy) => [copy.memberCount, copy.duplicatedSourceId])).toEqual([[2, team.id]]);

  // The team stays selected; the copy shows beside it (its name holds the search).
  await expect(page.getByRole('rowheader', { name: `${name} ${monthYear}`, exact: true })).toBeVisible();
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await more(page, 'Delete');
  await page.getByRole('alertdialog', { name: 'Warning', exact: true }).getByRole('button', { name: 'Delete' }).click();
  const result = page.getByRole('alertdialog', { name: 'Failed', exact: true });
  await expect(result).toContainText('0 of 1 removed.');
  await expect(result).toContainText(`${name}: The report for team ${name} has already been requested or generated - cannot delete.`);
  await expectNoAxeViolations(page);
  await result.getByRole('button', { name: 'OK' }).click();

  await more(page, 'Add Team Members');
  await expect(page.getByRole('heading', { level: 1, name: 'Assessments' })).toBeVisible();
});

test("requests a team's report from the Teams page: refused with no members, then requested, then refused as already requested", async ({
  page,
}) => {
  const empty = uniqueName('E2E empty');
  const name = uniqueName('E2E request');
  await createTeam(page, empty);
  const team = await createTeam(page, name, 2, { leader: true });
  await openTeamsFromDashboard(page, 'desktop');

  await selectRow(page, empty);
  await more(page, 'Request Report');
  const failed = page.getByRole('alertdialog', { name: 'Failed', exact: true });
  await expect(failed).toContainText('You cannot have 0 members');
  await failed.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Uncheck All' }).click();

  await selectRow(page, name);
  await more(page, 'Request Report');
  const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
  await dialog.getByText('Maturity', { exact: true }).click();
  const { dueDateMin } = await bff<{ dueDateMin: string }>(page, 'GET', `/api/teams/${team.id}`);
  await dialog.getByLabel('Due date').fill(dueDateMin);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Request Report' }).click();
  const note = page.getByRole('alertdialog', { name: 'Success', exact: true });
  await expect(note).toContainText('Your Maturity team report has been requested. It will be available as soon as possible.');
  await note.getByRole('button', { name: 'OK' }).click();
  const requested = await bff<{ team: TeamRow }>(page, 'GET', `/api/teams/${team.id}`);
  expect([requested.team.reportState, requested.team.reportRequested, requested.team.reportDueDate]).toEqual([
    'requested',
    'IMf',
    dueDateMin,
  ]);
  await expect((await findTeamRow(page, name)).getByText('Maturity')).toBeVisible();

  await more(page, 'Request Report');
  await expect(failed).toContainText('A report has already been requested for this team.');
  await failed.getByRole('button', { name: 'OK' }).click();
});

test('assigns a team to another coach by e-mail (checked, unknown coach refused) and revokes it', async ({ page }) => {
  const name = uniqueName('E2E sco');
  await createTeam(page, name);
  await openTeamsFromDashboard(page, 'desktop');
  await selectRow(page, name);
  await more(page, 'Assign SCO');
  const dialog = page.getByRole('dialog', { name: 'Assign Secondary Coach Ownership' });
  const email = dialog.getByLabel("Coach's e-mail address");
  const proceed = dialog.getByRole('button', { name: 'Proceed' });
  await expect(email).toHaveAttribute('maxlength', '45');
  await email.fill('not an e-mail');
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(proceed).toBeDisabled();
  await expectNoAxeViolations(page);
  await email.fill('nobody.here@example.test');
  await proceed.click();
  await expect(dialog.getByText(/^That email address is not associated with a coach registered on the .+ system$/)).toBeVisible();
  await email.fill(PEER.email);
  await proceed.click();
  await expect(page.getByText(`1 team given to ${PEER.email}.`)).toBeVisible();
  const given = await bff<{ items: TeamRow[]; hasGiven: boolean }>(page, 'GET', `/api/teams?q=${encodeURIComponent(name)}`);
  expect(given.items[0]?.givenTo.map((coach) => `${coach.name} ${coach.surname}`)).toEqual([PEER.name]);
  await expect(await findTeamRow(page, name)).toContainText(PEER.name);

  await selectRow(page, name);
  await more(page, 'Revoke SCO');
  const revoke = page.getByRole('dialog', { name: 'Revoke Secondary Coach Ownership' });
  await expect(revoke.getByRole('button', { name: `Revoke ${PEER.name}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await revoke.getByRole('button', { name: `Revoke ${PEER.name}` }).click();
  await expect(page.getByText(`${name} taken back from ${PEER.name}.`)).toBeVisible();
  const after = await bff<{ items: TeamRow[] }>(page, 'GET', `/api/teams?q=${encodeURIComponent(name)}`);
  expect(after.items[0]?.givenTo).toEqual([]);
});

test.describe('a team received from the peer coach', () => {
  test("a team received from another coach can only download its reports, and the dashboard's Add New Team opens the add dialog", async ({
    page,
    visit,
  }) => {
    const { name } = await teamReceivedFromPeer(visit, 'E2E received');

    await openDashboard(page);
    await page.getByRole('button', { name: 'Add New Team' }).click();
    const add = page.getByRole('dialog', { name: 'Add Team' });
    await expect(add).toBeVisible();
    await expect(page).not.toHaveURL(/add=1/);
    await add.getByRole('button', { name: 'Cancel' }).click();

    const row = await findTeamRow(page, name);
    await expect(row).toContainText('-');
    await expect(row).toContainText(PEER.name);
    await row.locator('.checkbox').click();
    await page.getByRole('button', { name: 'View Team' }).click();
    const note = page.getByRole('alertdialog', { name: 'Please Note', exact: true });
    await expect(note).toContainText(
      'This team has been given to you - you cannot view it. You can only download the team reports, when they become available.',
    );
    await expectNoAxeViolations(page);
    await note.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(note).toContainText('you cannot edit it');
    await note.getByRole('button', { name: 'OK' }).click();
    await more(page, 'Duplicate Team');
    await expect(note).toContainText('you cannot duplicate it');
    await note.getByRole('button', { name: 'OK' }).click();
    await more(page, 'Delete');
    await page.getByRole('alertdialog', { name: 'Warning', exact: true }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Failed', exact: true })).toContainText(
      'Your selection includes teams that were given to you by another coach. Please amend your selection and try again.',
    );
  });
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the dashboard has no Add New Team; the Teams page, from the drawer behind Menu, shows Name and Report; its add, edit, request and SCO dialogs fit', async ({
    page,
  }) => {
    const plain = uniqueName('E2E phone plain');
    await createTeam(page, plain);

    await openDashboard(page);
    // The dashboard's actions show with its content: Add New Team is a desktop action.
    await expect(page.getByRole('link', { name: 'View Assessments' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New Team' })).toBeHidden();
    await openTeams(page, 'phone');
    const list = await bff<{ total: number }>(page, 'GET', '/api/teams');
    await expect(page.getByText(`${list.total} records`)).toBeVisible();
    const table = page.getByRole('grid', { name: 'Teams' });
    await expect(table.getByRole('columnheader', { name: /^Report/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^(Description|Project|Report Requested|Due Date)/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Four toolbar items wrap on a phone, each whole: none is cut at the screen's edge.
    const toolbar = page.getByRole('group', { name: 'Actions' });
    for (const name of ['Add Team', 'View Team', 'Edit', 'More']) {
      await expect(toolbar.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }

    await page.getByRole('button', { name: 'Add Team' }).click();
    const add = page.getByRole('dialog', { name: 'Add Team' });
    await add.getByRole('button', { name: 'Add Team' }).click();
    await expect(add.getByLabel('Team name')).toBeFocused();
    await expect(add.getByLabel('Team name')).toHaveAccessibleDescription('Please enter a team name and a project name.');
    await expect(add.getByLabel('Project')).toHaveAccessibleDescription('Please enter a team name and a project name.');
    await expectNoAxeViolations(page);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toHaveCount(0);

    const row = await findTeamRow(page, plain);
    await expect(row).toContainText('-');
    await selectRow(page, plain);
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team' });
    await expect(edit.getByLabel('Team name')).toHaveValue(plain);
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toHaveCount(0);

    await more(page, 'Duplicate Team');
    const note = page.getByRole('alertdialog', { name: 'Please Note', exact: true });
    await expect(note).toContainText('A team report must be requested before you can duplicate this team.');
    await expectNoAxeViolations(page);
    await note.getByRole('button', { name: 'OK' }).click();

    await more(page, 'Request Report');
    const failed = page.getByRole('alertdialog', { name: 'Failed', exact: true });
    await expect(failed).toContainText('You cannot have 0 members');
    await expectNoAxeViolations(page);
    await failed.getByRole('button', { name: 'OK' }).click();

    await more(page, 'Assign SCO');
    const assign = page.getByRole('dialog', { name: 'Assign Secondary Coach Ownership' });
    await assign.getByLabel("Coach's e-mail address").fill('not an e-mail');
    await expect(assign.getByText('Please enter a valid email address.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dismiss(page, assign);
  });

  test('the dialogs of a team with a requested report, given to the peer, fit a phone: request, duplicate, revoke, delete refused', async ({
    page,
  }) => {
    const name = uniqueName('E2E phone dup');
    const team = await createTeam(page, name, 2, { leader: true });
    await bff(page, 'POST', '/api/teams/sco-assignments', { ids: [team.id], coachEmail: PEER.email });

    await openTeamsFromDashboard(page, 'phone');
    await selectRow(page, name);
    await more(page, 'Request Report');
    const request = page.getByRole('dialog', { name: 'Request Report', exact: true });
    await request.getByText('Maturity', { exact: true }).click();
    await request.getByLabel('Due date').fill((await bff<{ dueDateMin: string }>(page, 'GET', `/api/teams/${team.id}`)).dueDateMin);
    await expectNoAxeViolations(page);
    await request.getByRole('button', { name: 'Request Report' }).click();
    const success = page.getByRole('alertdialog', { name: 'Success', exact: true });
    await expect(success).toContainText('Your Maturity team report has been requested.');
    await expectNoAxeViolations(page);
    await success.getByRole('button', { name: 'OK' }).click();
    // The phone's Report column follows the request.
    await expect((await findTeamRow(page, name)).getByText('Not yet available')).toBeVisible();

    await more(page, 'Duplicate Team');
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Team' });
    await expect(duplicate.getByLabel('New team name')).toHaveValue(`${name} ${monthYear}`);
    await expectNoAxeViolations(page);
    await dismiss(page, duplicate);

    await more(page, 'Revoke SCO');
    const revoke = page.getByRole('dialog', { name: 'Revoke Secondary Coach Ownership' });
    await expect(revoke.getByRole('button', { name: `Revoke ${PEER.name}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await dismiss(page, revoke);

    await more(page, 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Warning', exact: true });
    await expect(confirm).toContainText('Are you sure you wish to remove?');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const result = page.getByRole('alertdialog', { name: 'Failed', exact: true });
    await expect(result).toContainText('0 of 1 removed.');
    await expectNoAxeViolations(page);
    await result.getByRole('button', { name: 'OK' }).click();
  });
});
