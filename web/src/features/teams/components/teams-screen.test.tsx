import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster, toasts } from '../../../components/ui/toast.tsx';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { describedBy } from '../../../test/described-by.ts';
import { fieldProblem, json, problem, serveLists } from '../../../test/fake-bff.ts';
import { teamDetail as detail, teamId as id, teamRow as team } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';
import type { TeamDetail } from '../api/get-team.ts';
import { TeamsScreen } from './teams-screen.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const COACH = { id: '7b1e2d3c-4a5b-4c6d-9e8f-1a2b3c4d5e6f', name: 'Lukas', surname: 'Novak' };

const AVAILABLE = team(1, 'Leadership Team', {
  reportState: 'available',
  reportRequested: 'Full',
  reportRequestedDisplay: 'Combined',
  reportDueDate: '2025-09-15',
  reportSuppliedAt: '2025-09-12T15:40:00Z',
  reportStatusText: null,
  reportDownloads: [
    { format: 'pdf', url: `/api/teams/${id(1)}/reports/pdf` },
    { format: 'pptx', url: `/api/teams/${id(1)}/reports/pptx` },
  ],
  givenTo: [COACH],
  canDuplicate: true,
});
const REQUESTED = team(2, 'Sales Team', {
  reportState: 'requested',
  reportRequested: 'Ennea',
  reportRequestedDisplay: 'Enneagram',
  reportDueDate: '2025-11-14',
  reportStatusText: 'Not yet available',
  canDuplicate: true,
});
const NEW = team(3, 'Budapest Operations');
const RECEIVED = team(4, 'Received Team', { isReceived: true, receivedFrom: { name: 'Naledi Khumalo' } });

/** A fake BFF: the list of `rows` (with its flags) and queued answers by "METHOD path". */
function fakeBff(rows: TeamRow[], answers: Record<string, Response[]> = {}) {
  const list = () => ({
    items: rows,
    total: rows.length,
    filteredTotal: rows.length,
    page: 1,
    pageSize: 50,
    hasGiven: rows.some((row) => row.givenTo.length > 0),
    hasReceived: rows.some((row) => row.isReceived),
  });
  return serveLists(fetchMock, { '/api/teams': list }, answers);
}

function renderScreen(path = '/teams') {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <TeamsScreen />
      <Toaster />
    </Router>,
  );
  return { url: () => memory.history?.at(-1) ?? '' };
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement;
const select = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await screen.findByRole('rowheader', { name });
  await user.click(within(rowOf(name)).getByRole('checkbox'));
};
const dismiss = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'OK' })).toBeNull());
};
const more = async (user: ReturnType<typeof userEvent.setup>, item: string) => {
  await user.click(await screen.findByRole('button', { name: 'More' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
};

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  fetchMock.mockReset();
  // The toast queue is the app's one queue: what a test left must not meet the next one.
  for (const toast of toasts.visibleToasts) toasts.close(toast.key);
});

describe('Teams page table (spec coach-shell §2.6)', () => {
  it('shows the desktop columns, Given To and Received From when such teams exist, the report links and status texts', async () => {
    fakeBff([AVAILABLE, REQUESTED, NEW, RECEIVED]);
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Leadership Team' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↕▲▼]/g, '').trim());
    expect(headers).toEqual([
      '',
      'Name',
      'Description',
      'Project',
      'Number of Members',
      'Created',
      'Report Requested',
      'Due Date',
      'Report',
      'Given To',
      'Received From',
    ]);
    expect(within(rowOf('Leadership Team')).getByRole('button', { name: 'PDF report of Leadership Team' })).toBeTruthy();
    expect(within(rowOf('Leadership Team')).getByRole('button', { name: 'PPTX report of Leadership Team' })).toBeTruthy();
    expect(within(rowOf('Leadership Team')).getByText('Lukas Novak')).toBeTruthy();
    expect(within(rowOf('Sales Team')).getByText('Not yet available')).toBeTruthy();
    expect(within(rowOf('Budapest Operations')).getByText('Not Requested')).toBeTruthy();
    expect(within(rowOf('Received Team')).getByText('Naledi Khumalo')).toBeTruthy();
    expect(within(rowOf('Sales Team')).getByText('2025-10-02')).toBeTruthy();
  });

  it('leaves out Given To and Received From when there are no such teams, and a phone shows Name and Report', async () => {
    fakeBff([REQUESTED, NEW]);
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Sales Team' });
    expect(screen.queryByRole('columnheader', { name: /Given To/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /Received From/ })).toBeNull();
  });

  it('shows Name and Report at phone width', async () => {
    setViewportWidth(375);
    fakeBff([AVAILABLE, REQUESTED]);
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Sales Team' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↕▲▼]/g, '').trim())).toEqual([
      '',
      'Name',
      'Report',
    ]);
    expect(within(rowOf('Leadership Team')).getByRole('button', { name: 'PDF report of Leadership Team' })).toBeTruthy();
  });

  it('enables the buttons by the selection count', async () => {
    const user = userEvent.setup();
    fakeBff([AVAILABLE, REQUESTED, NEW]);
    renderScreen();
    await screen.findByRole('rowheader', { name: 'Sales Team' });
    const disabled = (name: string) => screen.getByRole('button', { name }).hasAttribute('disabled');
    expect([disabled('Add Team'), disabled('View Team'), disabled('Edit')]).toEqual([false, true, true]);
    await select(user, 'Sales Team');
    expect([disabled('View Team'), disabled('Edit')]).toEqual([false, false]);
    await select(user, 'Budapest Operations');
    expect([disabled('View Team'), disabled('Edit')]).toEqual([true, true]);
    await user.click(await screen.findByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    const state = (item: string) => within(menu).getByRole('menuitem', { name: item }).getAttribute('aria-disabled');
    expect([state('Duplicate Team'), state('Delete'), state('Assign SCO'), state('Revoke SCO'), state('Add Team Members')]).toEqual([
      'true',
      null,
      null,
      'true',
      null,
    ]);
  });
});

describe('Add Team and Edit (spec coach-shell §5, §8)', () => {
  it("says 'Please enter a team name and a project name.' at the empty field, focused, then adds the team", async () => {
    const user = userEvent.setup();
    const seen = fakeBff([NEW], { 'POST /api/teams': [json(team(5, 'Durban Sales'), 201)] });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Durban Sales');
    await user.click(within(dialog).getByRole('button', { name: 'Add Team' }));
    const projectField = within(dialog).getByLabelText('Project');
    await waitFor(() => expect(document.activeElement).toBe(projectField));
    expect(projectField.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(projectField)).toBe('Please enter a team name and a project name.');
    expect(within(dialog).getByLabelText('Team name').getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).getAllByText('Please enter a team name and a project name.')).toHaveLength(1);
    expect(toasts.visibleToasts).toHaveLength(0);
    expect(seen.some((call) => call.method === 'POST')).toBe(false);
    expect(within(dialog).getByLabelText('Team name').getAttribute('maxlength')).toBe('250');
    await user.type(within(dialog).getByLabelText('Project'), 'Coastal Growth');
    await user.type(within(dialog).getByLabelText('Description'), 'KZN sales');
    await user.click(within(dialog).getByRole('button', { name: 'Add Team' }));
    expect(await screen.findByText('Team Durban Sales added.')).toBeTruthy();
    expect(seen.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Durban Sales',
      project: 'Coastal Growth',
      description: 'KZN sales',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal naming a field at that field, focused, and not as the dialog’s alert', async () => {
    const user = userEvent.setup();
    const refusal = 'Please remove the emoji from the team name.';
    fakeBff([NEW], { 'POST /api/teams': [fieldProblem('validation_failed', 'name', refusal)] });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
    const name = within(dialog).getByLabelText('Team name');
    await user.type(name, 'Launch 🚀');
    await user.type(within(dialog).getByLabelText('Project'), 'Coastal Growth');
    await user.click(within(dialog).getByRole('button', { name: 'Add Team' }));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(describedBy(name)).toBe(refusal);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.type(name, '!');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('adds one team for a double-click on Add Team: one call, with its Idempotency-Key', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([NEW], { 'POST /api/teams': [json(team(5, 'Durban Sales'), 201)] });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Durban Sales');
    await user.type(within(dialog).getByLabelText('Project'), 'Coastal Growth');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Add Team' }));
    expect(await screen.findByText('Team Durban Sales added.')).toBeTruthy();
    const posts = seen.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("opens the add dialog when the dashboard's re-route flag is in the address, and drops the flag", async () => {
    fakeBff([NEW]);
    const { url } = renderScreen('/teams?add=1');
    expect(await screen.findByRole('dialog', { name: 'Add Team' })).toBeTruthy();
    await waitFor(() => expect(url()).not.toContain('add=1'));
  });

  it("shows 'Failed' with the server's text when the add is refused", async () => {
    const user = userEvent.setup();
    fakeBff([NEW], { 'POST /api/teams': [problem(502, 'team_update_failed', 'Team name already in use.')] });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Add Team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Team' });
    await user.type(within(dialog).getByLabelText('Team name'), 'Durban Sales');
    await user.type(within(dialog).getByLabelText('Project'), 'Coastal Growth');
    await user.click(within(dialog).getByRole('button', { name: 'Add Team' }));
    expect(await within(dialog).findByText('Team name already in use.')).toBeTruthy();
  });

  it('keeps the name of a team with a report, with the tooltip text, and sends only the other fields', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([AVAILABLE], { [`PATCH /api/teams/${id(1)}`]: [json({ ...AVAILABLE, project: 'New project' })] });
    renderScreen();
    await select(user, 'Leadership Team');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team' });
    const name = within(dialog).getByLabelText('Team name');
    expect(name.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('Editing the team name is disabled when the report is available.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Project'));
    await user.type(within(dialog).getByLabelText('Project'), 'New project');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team Leadership Team updated.')).toBeTruthy();
    expect(seen.find((call) => call.method === 'PATCH')?.body).toEqual({ project: 'New project', description: AVAILABLE.description });
  });
});

describe('received teams, View Team, Duplicate Team, Add Team Members (spec coach-shell §4, §8)', () => {
  it('refuses to view, edit or duplicate a received team with the spec text', async () => {
    const user = userEvent.setup();
    fakeBff([RECEIVED]);
    renderScreen();
    await select(user, 'Received Team');
    await user.click(screen.getByRole('button', { name: 'View Team' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Please Note' });
    expect(alert.textContent).toContain(
      'This team has been given to you - you cannot view it. You can only download the team reports, when they become available.',
    );
    await dismiss(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((await screen.findByRole('alertdialog', { name: 'Please Note' })).textContent).toContain('you cannot edit it');
    await dismiss(user);
    await more(user, 'Duplicate Team');
    expect((await screen.findByRole('alertdialog', { name: 'Please Note' })).textContent).toContain('you cannot duplicate it');
  });

  it('View Team opens the team page with the id in the address; Add Team Members goes to the assessments page', async () => {
    const user = userEvent.setup();
    fakeBff([NEW]);
    const { url } = renderScreen();
    await select(user, 'Budapest Operations');
    await user.click(screen.getByRole('button', { name: 'View Team' }));
    await waitFor(() => expect(url()).toBe(`/team?id=${id(3)}`));
  });

  it("opens a team's page with Enter on its row, as View Team does; a received team's row opens nothing", async () => {
    const user = userEvent.setup();
    fakeBff([NEW, RECEIVED]);
    const { url } = renderScreen();
    await screen.findByRole('rowheader', { name: 'Received Team' });
    within(rowOf('Received Team')).getByRole('rowheader').focus();
    await user.keyboard('{Enter}');
    expect(url()).toBe('/teams');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.closest('[role="row"]')).toBe(rowOf('Budapest Operations'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(url()).toBe(`/team?id=${id(3)}`));
  });

  it('Add Team Members goes to the assessments page', async () => {
    const user = userEvent.setup();
    fakeBff([NEW]);
    const { url } = renderScreen();
    await screen.findByRole('rowheader', { name: 'Budapest Operations' });
    await more(user, 'Add Team Members');
    await waitFor(() => expect(url()).toBe('/assessments'));
  });

  it('duplicates only once a report is requested, under the suggested name by default', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([REQUESTED, NEW], {
      [`POST /api/teams/${id(2)}/duplicate`]: [
        problem(502, 'duplicate_failed', 'Duplicate team failed.'),
        json(team(6, 'Sales Team October 2025'), 201),
      ],
    });
    renderScreen();
    await select(user, 'Budapest Operations');
    await more(user, 'Duplicate Team');
    expect((await screen.findByRole('alertdialog', { name: 'Please Note' })).textContent).toContain(
      'A team report must be requested before you can duplicate this team.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(within(rowOf('Budapest Operations')).getByRole('checkbox'));
    await select(user, 'Sales Team');
    await more(user, 'Duplicate Team');
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Team' });
    expect((within(dialog).getByLabelText('New team name') as HTMLInputElement).value).toBe('Sales Team October 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await within(dialog).findByText('Duplicate team failed.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('Team Sales Team October 2025 added.')).toBeTruthy();
    expect(seen.filter((call) => call.path.endsWith('/duplicate')).at(-1)?.body).toEqual({ name: 'Sales Team October 2025' });
  });
});

describe('Request Report (spec coach-shell §2.6, §4 "Team report", §5)', () => {
  const member = { id: 'a55e55e0-0000-4000-8000-000000000011', isTeamLeader: true, memberComments: '', displayName: 'Member 1' };

  it('requests the report of the selected team, and shows the note of a report that comes later', async () => {
    const user = userEvent.setup();
    const seen = fakeBff([NEW], {
      [`GET /api/teams/${id(3)}`]: [json(detail(NEW, { members: [member as TeamDetail['members'][number]] }))],
      [`POST /api/teams/${id(3)}/report-request`]: [json({ reportReady: false, reportRequestedDisplay: 'Maturity', leaderCount: 1 })],
    });
    renderScreen();
    await select(user, 'Budapest Operations');
    await more(user, 'Request Report');
    const dialog = await screen.findByRole('dialog', { name: 'Request Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Maturity' }));
    await user.type(within(dialog).getByLabelText('Due date'), '2025-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Request Report' }));
    const note = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(note.textContent).toContain('Your Maturity team report has been requested. It will be available as soon as possible.');
    expect(seen.find((call) => call.method === 'POST')?.body).toEqual({ reportType: 'IMf', dueDate: '2025-11-20' });
  });

  it("refuses a team without members ('You cannot have 0 members'), one already requested, and a received team", async () => {
    const user = userEvent.setup();
    fakeBff([NEW, REQUESTED, RECEIVED], {
      [`GET /api/teams/${id(3)}`]: [json(detail(NEW))],
      [`GET /api/teams/${id(2)}`]: [json(detail(REQUESTED, { canRequestReport: false, membersLocked: true }))],
    });
    renderScreen();
    await select(user, 'Budapest Operations');
    await more(user, 'Request Report');
    expect((await screen.findByRole('alertdialog', { name: 'Failed' })).textContent).toContain('You cannot have 0 members');
    await dismiss(user);
    await user.click(within(rowOf('Budapest Operations')).getByRole('checkbox'));
    await select(user, 'Sales Team');
    await more(user, 'Request Report');
    expect((await screen.findByRole('alertdialog', { name: 'Failed' })).textContent).toContain(
      'A report has already been requested for this team.',
    );
    await dismiss(user);
    await user.click(within(rowOf('Sales Team')).getByRole('checkbox'));
    await select(user, 'Received Team');
    await more(user, 'Request Report');
    expect((await screen.findByRole('alertdialog', { name: 'Please Note' })).textContent).toContain('you cannot request a report for it');
  });
});

describe('Delete (spec coach-shell §5, §8)', () => {
  it("asks 'Are you sure you wish to remove?', then reports '{n} of {m} removed.' with the failed teams by name", async () => {
    const user = userEvent.setup();
    const locked = 'The report for team Sales Team has already been requested or generated - cannot delete.';
    const seen = fakeBff([REQUESTED, NEW], {
      'POST /api/teams/deletions': [
        json({
          total: 2,
          succeeded: 1,
          failed: [{ id: id(2), name: 'Sales Team', code: 'team_report_locked', message: locked }],
          notAttempted: 0,
        }),
      ],
    });
    renderScreen();
    await select(user, 'Sales Team');
    await select(user, 'Budapest Operations');
    await more(user, 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(confirm.textContent).toContain('Are you sure you wish to remove?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(seen.some((call) => call.method === 'POST')).toBe(false);
    await more(user, 'Delete');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Delete' }));
    const result = await screen.findByRole('alertdialog', { name: 'Not all records could be deleted' });
    expect(result.textContent).toContain('1 of 2 removed.');
    expect(result.textContent).toContain(`Sales Team: ${locked}`);
    const call = seen.find((entry) => entry.method === 'POST');
    expect(call?.body).toEqual({ ids: [id(2), id(3)] });
    expect(call?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("titles the result 'Failed' when nothing was removed, and toasts a full success", async () => {
    const user = userEvent.setup();
    fakeBff([NEW], {
      'POST /api/teams/deletions': [
        json({
          total: 1,
          succeeded: 0,
          failed: [{ id: id(3), name: 'Budapest Operations', code: 'upstream_error', message: 'Busy.' }],
          notAttempted: 0,
        }),
        json({ total: 1, succeeded: 1, failed: [], notAttempted: 0 }),
      ],
    });
    renderScreen();
    await select(user, 'Budapest Operations');
    await more(user, 'Delete');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Delete' }));
    const result = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(result.textContent).toContain('0 of 1 removed.');
    await dismiss(user);
    await select(user, 'Budapest Operations');
    await more(user, 'Delete');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 of 1 removed.')).toBeTruthy();
  });

  it('shows the refusal of a selection with a received team', async () => {
    const user = userEvent.setup();
    const text = 'Your selection includes teams that were given to you by another coach. Please amend your selection and try again.';
    fakeBff([RECEIVED], { 'POST /api/teams/deletions': [problem(409, 'selection_includes_received', text)] });
    renderScreen();
    await select(user, 'Received Team');
    await more(user, 'Delete');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alertdialog', { name: 'Failed' })).textContent).toContain(text);
  });
});

describe('Assign SCO and Revoke (spec coach-shell §4 SCO, §5, §8)', () => {
  it('keeps Proceed disabled while the e-mail is not valid, and shows an unknown coach', async () => {
    const user = userEvent.setup();
    const unknown = "That email address is not associated with a coach registered on the provider's system";
    const seen = fakeBff([NEW], {
      'POST /api/teams/sco-assignments': [
        problem(400, 'sco_coach_unknown', unknown),
        json({ total: 1, succeeded: 1, failed: [], notAttempted: 0 }),
      ],
    });
    renderScreen();
    await select(user, 'Budapest Operations');
    await more(user, 'Assign SCO');
    const dialog = await screen.findByRole('dialog', { name: 'Assign Secondary Coach Ownership' });
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' });
    const email = within(dialog).getByLabelText("Coach's e-mail address");
    expect(email.getAttribute('maxlength')).toBe('45');
    expect(proceed.hasAttribute('disabled')).toBe(true);
    await user.type(email, 'not-an-email');
    expect(within(dialog).getByText('Please enter a valid email address.')).toBeTruthy();
    expect(proceed.hasAttribute('disabled')).toBe(true);
    await user.clear(email);
    await user.type(email, 'nobody@example.test');
    expect(proceed.hasAttribute('disabled')).toBe(false);
    await user.click(proceed);
    expect(await within(dialog).findByText(unknown)).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'peer@coachportal.test');
    await user.click(proceed);
    expect(await screen.findByText('1 team given to peer@coachportal.test.')).toBeTruthy();
    expect(seen.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ ids: [id(3)], coachEmail: 'peer@coachportal.test' });
  });

  it('revokes per receiving coach and shows a revoke failure', async () => {
    const user = userEvent.setup();
    const failure = 'SCO revoking failed: the coach has downloaded it';
    const seen = fakeBff([AVAILABLE], {
      'POST /api/teams/sco-revocations': [
        json({
          total: 1,
          succeeded: 0,
          failed: [{ id: id(1), name: 'Leadership Team', code: 'sco_revoke_failed', message: failure }],
          notAttempted: 0,
        }),
        json({ total: 1, succeeded: 1, failed: [], notAttempted: 0 }),
      ],
    });
    renderScreen();
    await select(user, 'Leadership Team');
    await more(user, 'Revoke SCO');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Secondary Coach Ownership' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Lukas Novak' }));
    expect(await within(dialog).findByText(failure)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke Lukas Novak' }));
    expect(await screen.findByText('Leadership Team taken back from Lukas Novak.')).toBeTruthy();
    expect(seen.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ ids: [id(1)], coachId: COACH.id });
  });
});

describe('report downloads (spec coach-shell §2.6, §8)', () => {
  it("toasts 'Downloading...', and shows the report-generation failure with the report named", async () => {
    const user = userEvent.setup();
    const notGenerated = 'The following report(s) could not be generated. The team has been notified and will be in touch.';
    fakeBff([AVAILABLE], {
      [`GET /api/teams/${id(1)}/reports/pdf`]: [problem(502, 'report_generation_failed', notGenerated)],
      [`GET /api/teams/${id(1)}/reports/pptx`]: [problem(502, 'download_failed', 'The file store is busy.')],
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'PDF report of Leadership Team' }));
    expect(await screen.findByText('Downloading...')).toBeTruthy();
    const failed = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(failed.textContent).toContain(notGenerated);
    expect(within(failed).getByText('Leadership Team (PDF)')).toBeTruthy();
    await dismiss(user);
    await user.click(screen.getByRole('button', { name: 'PPTX report of Leadership Team' }));
    expect((await screen.findByRole('alertdialog', { name: 'Failed' })).textContent).toContain('The file store is busy.');
  });
});
