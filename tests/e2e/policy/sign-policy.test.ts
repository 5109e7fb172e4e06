// The coach policy page (spec public-and-guest §2 "Coach policy page", §4 "Policy", §5 "Policy"): the
// seed assigns one policy, ackMethod `sign`, to every coach; each viewport signs it for its own coach
// (coaches no other flow signs policies for), so the runs do not collide.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES, type ViewportName } from '../support/browser.ts';

const SIGN_POLICY = '90110000-0000-4000-8000-000000000001';
// The seed's 'click' policy is assigned to nobody: its link is not valid for any coach.
const UNASSIGNED_POLICY = '90110000-0000-4000-8000-000000000002';
const COACH_OF: Record<ViewportName, string> = {
  desktop: 'b10c0000-0000-4000-8000-000000000003', // the blocked coach
  phone: 'ad310000-0000-4000-8000-000000000006', // the administrator
};

const browser = startChromiumForFile();

describe.each(VIEWPORT_NAMES)('coach policy page at %s size', (viewport) => {
  it('requires every field within its limit, signs, and shows the after-signing message with the typed values', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/policies/${COACH_OF[viewport]}/${SIGN_POLICY}`));
    await page.getByText('Please read the Code of Conduct below and sign it.').waitFor();
    await page.getByRole('heading', { name: 'Code of Conduct for Accredited Practitioners' }).waitFor();
    expect(await page.getByText('Signed for the provider by Johan van der Merwe on 2025-10-01 09:00.').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign' }).click();
    for (const message of ['Please fill in Name of your supervisor.', 'Please type your name.', 'Please type the date.']) {
      await page.getByText(message).waitFor();
    }
    // '(if any)': optional, so not asked for.
    expect(await page.getByText('Please fill in Practice registration number (if any).').count()).toBe(0);
    await expectNoAxeViolations(page);

    const registration = page.getByRole('textbox', { name: /Practice registration number/ });
    const supervisor = page.getByRole('textbox', { name: /Name of your supervisor/ });
    const name = page.getByRole('textbox', { name: /Your name/ });
    const date = page.getByRole('textbox', { name: /^Date/ });
    // spec §5: extra fields 800, typed name 800, date 100; the inputs take no more.
    await supervisor.fill('S'.repeat(900));
    await name.fill('N'.repeat(900));
    await date.fill('D'.repeat(150));
    expect((await supervisor.inputValue()).length).toBe(800);
    expect((await name.inputValue()).length).toBe(800);
    expect((await date.inputValue()).length).toBe(100);

    const typedName = `Policy Signer ${viewport}`;
    await registration.fill('HPCSA-PS-0123456');
    await supervisor.fill('Dr Nomvula Dlamini');
    await name.fill(typedName);
    await date.fill('21 November 2025');
    await page.getByRole('button', { name: 'Sign' }).click();

    await page.getByText('Thank you. Your signed Code of Conduct is on file.').waitFor();
    expect(await page.getByText(typedName, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('21 November 2025', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Signed at', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // The signature is the legacy API's state: a reload shows it again.
    await page.reload();
    await page.getByText('Thank you. Your signed Code of Conduct is on file.').waitFor();
    expect(await page.getByText(typedName, { exact: true }).isVisible()).toBe(true);
    await portal.close();
  });

  it('shows an invalid policy link in an alert', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(`/coachportal/policies/${COACH_OF[viewport]}/${UNASSIGNED_POLICY}`));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('This policy link is not valid.');
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
