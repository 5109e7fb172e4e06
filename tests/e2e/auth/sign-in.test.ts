// Login (spec public-and-guest §2 "Login", §4, §5, §6, §8): success, the two-factor step with a
// wrong and a right code, a blocked coach, bad credentials, and the redirects around a session.
// Every visitor starts without a session and signs in through the form (the form is what is tested).
// The flows at desktop; the login page with a refusal and the two-factor step once at phone width, axe on each.
import { generateSync } from 'otplib';
import { atPath, csrfHeaders, DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { fillLogin, PASSWORD, signInThroughForm } from './auth-steps.ts';

// sandbox/README.md: the two-factor coach's authenticator secret.
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const totp = (offsetSteps = 0) =>
  generateSync({ secret: TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30, period: 30 });
const BAD_CREDENTIALS = 'Please check if password and username are correct';

/** A six-digit code that is none of the codes the sandbox accepts now (one step of drift either side). */
function wrongCode(): string {
  const valid = new Set([totp(-1), totp(0), totp(1)]);
  let candidate = Number(totp(0));
  do candidate = (candidate + 1) % 1_000_000;
  while (valid.has(String(candidate).padStart(6, '0')));
  return String(candidate).padStart(6, '0');
}

test('keeps Sign In disabled until both fields are filled, then lands on the dashboard', async ({ page }) => {
  await page.goto('/coachportal/login');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO);
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.click();
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/dashboard'));

  // With a session, the login page sends the coach on to the dashboard (spec §2).
  await page.goto('/coachportal/login');
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/dashboard'));
});

test('asks the two-factor coach for the code, refuses a wrong one and accepts the right one', async ({ page }) => {
  await page.goto('/coachportal/login');
  await fillLogin(page, 'twofactor@coachportal.test', PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const code = page.getByRole('textbox', { name: 'Authenticator Code' });
  await expect(code).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await code.fill(wrongCode());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Code incorrect - please try again.' })).toBeVisible();
  await expectNoAxeViolations(page);

  await code.fill(totp());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Pieter' })).toBeVisible();
});

test('tells a blocked coach whom to contact', async ({ page }) => {
  await page.goto('/coachportal/login');
  await fillLogin(page, 'blocked@coachportal.test', PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^You have been blocked\. Please contact \S+@\S+ to get access to your account again\.$/,
  );
  await expectNoAxeViolations(page);
});

test('refuses bad credentials with the spec message', async ({ page }) => {
  await page.goto('/coachportal/login');
  await fillLogin(page, DEMO, 'not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: BAD_CREDENTIALS })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
  await expectNoAxeViolations(page);
});

test('refuses an e-mail that is not an address with the spec message, never a schema’s words', async ({ page }) => {
  await page.goto('/coachportal/login');
  await fillLogin(page, 'coach@nodot', PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(BAD_CREDENTIALS);
  await expect(page).toHaveURL(atPath('/coachportal/login'));
  // The BFF answers the same, should anything send it such an address.
  const answer = await page.request.post('/api/session', {
    headers: csrfHeaders(),
    data: { email: 'coach@nodot', password: PASSWORD },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({ code: 'validation_failed', detail: BAD_CREDENTIALS });
});

test('sends a visitor without a session from a coach path to the login page', async ({ page }) => {
  await page.goto('/coachportal/assessments');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
});

test('logs out from the coach area to the login page', async ({ page }) => {
  await signInThroughForm(page);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/coachportal/login'));
  // The session is gone: a coach path goes to login again.
  await page.goto('/coachportal/dashboard');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the login page, its refusal and the two-factor step fit a phone', async ({ page }) => {
    await page.goto('/coachportal/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await fillLogin(page, DEMO, 'not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: BAD_CREDENTIALS })).toBeVisible();
    await expectNoAxeViolations(page);

    await fillLogin(page, 'twofactor@coachportal.test', PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('textbox', { name: 'Authenticator Code' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });
});
