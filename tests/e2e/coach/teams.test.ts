// The Teams page (spec coach-shell §2.6, §4, §5, §8, §9) for the demo coach, on teams each test makes for itself: the
// table as the BFF lists it, Add Team (its required fields, and opened by the dashboard's Add New Team), Edit (the name
// fixed once a report is requested), View Team, Add Team Members, Duplicate Team (default name, only with a report),
// Request Report (a team without members refused, then requested),
// Delete (confirmation, '{n} of {m} removed.', a locked team by name), Assign SCO (e-mail check, unknown coach) and
// Revoke, and a team received from the peer coach (download only). Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { bff, createTeam, findTeamRow, openTeams, PEER, requestReport, signIn, type TeamRow, uniqueName } from './teams-steps.ts';

const browser = startChromiumForFile();

async function more(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function selectRow(page: Page, name: string): Promise<void> {
  const row = await findTeamRow(page, name);
  await row.locator('.checkbox').click();
  await page.getByText('1 selected', { exact: true }).waitFor();
}

const monthYear = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());

describe.each(VIEWPORT_NAMES)('teams at %s size', (viewport) => {
  it('adds a team (name and project required), edits it, views it and deletes it after the confirmation', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await openTeams(page, viewport);
    const list = await bff<{ total: number }>(portal, 'GET', '/api/teams');
    await page.getByText(`${list.total} records`).waitFor();
    await expectNoAxeViolations(page);

    const name = uniqueName(`E2E add ${viewport}`);
    await page.getByRole('button', { name: 'Add Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team' });
    await dialog.getByLabel('Team name').fill(name);
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await page.getByText('Please enter a team name and a project name.').waitFor();
    await dialog.getByLabel('Project').fill('E2E Project');
    await dialog.getByLabel('Description').fill('First description');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Add Team' }).click();
    await page.getByText(`Team ${name} added.`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = await findTeamRow(page, name);
    expect(await row.innerText()).toContain('-');
    if (viewport === 'desktop') expect(await row.innerText()).toContain('Not Requested');
    await row.locator('.checkbox').click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team' });
    expect(await edit.getByLabel('Team name').isEnabled()).toBe(true);
    await edit.getByLabel('Description').fill('Second description');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Team ${name} updated.`).waitFor();
    if (viewport === 'desktop') await page.getByRole('gridcell', { name: 'Second description' }).waitFor();

    await page.getByRole('button', { name: 'View Team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team Report' }).waitFor();
    await page.getByRole('heading', { name, exact: true }).waitFor();
    expect(page.url()).toContain('/coachportal/team?id=');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();

    await selectRow(page, name);
    await more(page, 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Warning', exact: true });
    expect(await confirm.innerText()).toContain('Are you sure you wish to remove?');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 of 1 removed.').waitFor();
    await page.getByText('No teams yet. Add a team to start.').waitFor();
    const after = await bff<{ items: TeamRow[] }>(portal, 'GET', `/api/teams?q=${encodeURIComponent(name)}`);
    expect(after.items).toEqual([]);
    await portal.close();
  });

  it('duplicates a team with a report under the default name, refuses to delete or rename it, and Add Team Members goes to the assessments', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const name = uniqueName(`E2E dup ${viewport}`);
    const plain = uniqueName(`E2E plain ${viewport}`);
    const team = await createTeam(portal, name, 2, { leader: true });
    await createTeam(portal, plain);
    await requestReport(portal, team.id);
    await openTeams(page, viewport);

    await selectRow(page, plain);
    await more(page, 'Duplicate Team');
    const note = page.getByRole('alertdialog', { name: 'Please Note', exact: true });
    expect(await note.innerText()).toContain('A team report must be requested before you can duplicate this team.');
    await note.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Uncheck All' }).click();

    await selectRow(page, name);
    if (viewport === 'desktop') expect(await (await findTeamRow(page, name)).innerText()).toContain('Not yet available');
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team' });
    expect(await edit.getByLabel('Team name').isDisabled()).toBe(true);
    await edit.getByText('Editing the team name is disabled when the report is available.').waitFor();
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await more(page, 'Duplicate Team');
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Team' });
    expect(await duplicate.getByLabel('New team name').inputValue()).toBe(`${name} ${monthYear}`);
    await expectNoAxeViolations(page);
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByText(`Team ${name} ${monthYear} added.`).waitFor();
    const copies = await bff<{ items: TeamRow[] }>(portal, 'GET', `/api/teams?q=${encodeURIComponent(`${name} ${monthYear}`)}`);
    expect(copies.items.map((copy) => [copy.memberCount, copy.duplicatedSourceId])).toEqual([[2, team.id]]);

    // The team stays selected; the copy shows beside it (its name holds the search).
    await page.getByRole('rowheader', { name: `${name} ${monthYear}`, exact: true }).waitFor();
    await page.getByText('1 selected', { exact: true }).waitFor();
    await more(page, 'Delete');
    await page.getByRole('alertdialog', { name: 'Warning', exact: true }).getByRole('button', { name: 'Delete' }).click();
    const result = page.getByRole('alertdialog', { name: 'Failed', exact: true });
    expect(await result.innerText()).toContain('0 of 1 removed.');
    expect(await result.innerText()).toContain(
      `${name}: The report for team ${name} has already been requested or generated - cannot delete.`,
    );
    await expectNoAxeViolations(page);
    await result.getByRole('button', { name: 'OK' }).click();

    await more(page, 'Add Team Members');
    await page.getByRole('heading', { level: 1, name: 'Assessments' }).waitFor();
    await portal.close();
  });

  it("requests a team's report from the Teams page: refused with no members, then requested, then refused as already requested", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const empty = uniqueName(`E2E empty ${viewport}`);
    const name = uniqueName(`E2E request ${viewport}`);
    await createTeam(portal, empty);
    const team = await createTeam(portal, name, 2, { leader: true });
    await openTeams(page, viewport);

    await selectRow(page, empty);
    await more(page, 'Request Report');
    const failed = page.getByRole('alertdialog', { name: 'Failed', exact: true });
    expect(await failed.innerText()).toContain('You cannot have 0 members');
    await failed.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Uncheck All' }).click();

    await selectRow(page, name);
    await more(page, 'Request Report');
    const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
    await dialog.getByText('Maturity', { exact: true }).click();
    const { dueDateMin } = await bff<{ dueDateMin: string }>(portal, 'GET', `/api/teams/${team.id}`);
    await dialog.getByLabel('Due date').fill(dueDateMin);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Request Report' }).click();
    const note = page.getByRole('alertdialog', { name: 'Success', exact: true });
    expect(await note.innerText()).toContain('Your Maturity team report has been requested. It will be available as soon as possible.');
    await note.getByRole('button', { name: 'OK' }).click();
    const requested = await bff<{ team: TeamRow }>(portal, 'GET', `/api/teams/${team.id}`);
    expect([requested.team.reportState, requested.team.reportRequested, requested.team.reportDueDate]).toEqual([
      'requested',
      'IMf',
      dueDateMin,
    ]);
    if (viewport === 'desktop') await (await findTeamRow(page, name)).getByText('Maturity').waitFor();

    await more(page, 'Request Report');
    expect(await failed.innerText()).toContain('A report has already been requested for this team.');
    await failed.getByRole('button', { name: 'OK' }).click();
    await portal.close();
  });

  it('assigns a team to another coach by e-mail (checked, unknown coach refused) and revokes it', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const name = uniqueName(`E2E sco ${viewport}`);
    await createTeam(portal, name);
    await openTeams(page, viewport);
    await selectRow(page, name);
    await more(page, 'Assign SCO');
    const dialog = page.getByRole('dialog', { name: 'Assign Secondary Coach Ownership' });
    const email = dialog.getByLabel("Coach's e-mail address");
    const proceed = dialog.getByRole('button', { name: 'Proceed' });
    expect(await email.getAttribute('maxlength')).toBe('45');
    await email.fill('not an e-mail');
    await dialog.getByText('Please enter a valid email address.').waitFor();
    expect(await proceed.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await email.fill('nobody.here@example.test');
    await proceed.click();
    await dialog.getByText(/^That email address is not associated with a coach registered on the .+ system$/).waitFor();
    await email.fill(PEER.email);
    await proceed.click();
    await page.getByText(`1 team given to ${PEER.email}.`).waitFor();
    const given = await bff<{ items: TeamRow[]; hasGiven: boolean }>(portal, 'GET', `/api/teams?q=${encodeURIComponent(name)}`);
    expect(given.items[0]?.givenTo.map((coach) => `${coach.name} ${coach.surname}`)).toEqual([PEER.name]);
    if (viewport === 'desktop') expect(await (await findTeamRow(page, name)).innerText()).toContain(PEER.name);

    await selectRow(page, name);
    await more(page, 'Revoke SCO');
    const revoke = page.getByRole('dialog', { name: 'Revoke Secondary Coach Ownership' });
    await expectNoAxeViolations(page);
    await revoke.getByRole('button', { name: `Revoke ${PEER.name}` }).click();
    await page.getByText(`${name} taken back from ${PEER.name}.`).waitFor();
    const after = await bff<{ items: TeamRow[] }>(portal, 'GET', `/api/teams?q=${encodeURIComponent(name)}`);
    expect(after.items[0]?.givenTo).toEqual([]);
    await portal.close();
  });

  it("a team received from another coach can only download its reports, and the dashboard's Add New Team opens the add dialog", async () => {
    const peer = await openPortal(browser(), viewport);
    await signIn(peer, PEER.email);
    const name = uniqueName(`E2E received ${viewport}`);
    const team = await createTeam(peer, name);
    await bff(peer, 'POST', '/api/teams/sco-assignments', { ids: [team.id], coachEmail: 'demo@coachportal.test' });
    await peer.close();

    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    if (viewport === 'desktop') {
      await page.getByRole('button', { name: 'Add New Team' }).click();
      await page.getByRole('dialog', { name: 'Add Team' }).waitFor();
      expect(page.url()).not.toContain('add=1');
      await page.getByRole('dialog', { name: 'Add Team' }).getByRole('button', { name: 'Cancel' }).click();
    } else {
      expect(await page.getByRole('button', { name: 'Add New Team' }).isVisible()).toBe(false);
      await openTeams(page, viewport);
    }
    const row = await findTeamRow(page, name);
    expect(await row.innerText()).toContain('-');
    if (viewport === 'desktop') expect(await row.innerText()).toContain(PEER.name);
    await row.locator('.checkbox').click();
    await page.getByRole('button', { name: 'View Team' }).click();
    const note = page.getByRole('alertdialog', { name: 'Please Note', exact: true });
    expect(await note.innerText()).toContain(
      'This team has been given to you - you cannot view it. You can only download the team reports, when they become available.',
    );
    await expectNoAxeViolations(page);
    await note.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await note.innerText()).toContain('you cannot edit it');
    await note.getByRole('button', { name: 'OK' }).click();
    await more(page, 'Duplicate Team');
    expect(await note.innerText()).toContain('you cannot duplicate it');
    await note.getByRole('button', { name: 'OK' }).click();
    await more(page, 'Delete');
    await page.getByRole('alertdialog', { name: 'Warning', exact: true }).getByRole('button', { name: 'Delete' }).click();
    expect(await page.getByRole('alertdialog', { name: 'Failed', exact: true }).innerText()).toContain(
      'Your selection includes teams that were given to you by another coach. Please amend your selection and try again.',
    );
    await portal.close();
  });
});
