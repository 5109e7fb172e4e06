// The 'Policies to sign or accept' modal (spec coach-shell §2.3, §4 "Policy"): for the demo coach, whose policy is
// due in two weeks, it opens over the dashboard with the policy and its Sign link, 'Later' puts it off for the tab
// and the dashboard's 'Review policies' brings it back. For a coach whose policy is overdue (the sandbox's
// policy-assignments control), it opens over any screen and cannot be closed; signing the policy in the new tab it
// opens closes it by itself within the 2-second check. The flows at desktop; both states of the modal once at
// phone width, axe on every state.
import { DEMO, expect, expectNoAxeViolations, type Page, stackUrls, test } from '../support/fixtures.ts';

const TITLE = 'Policies to sign or accept';
const POLICY = 'Code of Conduct for Accredited Practitioners';
// The coach whose policy a test makes overdue (and puts back as the seed has it, due in two weeks).
const OVERDUE_COACH = 'peer@coachportal.test';

async function assignPolicy(coachEmail: string, dueInDays: number): Promise<void> {
  const response = await fetch(new URL('/__sandbox/policy-assignments', stackUrls().sandboxUrl), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ coachEmail, dueInDays }),
  });
  expect(response.status).toBe(204);
}

/** The overdue coach's blocking modal over the Messages screen, its list loaded. */
async function overdueModal(page: Page) {
  await assignPolicy(OVERDUE_COACH, -1);
  await page.goto('/coachportal/messages');
  const modal = page.getByRole('alertdialog', { name: TITLE });
  await expect(modal).toContainText('A policy is overdue.');
  // The list comes with its own request, after the alert that opened the modal.
  await expect(modal.getByText('Overdue', { exact: true })).toHaveCount(1);
  return modal;
}

test.describe('the demo coach, whose policy is due in two weeks', () => {
  test.use({ account: DEMO, showPoliciesModal: true });

  test("lists the policy to sign; 'Later' puts it off for the tab, 'Review policies' brings it back", async ({ page }) => {
    await page.goto('/coachportal/dashboard');
    const modal = page.getByRole('dialog', { name: TITLE });
    const sign = modal.getByRole('link', { name: new RegExp(`^Sign ${POLICY}`) });
    await expect(sign).toHaveAttribute('target', '_blank');
    await expect(sign).toHaveAttribute('href', /^\/coachportal\/policies\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await expect(modal).toContainText(/Due \d{1,2} \w+ \d{4}/);
    await expectNoAxeViolations(page);

    await modal.getByRole('button', { name: 'Later' }).click();
    await expect(modal).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, Amara/ })).toBeVisible();
    // The dashboard's policy alert has come (with the policies the modal would list): still no modal.
    const review = page.getByRole('button', { name: 'Review policies' });
    await expect(review).toBeVisible();
    await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0);

    await review.click();
    await expect(page.getByRole('dialog', { name: TITLE })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: TITLE })).toHaveCount(0);
  });
});

test.describe('a coach whose policy is overdue', () => {
  // Even a visitor who put the policies off earlier in this tab (the default of every test).
  test.use({ account: OVERDUE_COACH });
  // Leave the coach as the seed has it, whatever the test did: the policy due in two weeks.
  test.afterEach(() => assignPolicy(OVERDUE_COACH, 14));

  test('blocks the portal while a policy is overdue, and lets go once it is signed in the new tab', async ({ page }) => {
    const modal = await overdueModal(page);
    await expect(modal.getByRole('button', { name: 'Later' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await expectNoAxeViolations(page);

    const opened = page.context().waitForEvent('page');
    await modal.getByRole('link', { name: new RegExp(`^Sign ${POLICY}`) }).click();
    const tab = await opened;
    await tab.getByRole('textbox', { name: /Name of your supervisor/ }).fill('Dr Nomvula Dlamini');
    await tab.getByRole('textbox', { name: /Your name/ }).fill('Naledi Khumalo');
    await tab.getByRole('textbox', { name: /^Date/ }).fill('25 November 2026');
    await tab.getByRole('button', { name: 'Sign' }).click();
    await expect(tab.getByText('Thank you. Your signed Code of Conduct is on file.')).toBeVisible();
    await tab.close();

    await expect(modal).toHaveCount(0);
    await expect(page.getByText('Thank you: every policy is signed or accepted.')).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'Messages' }).click();
  });
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the modal to sign a policy fits a phone', async ({ visit }) => {
    const page = await visit({ account: DEMO, showPoliciesModal: true });
    await page.goto('/coachportal/dashboard');
    const modal = page.getByRole('dialog', { name: TITLE });
    await expect(modal.getByRole('link', { name: new RegExp(`^Sign ${POLICY}`) })).toBeVisible();
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Later' }).click();
    await expect(modal).toHaveCount(0);
  });

  test.describe('a coach whose policy is overdue', () => {
    test.use({ account: OVERDUE_COACH });
    test.afterEach(() => assignPolicy(OVERDUE_COACH, 14));

    test('the blocking modal fits a phone', async ({ page }) => {
      await overdueModal(page);
      await expectNoAxeViolations(page);
    });
  });
});
