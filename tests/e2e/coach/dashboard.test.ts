// The dashboard (spec coach-shell §2.3, §4, §9) for the demo coach, read-only: a tile per pipeline filter
// with the counts the BFF's /api/dashboard answers in the same test, each linking to the filtered
// assessments page; the Total donut's text; messages to acknowledge (an alert modal) and the policy alert; the reduced
// greeting on a phone; the mini-only coach's notice; an upstream failure in an alert and an upstream 403
// ending the session. Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { PASSWORD } from '../auth/auth-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

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

/** A session made through the BFF's API (the sign-in form has its own tests), then the dashboard. */
async function openDashboard(portal: PortalPage, email: string): Promise<Page> {
  const { page } = portal;
  const login = await page.request.post(portal.url('/api/session'), {
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(portal.url('/coachportal/dashboard'));
  return page;
}

async function bffDashboard(portal: PortalPage): Promise<Dashboard> {
  const response = await portal.page.request.get(portal.url('/api/dashboard'));
  expect(response.status()).toBe(200);
  return (await response.json()) as Dashboard;
}

describe.each(VIEWPORT_NAMES)('dashboard at %s size', (viewport) => {
  it("shows the messages to acknowledge in an alert modal: 'Later' keeps them for the tab, 'Acknowledge' sends the acknowledgement", async () => {
    const subject = `Read before ${viewport} use ${crypto.randomUUID().slice(0, 8)}`;
    const added = await fetch(new URL('/__sandbox/messages', inject('sandboxUrl')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ coachEmail: 'peer@coachportal.test', subject, body: '<p>The portal changes on <strong>Monday</strong>.</p>' }),
    });
    expect(added.status).toBe(204);

    const later = await openPortal(browser(), viewport, { showMessagesModal: true });
    const page = await openDashboard(later, 'peer@coachportal.test');
    const messages = page.getByRole('alertdialog', { name: 'Messages to acknowledge' });
    await messages.getByRole('heading', { name: subject }).waitFor();
    expect(await messages.getByText('Monday', { exact: true }).evaluate((node) => node.tagName)).toBe('STRONG');
    await expectNoAxeViolations(page);
    await messages.getByRole('button', { name: 'Later' }).click();
    await messages.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('region', { name: 'Total' }).waitFor();
    expect(await messages.count()).toBe(0);
    expect((await bffDashboard(later)).messagesToAck.map((message) => message.subject)).toContain(subject);
    await later.close();

    // A new sign-in asks again; 'Acknowledge' acknowledges every message shown.
    const again = await openPortal(browser(), viewport, { showMessagesModal: true });
    const next = await openDashboard(again, 'peer@coachportal.test');
    const modal = next.getByRole('alertdialog', { name: 'Messages to acknowledge' });
    await modal.getByRole('heading', { name: subject }).waitFor();
    await modal.getByRole('button', { name: 'Acknowledge' }).click();
    await modal.waitFor({ state: 'detached' });
    expect((await bffDashboard(again)).messagesToAck.map((message) => message.subject)).not.toContain(subject);
    await again.close();
  });

  it("shows the demo coach's tile counts, the Total donut and the policy alert as the BFF answers them", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await openDashboard(portal, 'demo@coachportal.test');
    const total = page.getByRole('region', { name: 'Total' });
    await total.waitFor();
    const expected = await bffDashboard(portal);
    // The top bar's token balance circle (spec coach-shell §2.1) shows the session's balance.
    const session = (await (await page.request.get(portal.url('/api/session'))).json()) as { coach: { tokenBalance: number } };
    const balance = page.getByRole('img', { name: new RegExp(`^Balance: ${session.coach.tokenBalance} credits`) });
    await balance.waitFor();
    expect(await balance.getAttribute('class')).toContain(
      session.coach.tokenBalance < 0 ? 'balance-circle--deficit' : 'balance-circle--held',
    );

    // The demo coach has received SCOs: five to-do tiles and Received SCOs, each with a count.
    expect(expected.tiles.map((tile) => tile.filter)).toEqual(Object.keys(LABELS));
    for (const { filter, count } of expected.tiles) {
      const tile = page.getByRole('link', { name: `${LABELS[filter]} ${count}`, exact: true });
      expect(await tile.getAttribute('href')).toBe(`/coachportal/assessments?filter=${filter}`);
    }
    const { completed, inProgress } = expected.total;
    expect(completed + inProgress).toBeGreaterThan(0);
    await total
      .getByRole('img', { name: `${completed} completed, ${inProgress} in progress, ${completed + inProgress} in total` })
      .waitFor();
    await total.getByText(`Completed: ${completed}`, { exact: true }).waitFor();
    await total.getByText(`In progress: ${inProgress}`, { exact: true }).waitFor();

    expect(await page.getByText('Policies to sign or accept').count()).toBe(expected.policyAlert ? 1 : 0);

    // spec coach-shell §2.3: the phone shows a reduced greeting.
    const greeting = await page.getByRole('heading', { level: 1 }).innerText();
    expect(greeting).toBe(viewport === 'phone' ? 'Welcome, Amara' : `Welcome, Amara ${expected.greeting.surname}`);
    await expectNoAxeViolations(page);

    // A tile opens the assessments page with its filter applied; Back returns to the dashboard.
    await page.getByRole('link', { name: new RegExp(`^${LABELS.notInvitedYet} \\d+$`) }).click();
    await expect.poll(() => page.url()).toMatch(/\/coachportal\/assessments\?filter=notInvitedYet$/);
    await page.getByRole('heading', { level: 1, name: 'Assessments' }).waitFor();
    await page.getByText('Filtered', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await page.goBack();
    await total.waitFor();
    await portal.close();
  });

  it('shows a coach limited to mini-assessments the notice and the way to their mini-assessments', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await openDashboard(portal, 'mini@coachportal.test');
    await page.getByText('Your access is limited to the Mini-Assessment offering.', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Total' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Not invited yet/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'View Mini-Assessments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mini-Assessments' }).waitFor();
    await portal.close();
  });

  it('greets an assistant by name with the badge, warns them, and shows no assessment tiles or link', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await openDashboard(portal, 'assistant@coachportal.test');
    const heading = page.getByRole('heading', { level: 1, name: /^Welcome, Thandi/ });
    await heading.waitFor();
    expect(await heading.getByText('Assistant', { exact: true }).count()).toBe(1);
    const banner = page.getByRole('note', { name: 'Assistant' });
    expect(await banner.innerText()).toMatch(/financial implications[\s\S]*sensitive/);
    expect(await page.getByRole('link', { name: 'View Assessments' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Total' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it("shows the problem's text in an alert when the legacy dashboard fails, and goes to login when it answers 403", async () => {
    const portal = await openPortal(browser(), viewport);
    await setFaults({ serverErrors: { getDashboardInfo: 503 } });
    const page = await openDashboard(portal, 'demo@coachportal.test');
    const alert = page.getByRole('alert').filter({ hasText: 'There was an unexpected error' });
    await alert.waitFor();
    await page.getByRole('heading', { name: /^Welcome, Amara/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Total' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await setFaults({ forbidden: ['getDashboardInfo'] });
    await page.reload();
    await expect.poll(() => page.url()).toMatch(/\/coachportal\/login$/);
    await portal.close();
  });
});
