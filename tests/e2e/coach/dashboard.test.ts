// The dashboard (spec coach-shell §2.3, §4, §9) for the demo coach, read-only: a tile per pipeline filter
// with the counts the BFF's /api/dashboard answers in the same test, each linking to the filtered
// assessments page; the Total donut's text; messages to acknowledge (an alert modal) and the policy alert; the reduced
// greeting on a phone; the mini-only coach's notice; an upstream failure in an alert and an upstream 403
// ending the session. The flows at desktop; at phone width every coach's dashboard (the demo coach's with the
// reduced greeting and a tile's assessments page), the messages modal and the failure alert, axe on every state.
import type { components } from '../../../generated/bff.ts';
import {
  csrfHeaders,
  DEMO,
  expect,
  expectNoAxeViolations,
  openDashboard,
  PASSWORD,
  type Page,
  setFaults,
  stackUrls,
  test,
} from '../support/fixtures.ts';

type Dashboard = components['schemas']['Dashboard'];
type PipelineFilter = components['schemas']['PipelineFilter'];

// spec assessments-and-clients §4.1: how each filter is shown.
const LABELS: Partial<Record<PipelineFilter, string>> = {
  notInvitedYet: 'Not invited yet',
  invitedNotStarted: 'Invited, not started',
  startedIncomplete: 'Started, incomplete',
  completeInMarking: 'Complete, in marking',
  completeSendReport: 'Complete, send report',
  receivedScos: 'Received SCOs',
};
const PEER = 'peer@coachportal.test';
const MINI = 'mini@coachportal.test';
const ASSISTANT = 'assistant@coachportal.test';
const MINI_NOTICE = 'Your access is limited to the Mini-Assessment offering.';

async function bffDashboard(page: Page): Promise<Dashboard> {
  const response = await page.request.get('/api/dashboard');
  expect(response.status()).toBe(200);
  return (await response.json()) as Dashboard;
}

/** A message to acknowledge for the peer coach, through the sandbox's control; its subject is unique. */
async function addMessageToAcknowledge(layout: string): Promise<string> {
  const subject = `Read before ${layout} use ${crypto.randomUUID().slice(0, 8)}`;
  const added = await fetch(new URL('/__sandbox/messages', stackUrls().sandboxUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ coachEmail: PEER, subject, body: '<p>The portal changes on <strong>Monday</strong>.</p>' }),
  });
  expect(added.status).toBe(204);
  return subject;
}

/** The demo coach's dashboard: the Total donut shown, the BFF's answer read. */
async function openDemoDashboard(page: Page): Promise<Dashboard> {
  await openDashboard(page);
  await expect(page.getByRole('region', { name: 'Total' })).toBeVisible();
  return bffDashboard(page);
}

/** The Not invited yet tile opens the assessments page with its filter applied, its rows shown. */
async function followNotInvitedTile(page: Page): Promise<void> {
  await page.getByRole('link', { name: new RegExp(`^${LABELS.notInvitedYet} \\d+$`) }).click();
  await expect(page).toHaveURL(/\/coachportal\/assessments\?filter=notInvitedYet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Assessments' })).toBeVisible();
  await expect(page.getByText('Filtered', { exact: true })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Assessments' }).getByRole('rowheader').first()).toBeVisible();
}

test.describe('the peer coach with a message to acknowledge', () => {
  test.use({ account: PEER, showMessagesModal: true });

  test("shows the messages to acknowledge in an alert modal: 'Later' keeps them for the tab, 'Acknowledge' sends the acknowledgement", async ({
    page,
    visit,
  }) => {
    const subject = await addMessageToAcknowledge('desktop');
    await page.goto('/coachportal/dashboard');
    const messages = page.getByRole('alertdialog', { name: 'Messages to acknowledge' });
    await expect(messages.getByRole('heading', { name: subject })).toBeVisible();
    await expect(messages.getByText('Monday', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expectNoAxeViolations(page);
    await messages.getByRole('button', { name: 'Later' }).click();
    await expect(messages).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Total' })).toBeVisible();
    await expect(messages).toHaveCount(0);
    expect((await bffDashboard(page)).messagesToAck.map((message) => message.subject)).toContain(subject);

    // A new tab asks again; 'Acknowledge' acknowledges every message shown.
    const next = await visit({ account: PEER, showMessagesModal: true });
    await next.goto('/coachportal/dashboard');
    const modal = next.getByRole('alertdialog', { name: 'Messages to acknowledge' });
    await expect(modal.getByRole('heading', { name: subject })).toBeVisible();
    await modal.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(modal).toHaveCount(0);
    expect((await bffDashboard(next)).messagesToAck.map((message) => message.subject)).not.toContain(subject);
  });
});

test.describe('the demo coach', () => {
  test.use({ account: DEMO });

  test("shows the demo coach's tile counts, the Total donut and the policy alert as the BFF answers them", async ({ page }) => {
    const expected = await openDemoDashboard(page);
    const total = page.getByRole('region', { name: 'Total' });
    // The top bar's token balance circle (spec coach-shell §2.1) shows the session's balance.
    const session = (await (await page.request.get('/api/session')).json()) as { coach: { tokenBalance: number } };
    const balance = page.getByRole('img', { name: new RegExp(`^Balance: ${session.coach.tokenBalance} credits`) });
    await expect(balance).toHaveClass(session.coach.tokenBalance < 0 ? /balance-circle--deficit/ : /balance-circle--held/);

    // The demo coach has received SCOs: five to-do tiles and Received SCOs, each with a count.
    expect(expected.tiles.map((tile) => tile.filter)).toEqual(Object.keys(LABELS));
    for (const { filter, count } of expected.tiles) {
      const tile = page.getByRole('link', { name: `${LABELS[filter]} ${count}`, exact: true });
      await expect(tile).toHaveAttribute('href', `/coachportal/assessments?filter=${filter}`);
    }
    const { completed, inProgress } = expected.total;
    expect(completed + inProgress).toBeGreaterThan(0);
    await expect(
      total.getByRole('img', { name: `${completed} completed, ${inProgress} in progress, ${completed + inProgress} in total` }),
    ).toBeVisible();
    await expect(total.getByText(`Completed: ${completed}`, { exact: true })).toBeVisible();
    await expect(total.getByText(`In progress: ${inProgress}`, { exact: true })).toBeVisible();

    await expect(page.getByText('Policies to sign or accept')).toHaveCount(expected.policyAlert ? 1 : 0);

    // spec coach-shell §2.3: the desktop greets with the full name (the phone's reduced greeting: below).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, Amara ${expected.greeting.surname}`, { useInnerText: true });
    await expectNoAxeViolations(page);

    // A tile opens the assessments page with its filter applied; Back returns to the dashboard.
    await followNotInvitedTile(page);
    await expectNoAxeViolations(page);
    await page.goBack();
    await expect(total).toBeVisible();
  });
});

test('shows a coach limited to mini-assessments the notice and the way to their mini-assessments', async ({ visit }) => {
  const page = await visit({ account: MINI });
  await page.goto('/coachportal/dashboard');
  await expect(page.getByText(MINI_NOTICE, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Not invited yet/ })).toHaveCount(0);
  // Their link to share, and the latest of their seeded mini-assessments.
  await expect(page.getByRole('region', { name: 'Your mini-assessment link' }).getByText(/\/coachportal\/mini\/31410000-/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest mini-assessments' }).getByRole('listitem')).toHaveCount(5);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'View Mini-Assessments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mini-Assessments' })).toBeVisible();
});

test('greets an assistant by name with the badge, warns them, and shows no assessment tiles or link', async ({ visit }) => {
  const page = await visit({ account: ASSISTANT });
  await page.goto('/coachportal/dashboard');
  const heading = page.getByRole('heading', { level: 1, name: /^Welcome, Thandi/ });
  await expect(heading).toBeVisible();
  await expect(heading.getByText('Assistant', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('note', { name: 'Assistant' })).toHaveText(/financial implications[\s\S]*sensitive/);
  await expect(page.getByRole('link', { name: 'View Assessments' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Total' })).toHaveCount(0);
  // What they can do for the coach: a card a page their drawer lists, and their profile.
  const tasks = page.getByRole('region', { name: /^What you can do for / });
  await expect(tasks.getByRole('link', { name: 'Email Templates' })).toBeVisible();
  await expect(tasks.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expectNoAxeViolations(page);
});

// The upstream 403 ends the session: this test signs in itself, not with the worker's shared session.
test("shows the problem's text in an alert when the legacy dashboard fails, and goes to login when it answers 403", async ({ page }) => {
  await setFaults({ serverErrors: { getDashboardInfo: 503 } });
  const login = await page.request.post('/api/session', { headers: csrfHeaders(), data: { email: DEMO, password: PASSWORD } });
  expect(login.status()).toBe(200);
  await page.goto('/coachportal/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'There was an unexpected error' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Welcome, Amara/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await setFaults({ forbidden: ['getDashboardInfo'] });
  await page.reload();
  await expect(page).toHaveURL(/\/coachportal\/login$/);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test.describe('the demo coach', () => {
    test.use({ account: DEMO });

    test("greets with the first name only, shows the tiles, and a tile's assessments page fits a phone", async ({ page }) => {
      const expected = await openDemoDashboard(page);
      // spec coach-shell §2.3: the phone shows a reduced greeting.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Amara', { useInnerText: true });
      for (const { filter, count } of expected.tiles) {
        await expect(page.getByRole('link', { name: `${LABELS[filter]} ${count}`, exact: true })).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await followNotInvitedTile(page);
      await expectNoAxeViolations(page);
    });

    test("shows the problem's text in an alert when the legacy dashboard fails", async ({ page }) => {
      await setFaults({ serverErrors: { getDashboardInfo: 503 } });
      await openDashboard(page);
      await expect(page.getByRole('alert').filter({ hasText: 'There was an unexpected error' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

  test('the messages to acknowledge, the mini-only coach and the assistant fit a phone', async ({ visit }) => {
    const subject = await addMessageToAcknowledge('phone');
    const peer = await visit({ account: PEER, showMessagesModal: true });
    await peer.goto('/coachportal/dashboard');
    const modal = peer.getByRole('alertdialog', { name: 'Messages to acknowledge' });
    await expect(modal.getByRole('heading', { name: subject })).toBeVisible();
    await expectNoAxeViolations(peer);
    await modal.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(modal).toHaveCount(0);

    const mini = await visit({ account: MINI });
    await mini.goto('/coachportal/dashboard');
    await expect(mini.getByText(MINI_NOTICE, { exact: true })).toBeVisible();
    await expectNoAxeViolations(mini);

    const assistant = await visit({ account: ASSISTANT });
    await assistant.goto('/coachportal/dashboard');
    await expect(assistant.getByRole('heading', { level: 1, name: /^Welcome, Thandi/ })).toBeVisible();
    await expect(assistant.getByRole('note', { name: 'Assistant' })).toBeVisible();
    await expectNoAxeViolations(assistant);
  });
});
