// The coach policy page (spec public-and-guest §2 "Coach policy page", §4 "Policy", §5 "Policy"): the
// seed assigns one policy, ackMethod `sign`, to every coach; each test signs it for its own coach
// (coaches no other flow signs policies for), so the runs do not collide.
// The flows at desktop; the page, its required-field messages and the signed page once at phone width, axe at each.
import { expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';

const SIGN_POLICY = '90110000-0000-4000-8000-000000000001';
// The seed's 'click' policy is assigned to nobody: its link is not valid for any coach.
const UNASSIGNED_POLICY = '90110000-0000-4000-8000-000000000002';
const BLOCKED_COACH = 'b10c0000-0000-4000-8000-000000000003';
const ADMINISTRATOR = 'ad310000-0000-4000-8000-000000000006';
const REQUIRED = ['Please fill in Name of your supervisor.', 'Please type your name.', 'Please type the date.'];
const SIGNED = 'Thank you. Your signed Code of Conduct is on file.';

async function openPolicy(page: Page, coach: string): Promise<void> {
  await page.goto(`/coachportal/policies/${coach}/${SIGN_POLICY}`);
  await expect(page.getByText('Please read the Code of Conduct below and sign it.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Code of Conduct for Accredited Practitioners' })).toBeVisible();
}

function fields(page: Page) {
  return {
    registration: page.getByRole('textbox', { name: /Practice registration number/ }),
    supervisor: page.getByRole('textbox', { name: /Name of your supervisor/ }),
    name: page.getByRole('textbox', { name: /Your name/ }),
    date: page.getByRole('textbox', { name: /^Date/ }),
  };
}

test('requires every field within its limit, signs, and shows the after-signing message with the typed values', async ({ page }) => {
  await openPolicy(page, BLOCKED_COACH);
  await expect(page.getByText('Signed for the provider by Johan van der Merwe on 2025-10-01 09:00.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign' }).click();
  for (const message of REQUIRED) await expect(page.getByText(message)).toBeVisible();
  // '(if any)': optional, so not asked for.
  await expect(page.getByText('Please fill in Practice registration number (if any).')).toHaveCount(0);
  await expectNoAxeViolations(page);

  const { registration, supervisor, name, date } = fields(page);
  // spec §5: extra fields 800, typed name 800, date 100; the inputs take no more.
  await supervisor.fill('S'.repeat(900));
  await name.fill('N'.repeat(900));
  await date.fill('D'.repeat(150));
  await expect(supervisor).toHaveValue('S'.repeat(800));
  await expect(name).toHaveValue('N'.repeat(800));
  await expect(date).toHaveValue('D'.repeat(100));

  const typedName = 'Policy Signer desktop';
  await registration.fill('HPCSA-PS-0123456');
  await supervisor.fill('Dr Nomvula Dlamini');
  await name.fill(typedName);
  await date.fill('21 November 2025');
  await page.getByRole('button', { name: 'Sign' }).click();

  await expect(page.getByText(SIGNED)).toBeVisible();
  await expect(page.getByText(typedName, { exact: true })).toBeVisible();
  await expect(page.getByText('21 November 2025', { exact: true })).toBeVisible();
  await expect(page.getByText('Signed at', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The signature is the legacy API's state: a reload shows it again.
  await page.reload();
  await expect(page.getByText(SIGNED)).toBeVisible();
  await expect(page.getByText(typedName, { exact: true })).toBeVisible();
});

test('shows an invalid policy link in an alert', async ({ page }) => {
  await page.goto(`/coachportal/policies/${BLOCKED_COACH}/${UNASSIGNED_POLICY}`);
  await expect(page.getByRole('alert')).toHaveText('This policy link is not valid.');
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the policy page, its messages and the signed page fit a phone', async ({ page }) => {
    await openPolicy(page, ADMINISTRATOR);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign' }).click();
    for (const message of REQUIRED) await expect(page.getByText(message)).toBeVisible();
    await expectNoAxeViolations(page);

    const { supervisor, name, date } = fields(page);
    await supervisor.fill('Dr Nomvula Dlamini');
    await name.fill('Policy Signer phone');
    await date.fill('21 November 2025');
    await page.getByRole('button', { name: 'Sign' }).click();
    await expect(page.getByText(SIGNED)).toBeVisible();
    await expect(page.getByText('Policy Signer phone', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
