// Login (spec public-and-guest §2 "Login", §4, §5, §6, §8): success, the two-factor step with a
// wrong and a right code, a blocked coach, bad credentials, and the redirects around a session.
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { fillLogin, PASSWORD, signInThroughForm } from './auth-steps.ts';

const browser = startChromiumForFile();
// sandbox/README.md: the two-factor coach's authenticator secret.
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const totp = (offsetSteps = 0) =>
  generateSync({ secret: TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30, period: 30 });

/** A six-digit code that is none of the codes the sandbox accepts now (one step of drift either side). */
function wrongCode(): string {
  const valid = new Set([totp(-1), totp(0), totp(1)]);
  let candidate = Number(totp(0));
  do candidate = (candidate + 1) % 1_000_000;
  while (valid.has(String(candidate).padStart(6, '0')));
  return String(candidate).padStart(6, '0');
}

describe.each(VIEWPORT_NAMES)('login at %s size', (viewport) => {
  it('keeps Sign In disabled until both fields are filled, then lands on the dashboard', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/login'));
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await signIn.waitFor();
    expect(await signIn.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@coachportal.test');
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.click();
    await page.getByRole('heading', { name: 'Welcome, Amara' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/dashboard');

    // With a session, the login page sends the coach on to the dashboard (spec §2).
    await page.goto(portal.url('/coachportal/login'));
    await page.getByRole('heading', { name: 'Welcome, Amara' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/dashboard');
    await portal.close();
  });

  it('asks the two-factor coach for the code, refuses a wrong one and accepts the right one', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/login'));
    await fillLogin(page, 'twofactor@coachportal.test', PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const code = page.getByRole('textbox', { name: 'Authenticator Code' });
    await code.waitFor();
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await code.fill(wrongCode());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Code incorrect - please try again.' }).waitFor();
    await expectNoAxeViolations(page);

    await code.fill(totp());
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome, Pieter' }).waitFor();
    await portal.close();
  });

  it('tells a blocked coach whom to contact', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/login'));
    await fillLogin(page, 'blocked@coachportal.test', PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^You have been blocked\. Please contact \S+@\S+ to get access to your account again\.$/);
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('refuses bad credentials with the spec message', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/login'));
    await fillLogin(page, 'demo@coachportal.test', 'not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please check if password and username are correct' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/login');
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('sends a visitor without a session from a coach path to the login page', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url('/coachportal/assessments'));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/login');
    await portal.close();
  });

  it('logs out from the coach area to the login page', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await signInThroughForm(page, portal.url);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/coachportal/login');
    // The session is gone: a coach path goes to login again.
    await page.goto(portal.url('/coachportal/dashboard'));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await portal.close();
  });
});
