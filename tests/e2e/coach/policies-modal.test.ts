// The 'Policies to sign or accept' modal (spec coach-shell §2.3, §4 "Policy"): for the demo coach, whose policy is
// due in two weeks, it opens over the dashboard with the policy and its Sign link, 'Later' puts it off for the tab
// and the dashboard's 'Review policies' brings it back. For a coach whose policy is overdue (the sandbox's
// policy-assignments control), it opens over any screen and cannot be closed; signing the policy in the new tab it
// opens closes it by itself within the 2-second check. Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { PASSWORD } from '../auth/auth-steps.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();
const TITLE = 'Policies to sign or accept';
const POLICY = 'Code of Conduct for Accredited Practitioners';
// A coach no other browser test signs in as.
const OVERDUE_COACH = 'peer@coachportal.test';

async function assignPolicy(coachEmail: string, dueInDays: number): Promise<void> {
  const response = await fetch(new URL('/__sandbox/policy-assignments', inject('sandboxUrl')), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ coachEmail, dueInDays }),
  });
  expect(response.status).toBe(204);
}
// Leave the coach as the seed has it: the policy due in two weeks.
afterAll(() => assignPolicy(OVERDUE_COACH, 14));

async function signIn(portal: PortalPage, email: string, path = '/coachportal/dashboard'): Promise<Page> {
  const { page } = portal;
  const login = await page.request.post(portal.url('/api/session'), {
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(portal.url(path));
  return page;
}

describe.each(VIEWPORT_NAMES)('policies modal at %s size', (viewport) => {
  it("lists the policy to sign; 'Later' puts it off for the tab, 'Review policies' brings it back", async () => {
    const portal = await openPortal(browser(), viewport, { showPoliciesModal: true });
    const page = await signIn(portal, 'demo@coachportal.test');
    const modal = page.getByRole('dialog', { name: TITLE });
    await modal.waitFor();
    const sign = modal.getByRole('link', { name: new RegExp(`^Sign ${POLICY}`) });
    expect(await sign.getAttribute('target')).toBe('_blank');
    expect(await sign.getAttribute('href')).toMatch(/^\/coachportal\/policies\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect(await modal.innerText()).toMatch(/Due \d{1,2} \w+ \d{4}/);
    await expectNoAxeViolations(page);

    await modal.getByRole('button', { name: 'Later' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome, Amara/ }).waitFor();
    expect(await page.getByRole('dialog', { name: TITLE }).count()).toBe(0);

    await page.getByRole('button', { name: 'Review policies' }).click();
    await page.getByRole('dialog', { name: TITLE }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: TITLE }).waitFor({ state: 'detached' });
    await portal.close();
  });

  it('blocks the portal while a policy is overdue, and lets go once it is signed in the new tab', async () => {
    await assignPolicy(OVERDUE_COACH, -1);
    // Even a visitor who put the policies off earlier in this tab.
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal, OVERDUE_COACH, '/coachportal/messages');
    const modal = page.getByRole('alertdialog', { name: TITLE });
    await modal.waitFor();
    expect(await modal.innerText()).toContain('A policy is overdue.');
    // The list comes with its own request, after the alert that opened the modal.
    await modal.getByText('Overdue', { exact: true }).waitFor();
    expect(await modal.getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(await modal.getByRole('button', { name: 'Later' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await modal.isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      modal.getByRole('link', { name: new RegExp(`^Sign ${POLICY}`) }).click(),
    ]);
    await tab.getByRole('textbox', { name: /Name of your supervisor/ }).fill('Dr Nomvula Dlamini');
    await tab.getByRole('textbox', { name: /Your name/ }).fill('Naledi Khumalo');
    await tab.getByRole('textbox', { name: /^Date/ }).fill('25 November 2026');
    await tab.getByRole('button', { name: 'Sign' }).click();
    await tab.getByText('Thank you. Your signed Code of Conduct is on file.').waitFor();
    await tab.close();

    await modal.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('Thank you: every policy is signed or accepted.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).click();
    await portal.close();
  });
});
