import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { SESSION } from '../../../test/fake-bff.ts';
import { miniPipelineInsights, pipelineInsights } from '../../../test/fixtures.ts';
import { render } from '../../../test/render.tsx';
import type { Dashboard as DashboardData } from '../api/get-dashboard.ts';
import { Dashboard, MESSAGES_LATER_KEY, MINI_ONLY_NOTICE, POLICY_ALERT_TITLE } from './dashboard.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const DASHBOARD: DashboardData = {
  greeting: { name: 'Amara', surname: 'Botha', email: 'demo@coachportal.test' },
  assistant: null,
  onlyMiniAssessment: false,
  tiles: [
    { filter: 'notInvitedYet', count: 3 },
    { filter: 'invitedNotStarted', count: 5 },
    { filter: 'startedIncomplete', count: 2 },
    { filter: 'completeInMarking', count: 1 },
    { filter: 'completeSendReport', count: 4 },
    { filter: 'receivedScos', count: 2 },
  ],
  total: { completed: 18, inProgress: 15 },
  messagesToAck: [{ subject: 'Planned maintenance', body: '<p>Down on <strong>Saturday</strong></p>' }],
  policyAlert: true,
};

const MINI_PAGE = {
  items: [
    {
      uniqueId: '3141f000-0000-4000-8000-000000000001',
      createdAt: '2026-10-21T08:20:00Z',
      language: 'hungarian',
      name: 'Eszter',
      surname: 'Szabó',
      email: 'eszter@example.hu',
      completedAt: '2026-10-21T08:26:03Z',
      ennea: 5,
      trifix: '514',
      reportUrl: 'https://portal.test/coachportal/reports/e/3141f000-0000-4000-8000-000000000001',
    },
    {
      uniqueId: '3141f000-0000-4000-8000-000000000002',
      createdAt: '2026-10-20T08:20:00Z',
      language: 'slovak',
      name: 'Jana',
      surname: 'Nováková',
      email: 'jana@example.sk',
      completedAt: null,
      ennea: null,
      trifix: null,
      reportUrl: null,
    },
  ],
  total: 2,
  filteredTotal: 2,
  page: 1,
  pageSize: 10,
  selfRegistrationUrl: 'https://portal.test/coachportal/mini/5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
};

const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });

/**
 * Answers GET /api/dashboard (and the calls the dashboard's modals make) with `answer` and records what was asked;
 * the policies modal stays closed (the messages modal waits for it).
 */
function serve(answer: (request: Request) => Response | Promise<Response>, pipeline = pipelineInsights()): string[] {
  const calls: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.url.endsWith('/api/policies/alert')) return json({ policyAlert: false, overdue: false });
    if (new URL(request.url).pathname.endsWith('/api/dashboard/pipeline')) return json(pipeline);
    // The completions chart (its own tests: completions-panel.test.tsx) answers weeks without completions.
    if (new URL(request.url).pathname === '/api/insights/completions') return json({ weeks: 12, types: ['ennea'], series: [] });
    return answer(request);
  });
  return calls;
}

afterEach(() => {
  fetchMock.mockReset();
  sessionStorage.clear();
});

describe('Dashboard (spec coach-shell §2.3)', () => {
  it('greets the coach, then shows a tile per filter linking to the filtered assessments, and the Total donut', async () => {
    const calls = serve(() => json(DASHBOARD));
    render(<Dashboard session={SESSION} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Amara Botha');
    // Loading: the dashboard's shape in skeletons, busy and read as 'Loading...', no spinner.
    const loading = screen.getByRole('status');
    expect(loading.textContent).toBe('Loading...');
    expect(loading.closest('[aria-busy="true"]')?.querySelectorAll('.dashboard-tile--skeleton')).toHaveLength(6);
    expect(document.querySelector('.loading')).toBeNull();

    const tile = await screen.findByRole('link', { name: 'Not invited yet 3' });
    expect(tile.getAttribute('href')).toBe('/assessments?filter=notInvitedYet');
    const tiles = screen.getAllByRole('listitem').filter((item) => within(item).queryByRole('link'));
    expect(tiles.map((item) => item.textContent)).toEqual([
      'Not invited yet3',
      'Invited, not started5',
      'Started, incomplete2',
      'Complete, in marking1',
      'Complete, send report4',
      'Received SCOs2',
    ]);
    expect(screen.getByRole('link', { name: 'Received SCOs 2' }).getAttribute('href')).toBe('/assessments?filter=receivedScos');

    const total = screen.getByRole('region', { name: 'Total' });
    within(total).getByRole('img', { name: '18 completed, 15 in progress, 33 in total' });
    within(total).getByText('Completed: 18');
    within(total).getByText('In progress: 15');
    // The pipeline panel and the completions chart load after the tiles, each in its own place.
    expect(await screen.findByRole('link', { name: /^120 Added/ })).toBeTruthy();
    expect(await screen.findByText('No assessments were completed in these weeks.')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    // The policy alert is the coach area's query (the policies modal asks it too): the dashboard only reads it.
    expect(calls.sort()).toEqual([
      'GET /api/dashboard',
      'GET /api/dashboard/pipeline',
      'GET /api/insights/completions',
      'GET /api/policies/alert',
    ]);
  });

  it('draws the completed share of the ring in green over the orange ring', async () => {
    serve(() => json({ ...DASHBOARD, total: { completed: 1, inProgress: 3 } }));
    const { container } = render(<Dashboard session={SESSION} />);
    await screen.findByRole('img', { name: '1 completed, 3 in progress, 4 in total' });
    const completed = container.querySelector('.dashboard-total__ring--completed');
    const [arc, ring] = (completed?.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number);
    expect(arc).toBeCloseTo((ring ?? 0) / 4, 5);
    expect(container.querySelector('.dashboard-total__ring--in-progress')).not.toBeNull();
  });

  it('shows an empty ring and zeros when there is nothing to count', async () => {
    serve(() => json({ ...DASHBOARD, total: { completed: 0, inProgress: 0 } }));
    const { container } = render(<Dashboard session={SESSION} />);
    await screen.findByRole('img', { name: '0 completed, 0 in progress, 0 in total' });
    expect(container.querySelector('.dashboard-total__ring--completed')).toBeNull();
    expect(container.querySelector('.dashboard-total__ring--empty')).not.toBeNull();
  });

  it('shows the messages to acknowledge in an alert modal with their HTML (through SafeHtml), and the policy alert', async () => {
    serve(() => json(DASHBOARD));
    render(<Dashboard session={SESSION} />);
    const messages = await screen.findByRole('alertdialog', { name: 'Messages to acknowledge' });
    within(messages).getByRole('heading', { name: 'Planned maintenance' });
    expect(within(messages).getByText('Saturday').tagName).toBe('STRONG');
    expect(screen.getByText(POLICY_ALERT_TITLE).closest('[role="status"]')).not.toBeNull();
  });

  it("acknowledges the messages with 'Acknowledge'; 'Later' puts them off for this tab", async () => {
    const calls = serve((request) => {
      if (request.url.endsWith('/api/messages/acknowledgements')) return json({ acknowledged: true });
      return json(calls.some((call) => call.startsWith('POST')) ? { ...DASHBOARD, messagesToAck: [] } : DASHBOARD);
    });
    const user = userEvent.setup();
    const first = render(<Dashboard session={SESSION} />);
    await user.click(await screen.findByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sessionStorage.getItem(MESSAGES_LATER_KEY)).toBe('1');
    expect(calls).not.toContain('POST /api/messages/acknowledgements');
    first.unmount();

    sessionStorage.removeItem(MESSAGES_LATER_KEY);
    render(<Dashboard session={SESSION} />);
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toContain('POST /api/messages/acknowledgements');
  });

  it('lets an impersonator read the messages without acknowledging them', async () => {
    const calls = serve(() => json(DASHBOARD));
    const user = userEvent.setup();
    render(<Dashboard session={{ ...SESSION, roles: { ...SESSION.roles, impersonator: true } }} />);
    const messages = await screen.findByRole('alertdialog', { name: 'Messages to acknowledge' });
    expect(within(messages).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    await user.click(within(messages).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('shows neither messages nor the policy alert when there are none', async () => {
    serve(() => json({ ...DASHBOARD, messagesToAck: [], policyAlert: false }));
    render(<Dashboard session={SESSION} />);
    await screen.findByRole('region', { name: 'Total' });
    expect(screen.queryByRole('alertdialog', { name: 'Messages to acknowledge' })).toBeNull();
    expect(screen.queryByText(POLICY_ALERT_TITLE)).toBeNull();
  });

  it('shows a coach limited to mini-assessments the notice, their link to copy and the latest mini-assessments, no tiles or donut', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = serve(
      (request) =>
        request.url.includes('/api/mini-assessments')
          ? json(MINI_PAGE)
          : json({
              ...DASHBOARD,
              onlyMiniAssessment: true,
              tiles: [],
              total: { completed: 0, inProgress: 0 },
              messagesToAck: [],
              policyAlert: false,
            }),
      miniPipelineInsights(),
    );
    render(
      <>
        <Dashboard session={SESSION} />
        <Toaster />
      </>,
    );
    await screen.findByText(MINI_ONLY_NOTICE);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['View Mini-Assessments']);
    expect(screen.queryByRole('region', { name: 'Total' })).toBeNull();
    // The latest first, as the table's first page: a completed one with its style, one not completed yet.
    const latest = screen.getByRole('region', { name: 'Latest mini-assessments' });
    await within(latest).findByText('Eszter Szabó');
    expect(
      within(latest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5Eszter SzabóStyle 5, trifix 514 · Hungarian · 2026-10-21', '–Jana NovákováNot completed yet · Slovak']);
    expect(latest.textContent).toContain('2 mini-assessments in all');
    expect(calls).toContain('GET /api/mini-assessments');
    const link = screen.getByRole('region', { name: 'Your mini-assessment link' });
    expect(within(link).getByText(MINI_PAGE.selfRegistrationUrl)).toBeTruthy();
    await user.click(within(link).getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(MINI_PAGE.selfRegistrationUrl);
    await screen.findByText('Copied to clipboard');
    // Their pipeline: their mini-assessments started → completed, and the ones waiting.
    const pipeline = await screen.findByRole('region', { name: 'Pipeline' });
    await within(pipeline).findByText('Started in the last 90 days');
    expect(calls).toContain('GET /api/dashboard/pipeline');
  });

  it('greets an assistant by name with the Assistant badge, lists what they can do for the coach and shows no assessment tiles or link', async () => {
    serve(() => json({ ...DASHBOARD, assistant: { name: 'Thandi Mokoena', email: 'thandi@example.test' } }));
    const session = {
      ...SESSION,
      roles: { impersonator: false, assisted: true, assistant: { name: 'Thandi Mokoena', email: 'thandi@example.test' } },
    };
    const screens = [
      { id: 'dashboard', path: '/dashboard', label: 'Dashboard' },
      { id: 'emailTemplates', path: '/email-templates', label: 'Email Templates' },
      { id: 'samplesAndBrochures', path: '/samples-and-brochures', label: 'Samples & Brochures' },
      { id: 'profile', path: '/profile', label: 'Profile' },
    ] as const;
    render(<Dashboard session={session} screens={screens} />);
    const heading = await screen.findByRole('heading', { level: 1, name: /Welcome, Thandi Mokoena/ });
    expect(within(heading).getByText('Assistant')).toBeTruthy();
    await screen.findByText('Planned maintenance');
    expect(screen.queryByRole('link', { name: 'View Assessments' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Total' })).toBeNull();
    // A card a screen they may open, the dashboard itself left out, each a link with what it is for.
    const tasks = screen.getByRole('region', { name: `What you can do for ${SESSION.coach.name} ${SESSION.coach.surname}` });
    expect(
      within(tasks)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Email Templates', '/email-templates'],
      ['Samples & Brochures', '/samples-and-brochures'],
      ['Profile', '/profile'],
    ]);
    expect(tasks.textContent).toContain('Change your own password and two-factor sign-in.');
    // assessments-and-clients §1, §6: an assistant may add clients for the coach; Teams stay hidden.
    expect(screen.queryByRole('button', { name: 'Add New Team' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Client' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/assessments?add=1');
    window.history.replaceState(null, '', '/');
  });

  it("shows the problem's detail in an alert when the dashboard cannot be read", async () => {
    serve(() =>
      json(
        { type: 'about:blank', title: 'Failed', status: 502, code: 'upstream_error', detail: 'There was an unexpected error' },
        502,
        'application/problem+json',
      ),
    );
    render(<Dashboard session={SESSION} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('There was an unexpected error');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Amara Botha');
    expect(screen.queryByRole('region', { name: 'Total' })).toBeNull();
  });

  it('offers a Retry on a failed load that shows the dashboard when it answers', async () => {
    let failing = true;
    serve(() => (failing ? Promise.reject(new TypeError('Failed to fetch')) : json(DASHBOARD)));
    render(<Dashboard session={SESSION} />);
    await screen.findByRole('alert');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Not invited yet 3' });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says the portal could not be reached when the network fails', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<Dashboard session={SESSION} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not be reached/));
  });
});
