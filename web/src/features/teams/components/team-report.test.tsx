import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster, toasts } from '../../../components/ui/toast.tsx';
import { json, problem } from '../../../test/fake-bff.ts';
import { teamDetail, teamId, teamRow } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import type { TeamDetail, TeamMember } from '../api/get-team.ts';
import { TeamReport } from './team-report.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const TEAM_ID = teamId(1);
const member = (n: number, extra: Partial<TeamMember> = {}): TeamMember => ({
  id: `a55e55e0-0000-4000-8000-00000000001${n}`,
  isTeamLeader: false,
  memberComments: '',
  displayName: `Member ${n}`,
  project: 'Kgosi Mining Leadership',
  company: 'Kgosi Mining',
  occupation: 'Engineer',
  assessmentType: 'full',
  enneaResult: '8w7',
  scoreImf: 'Performing',
  completedAt: '2025-08-20T10:05:00Z',
  ...extra,
});

const DETAIL = teamDetail(
  teamRow(1, 'Leadership Team', { description: 'Executive committee', memberCount: 2, createdAt: '2025-08-04T09:12:00Z' }),
  { members: [member(1, { isTeamLeader: true, memberComments: 'Chairs the committee.' }), member(2)] },
);
const REQUESTED: TeamDetail = {
  ...DETAIL,
  team: {
    ...DETAIL.team,
    reportState: 'requested',
    reportRequested: 'Full',
    reportRequestedDisplay: 'Combined',
    reportDueDate: '2025-11-14',
    reportStatusText: 'Not yet available',
    canDuplicate: true,
  },
  membersLocked: true,
  canRequestReport: false,
  canCancelReport: true,
};
const AVAILABLE: TeamDetail = {
  ...REQUESTED,
  team: {
    ...REQUESTED.team,
    reportState: 'available',
    reportSuppliedAt: '2025-11-12T15:40:00Z',
    reportStatusText: null,
    reportDownloads: [{ format: 'pdf', url: `/api/teams/${TEAM_ID}/reports/pdf` }],
  },
  canCancelReport: false,
};

const PATH = `/api/teams/${TEAM_ID}`;

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

const NO_GLANCE = { memberCount: 0, completedCount: 0, enneagram: [], maturity: [], pending: [] };

function fakeBff(answers: Record<string, (Response | Promise<Response>)[]>) {
  const seen: Seen[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    const text = await request.text();
    seen.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined });
    // The team at a glance (its own panel's tests: team-glance-panel.test.tsx) answers a team nobody completed yet.
    if (url.pathname.startsWith('/api/insights/teams/') && !answers[`GET ${url.pathname}`]) return json(NO_GLANCE);
    const queue = answers[`${request.method} ${url.pathname}`];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`unexpected call ${request.method} ${url.pathname}`);
    return answer instanceof Response ? answer.clone() : answer;
  });
  return seen;
}

function renderPage(teamId = TEAM_ID) {
  const memory = memoryLocation({ path: `/team?id=${teamId}`, record: true });
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <TeamReport teamId={teamId} />
      <Toaster />
    </Router>,
  );
  return { url: () => memory.history?.at(-1) ?? '' };
}

const button = (name: string) => screen.getByRole('button', { name });
/** The report's status as a screen reader reads it: the state's pill, then what was requested and its date. */
const reportStatus = (text: string) =>
  screen.findByText((_content, element) => element?.classList.contains('report-state') === true && element.textContent === text);

afterEach(() => {
  fetchMock.mockReset();
  for (const toast of toasts.visibleToasts) toasts.close(toast.key);
});

describe('team report page (spec coach-shell §2.7, §4 "Team report")', () => {
  it("shows the team's name as the heading under 'Team Report' and as the page title, the project, the status, the charge note and the members; Back goes to the list", async () => {
    const user = userEvent.setup();
    fakeBff({ [`GET ${PATH}`]: [json(DETAIL)] });
    const { url } = renderPage();
    // Until the team has arrived, the heading is the page's kind.
    expect(screen.getByRole('heading', { level: 1, name: 'Team Report' })).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Leadership Team' });
    expect(screen.getByText('Team Report')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Team Report' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Leadership Team | Coach Portal'));
    expect(screen.getByText('Project: Kgosi Mining Leadership')).toBeTruthy();
    expect(screen.getByText('Executive committee')).toBeTruthy();
    expect(screen.getByText('Not Requested')).toBeTruthy();
    expect(screen.getByText('This report costs 4 credits.')).toBeTruthy();
    expect(screen.getByText('Chairs the committee.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Team leader: Member 1' }) as HTMLInputElement).checked).toBe(true);
    expect([button('Request Report').hasAttribute('disabled'), button('Cancel Request').hasAttribute('disabled')]).toEqual([false, true]);
    await user.click(button('Back'));
    expect(url()).toBe('/teams');
  });

  it('a requested report: Request disabled, Cancel enabled, the members locked; Cancel returns to not requested', async () => {
    const user = userEvent.setup();
    const seen = fakeBff({
      [`GET ${PATH}`]: [json(REQUESTED), json(DETAIL)],
      [`DELETE ${PATH}/report-request`]: [new Response(null, { status: 204 })],
    });
    renderPage();
    expect(await reportStatus('Requested: Combined, due 2025-11-14')).toBeTruthy();
    expect(
      screen.getByText(
        'You cannot edit membership of a team for which a report has already been requested or issued. Rather make a duplicate of this team, edit the members, and then request a new report for the duplicated team.',
      ),
    ).toBeTruthy();
    expect(button('Request Report').hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Team leader: Member 2' }).hasAttribute('disabled')).toBe(true);
    // A locked team offers no row actions (rather than disabled ones on every row).
    expect(screen.queryByRole('button', { name: 'Remove Member 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comments of Member 2' })).toBeNull();
    await user.click(button('Cancel Request'));
    expect(await screen.findByText('The report request has been cancelled.')).toBeTruthy();
    expect(await screen.findByText('Not Requested')).toBeTruthy();
    expect(seen.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('an available report: both buttons disabled, the report link, and a modal that cannot be closed while it downloads', async () => {
    const user = userEvent.setup();
    let deliver: (response: Response) => void = () => {};
    const file = new Promise<Response>((resolve) => {
      deliver = resolve;
    });
    fakeBff({ [`GET ${PATH}`]: [json(AVAILABLE)], [`GET ${PATH}/reports/pdf`]: [file] });
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:report');
    globalThis.URL.revokeObjectURL = vi.fn();
    renderPage();
    await reportStatus('Available: Combined, supplied 2025-11-12');
    expect([button('Request Report').hasAttribute('disabled'), button('Cancel Request').hasAttribute('disabled')]).toEqual([true, true]);
    await user.click(button('PDF report of Leadership Team'));
    // The toast 'Downloading...' is an alertdialog too: the modal is the one with the dialog's class.
    const modal = () =>
      screen.queryAllByRole('alertdialog', { name: 'Downloading...' }).find((element) => element.classList.contains('dialog'));
    await waitFor(() => expect(modal()).toBeTruthy());
    const shown = modal();
    await user.keyboard('{Escape}');
    expect(modal()).toBe(shown);
    deliver(new Response(new Blob(['%PDF']), { status: 200, headers: { 'Content-Type': 'application/pdf' } }));
    await waitFor(() => expect(modal()).toBeUndefined());
  });

  it("shows a failed report download as 'Failed' with the server's text once the modal is gone", async () => {
    const user = userEvent.setup();
    fakeBff({
      [`GET ${PATH}`]: [json(AVAILABLE)],
      [`GET ${PATH}/reports/pdf`]: [problem(502, 'download_failed', 'The file store is busy.')],
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'PDF report of Leadership Team' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(failed.textContent).toContain('The file store is busy.');
  });

  it('offers a Retry on a failed load that shows the team when it answers', async () => {
    fakeBff({ [`GET ${PATH}`]: [problem(503, 'upstream_unavailable', 'The service is unavailable.'), json(DETAIL)] });
    renderPage();
    // Loading: the report card and the members table in skeletons, no spinner.
    expect(document.querySelector('.team-report-skeleton')).toBeTruthy();
    expect(screen.getByText('Loading...').closest('[aria-busy="true"]')?.querySelectorAll('.table-skeleton__row')).toHaveLength(8);
    await screen.findByRole('alert');
    expect(document.querySelector('.team-report-skeleton')).toBeNull();
    await userEvent.click(button('Retry'));
    await screen.findByRole('heading', { level: 1, name: 'Leadership Team' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the BFF's refusal of a received team", async () => {
    const text = 'This team has been given to you - you cannot view it. You can only download the team reports.';
    fakeBff({ [`GET ${PATH}`]: [problem(403, 'team_received', text)] });
    renderPage();
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('members (spec coach-shell §2.7, §5, §8)', () => {
  it('toggles the team leader, edits the comments (at most 250) and removes a member after the confirmation', async () => {
    const user = userEvent.setup();
    const seen = fakeBff({
      [`GET ${PATH}`]: [json(DETAIL)],
      [`PATCH ${PATH}/members/${member(2).id}`]: [json(member(2, { isTeamLeader: true })), json(member(2, { memberComments: 'New hire' }))],
      [`POST ${PATH}/members/deletions`]: [json({ total: 1, succeeded: 1, failed: [], notAttempted: 0 })],
    });
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Team leader: Member 2' }));
    await waitFor(() => expect(seen.find((call) => call.method === 'PATCH')?.body).toEqual({ isTeamLeader: true }));

    await user.click(button('Comments of Member 2'));
    const dialog = await screen.findByRole('dialog', { name: 'Comments: Member 2' });
    expect(within(dialog).getByLabelText('Comments').getAttribute('maxlength')).toBe('250');
    await user.type(within(dialog).getByLabelText('Comments'), 'New hire');
    expect(within(dialog).getByText('8 / 250 characters')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ memberComments: 'New hire' }));

    await user.click(button('Remove Member 2'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(confirm.textContent).toContain('Are you sure you wish to remove?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member successfuly removed')).toBeTruthy();
    expect(seen.find((call) => call.method === 'POST')?.body).toEqual({ ids: [member(2).id] });
  });

  it("shows a member's removal failure", async () => {
    const user = userEvent.setup();
    fakeBff({
      [`GET ${PATH}`]: [json(DETAIL)],
      [`POST ${PATH}/members/deletions`]: [
        json({
          total: 1,
          succeeded: 0,
          failed: [{ id: member(2).id, name: 'Member 2', code: 'upstream_error', message: 'Busy.' }],
          notAttempted: 0,
        }),
      ],
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Member 2' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('alertdialog', { name: 'Failed' })).textContent).toContain('Member 2: Busy.');
  });
});

describe('report request (spec coach-shell §4 "Team leaders", §5, §6)', () => {
  it("refuses a team with no members: 'You cannot have 0 members'", async () => {
    const user = userEvent.setup();
    fakeBff({ [`GET ${PATH}`]: [json({ ...DETAIL, members: [], leaderCount: 0 })] });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request Report' }));
    expect((await screen.findByRole('alertdialog', { name: 'Failed' })).textContent).toContain('You cannot have 0 members');
  });

  it('level 1: Enneagram preselected, Maturity and Combined disabled; the due date must be later than today; no leader asks first', async () => {
    const user = userEvent.setup();
    const seen = fakeBff({
      [`GET ${PATH}`]: [json({ ...DETAIL, allowedReportTypes: ['Ennea'], leaderCount: 0 }), json(REQUESTED)],
      [`POST ${PATH}/report-request`]: [json({ reportReady: false, reportRequestedDisplay: 'Enneagram', leaderCount: 0 })],
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Report' });
    expect((within(dialog).getByRole('radio', { name: 'Enneagram' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('radio', { name: 'Maturity' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('radio', { name: 'Combined' }).hasAttribute('disabled')).toBe(true);
    const date = within(dialog).getByLabelText('Due date') as HTMLInputElement;
    expect([date.min, date.max]).toEqual(['2025-11-01', '2999-12-31']);
    date.value = '';
    await user.type(date, '2025-10-31');
    await user.click(within(dialog).getByRole('button', { name: 'Request Report' }));
    expect(within(dialog).getByText('Your due date cannot be today or any day before today')).toBeTruthy();
    expect(seen.some((call) => call.method === 'POST')).toBe(false);
    await user.clear(date);
    await user.type(date, '2025-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Request Report' }));
    const leaders = await screen.findByRole('dialog', { name: 'Team leaders' });
    expect(leaders.textContent).toContain('This team has no team leader. Do you wish to request the report anyway?');
    await user.click(within(leaders).getByRole('button', { name: 'Proceed' }));
    const note = await screen.findByRole('alertdialog', { name: 'Success' });
    expect(note.textContent).toContain('Your Enneagram team report has been requested. It will be available as soon as possible.');
    expect(seen.find((call) => call.method === 'POST')?.body).toEqual({ reportType: 'Ennea', dueDate: '2025-11-20' });
  });

  it('asks with the count when there are several leaders, and says the report is ready when it is', async () => {
    const user = userEvent.setup();
    fakeBff({
      [`GET ${PATH}`]: [json({ ...DETAIL, leaderCount: 3 }), json(AVAILABLE)],
      [`POST ${PATH}/report-request`]: [json({ reportReady: true, reportRequestedDisplay: 'Combined', leaderCount: 3 })],
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Request Report' }));
    expect(within(dialog).getByText('Please choose a report type.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Combined' }));
    await user.type(within(dialog).getByLabelText('Due date'), '2026-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Request Report' }));
    const leaders = await screen.findByRole('dialog', { name: 'Team leaders' });
    expect(leaders.textContent).toContain('This team has 3 team leaders.');
    await user.click(within(leaders).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('The team report is ready.')).toBeTruthy();
    expect(await reportStatus('Available: Combined, supplied 2025-11-12')).toBeTruthy();
  });

  it("shows the BFF's refusal in the dialog", async () => {
    const user = userEvent.setup();
    fakeBff({
      [`GET ${PATH}`]: [json(DETAIL)],
      [`POST ${PATH}/report-request`]: [problem(400, 'due_date_not_future', 'Your due date cannot be today or any day before today')],
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Request Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Maturity' }));
    await user.type(within(dialog).getByLabelText('Due date'), '2026-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Request Report' }));
    expect(await within(dialog).findByText('Your due date cannot be today or any day before today')).toBeTruthy();
  });
});
