// The team report page (spec coach-shell §2.7, §4 "Team report", "Team leaders", §5, §8, §9) on teams each test makes
// for itself: 'Team Report' titled with the team's name and reloadable by its address, the members (leader toggle,
// comments, remove after the confirmation), the request (type, due date later than today, the leaders' confirmation,
// 'as soon as possible'), Cancel request, the buttons per state, the report downloads behind a modal that cannot be
// closed, the summary spreadsheet, a failed download, and a received team. Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { bff, createTeam, findTeamRow, openTeams, PEER, reportAvailable, signIn, type TeamDetail, uniqueName } from './teams-steps.ts';

const browser = startChromiumForFile();

async function setFaults(switches: object | null): Promise<void> {
  const response = await fetch(new URL('/__sandbox/faults', inject('sandboxUrl')), {
    method: switches ? 'PUT' : 'DELETE',
    headers: switches ? { 'Content-Type': 'application/json' } : {},
    body: switches ? JSON.stringify(switches) : null,
  });
  expect(response.ok).toBe(true);
}
afterEach(() => setFaults(null));

async function openTeam(page: Page, portal: PortalPage, teamId: string, name: string): Promise<void> {
  await page.goto(portal.url(`/coachportal/team?id=${teamId}`));
  await page.getByRole('heading', { level: 1, name: 'Team Report' }).waitFor();
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

const detailOf = (portal: PortalPage, teamId: string) => bff<TeamDetail>(portal, 'GET', `/api/teams/${teamId}`);
const today = () => new Date().toISOString().slice(0, 10);

async function requestFromDialog(page: Page, type: string, dueDate: string): Promise<void> {
  await page.getByRole('button', { name: 'Request Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
  await dialog.getByText(type, { exact: true }).click();
  await dialog.getByLabel('Due date').fill(dueDate);
  await dialog.getByRole('button', { name: 'Request Report' }).click();
}

describe.each(VIEWPORT_NAMES)('team report page at %s size', (viewport) => {
  it('edits the members, requests the report after the leaders’ confirmation, locks the members, and cancels the request', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const name = uniqueName(`E2E report ${viewport}`);
    const team = await createTeam(portal, name, 3, { leader: true });
    if (viewport === 'desktop') {
      await openTeams(page, viewport);
      await (await findTeamRow(page, name)).locator('.checkbox').click();
      await page.getByRole('button', { name: 'View Team' }).click();
      await page.getByRole('heading', { name, exact: true }).waitFor();
    } else {
      await openTeam(page, portal, team.id, name);
    }
    // The id is in the address: a reload shows the same team; the page title is its name.
    await page.reload();
    await page.getByRole('heading', { name, exact: true }).waitFor();
    expect(await page.title()).toBe(`${name} | Coach Portal`);
    const detail = await detailOf(portal, team.id);
    await page.getByText('Not Requested', { exact: true }).waitFor();
    await page.getByText(detail.charge.message).first().waitFor();
    expect(await page.getByRole('button', { name: 'Request Report' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel Request' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    const [first, second, third] = detail.members;
    if (!first || !second || !third) throw new Error('the team has three members');
    await page.getByRole('checkbox', { name: `Team leader: ${second.displayName}` }).check();
    await expect.poll(async () => (await detailOf(portal, team.id)).leaderCount).toBe(2);

    await page.getByRole('button', { name: `Comments of ${first.displayName}` }).click();
    const comments = page.getByRole('dialog', { name: `Comments: ${first.displayName}` });
    expect(await comments.getByLabel('Comments').getAttribute('maxlength')).toBe('250');
    await comments.getByLabel('Comments').fill('Chairs the weekly meeting.');
    await expectNoAxeViolations(page);
    await comments.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Comments saved.').waitFor();
    expect((await detailOf(portal, team.id)).members.find((member) => member.id === first.id)?.memberComments).toBe(
      'Chairs the weekly meeting.',
    );

    await page.getByRole('button', { name: `Remove ${third.displayName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Warning', exact: true });
    expect(await confirm.innerText()).toContain('Are you sure you wish to remove?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Member successfuly removed').waitFor();
    await page.getByRole('heading', { name: 'Team members (2)' }).waitFor();

    // spec §5: a due date of today is refused; the earliest is the BFF's tomorrow.
    await requestFromDialog(page, 'Enneagram', today());
    const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
    await dialog.getByText('Your due date cannot be today or any day before today').waitFor();
    await dialog.getByLabel('Due date').fill(detail.dueDateMin);
    await dialog.getByRole('button', { name: 'Request Report' }).click();
    const leaders = page.getByRole('dialog', { name: 'Team leaders', exact: true });
    expect(await leaders.innerText()).toContain('This team has 2 team leaders. Do you wish to request the report anyway?');
    await expectNoAxeViolations(page);
    await leaders.getByRole('button', { name: 'Proceed' }).click();
    const note = page.getByRole('alertdialog', { name: 'Success', exact: true });
    expect(await note.innerText()).toContain('Your Enneagram team report has been requested. It will be available as soon as possible.');
    await note.getByRole('button', { name: 'OK' }).click();
    await page.getByText(`Requested: Enneagram, due ${detail.dueDateMin}`).waitFor();
    expect(await page.getByRole('button', { name: 'Request Report' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel Request' }).isEnabled()).toBe(true);
    await page.getByText(/^You cannot edit membership of a team for which a report has already been requested or issued\./).waitFor();
    expect(await page.getByRole('checkbox', { name: `Team leader: ${first.displayName}` }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: `Remove ${first.displayName}` }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Cancel Request' }).click();
    await page.getByText('The report request has been cancelled.').waitFor();
    await page.getByText('Not Requested', { exact: true }).waitFor();
    expect((await detailOf(portal, team.id)).canRequestReport).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    await portal.close();
  });

  it('refuses 0 members, asks when there is no leader, and downloads the available report behind a modal and the summary', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const name = uniqueName(`E2E ready ${viewport}`);
    const team = await createTeam(portal, name, 1);
    await openTeam(page, portal, team.id, name);
    await requestFromDialog(page, 'Maturity', (await detailOf(portal, team.id)).dueDateMin);
    const leaders = page.getByRole('dialog', { name: 'Team leaders', exact: true });
    expect(await leaders.innerText()).toContain('This team has no team leader. Do you wish to request the report anyway?');
    await leaders.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('alertdialog', { name: 'Success', exact: true }).getByRole('button', { name: 'OK' }).click();

    // While the sandbox prepares the report: a team without members cannot request one.
    const empty = uniqueName(`E2E empty ${viewport}`);
    const emptyTeam = await createTeam(portal, empty);
    await openTeam(page, portal, emptyTeam.id, empty);
    await page.getByRole('button', { name: 'Request Report' }).click();
    const failed = page.getByRole('alertdialog', { name: 'Failed', exact: true });
    expect(await failed.innerText()).toContain('You cannot have 0 members');
    await failed.getByRole('button', { name: 'OK' }).click();

    await reportAvailable(portal, team.id);
    await openTeam(page, portal, team.id, name);
    await page.getByText(/^Available: Maturity/).waitFor();
    expect(await page.getByRole('button', { name: 'Request Report' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel Request' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    // A slow file: the modal shows while it comes, and Esc does not close it.
    // (Esc is pressed before the slower axe check, so a busy machine does not see the file arrive first.)
    await setFaults({ slowDownloadBytesPerSecond: 2500 });
    const pdf = page.waitForEvent('download', { timeout: 45_000 });
    await page.getByRole('button', { name: `PDF report of ${name}` }).click();
    const modal = page.locator('.modal').getByRole('alertdialog', { name: 'Downloading...', exact: true });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    expect((await pdf).suggestedFilename()).toBe(`${name} - team report.pdf`);
    await modal.waitFor({ state: 'detached' });
    await setFaults(null);

    const summary = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Summary Spreadsheet' }).click();
    expect((await summary).suggestedFilename()).toBe(`${name} - summary.xlsx`);

    await setFaults({ serverErrors: { downloadTeamReport: 503 } });
    await page.getByRole('button', { name: `PPTX report of ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Failed', exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('a team received from another coach cannot be viewed: the page gives the reason', async () => {
    const peer = await openPortal(browser(), viewport);
    await signIn(peer, PEER.email);
    const name = uniqueName(`E2E given ${viewport}`);
    const team = await createTeam(peer, name);
    await bff(peer, 'POST', '/api/teams/sco-assignments', { ids: [team.id], coachEmail: 'demo@coachportal.test' });
    await peer.close();

    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await page.goto(portal.url(`/coachportal/team?id=${team.id}`));
    await page
      .getByText(
        'This team has been given to you - you cannot view it. You can only download the team reports, when they become available.',
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
