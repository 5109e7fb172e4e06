// Steps the auth flows share: the login form as a visitor fills it in, and the reset link as the
// visitor receives it (read from the sandbox's outbox, sandbox/README.md "Sandbox-only routes").
import { OUTBOX_PATH, type OutboxAnswer } from '../../../sandbox/controls/outbox.ts';
import { DEMO, expect, PASSWORD, type Page, stackUrls } from '../support/fixtures.ts';

export { PASSWORD };

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Signs in from the login page the visitor is on and waits for the dashboard. */
export async function signInOnLoginPage(page: Page, email: string, password = PASSWORD): Promise<void> {
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
}

export async function signInThroughForm(page: Page, email = DEMO): Promise<void> {
  await page.goto('/coachportal/login');
  await signInOnLoginPage(page, email);
}

/** Asks for a reset link through the login page's 'Forgot Password?' dialog (spec public-and-guest §2 "Login"). */
export async function requestResetLink(page: Page, email: string): Promise<void> {
  await page.goto('/coachportal/login');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password?' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  // The success alert shows once the legacy API answered, so the e-mail is in the outbox by then.
  await expect(page.getByRole('status').filter({ hasText: 'A reset password link has been sent...' })).toBeVisible();
}

/**
 * The newest reset link e-mailed to `email`, as a portal path with its query. The sandbox writes its links
 * on its own host; the real e-mail points at the portal, so only the path and query are kept.
 */
export async function resetLinkFromOutbox(email: string): Promise<string> {
  const response = await fetch(`${stackUrls().sandboxUrl}${OUTBOX_PATH}?to=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  const { messages } = (await response.json()) as OutboxAnswer;
  const link = messages.flatMap((message) => message.links).find((candidate) => candidate.includes('/coachportal/resetpassword?'));
  if (!link) throw new Error(`no reset link in the outbox of ${email}`);
  const { pathname, search } = new URL(link);
  return `${pathname}${search}`;
}
