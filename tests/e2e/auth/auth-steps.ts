// Steps the auth flows share: the login form as a visitor fills it in.
import type { Page } from 'playwright-core';

export const PASSWORD = 'Demo-portal-2026!';

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

export async function signInThroughForm(page: Page, url: (path: string) => string, email = 'demo@coachportal.test'): Promise<void> {
  await page.goto(url('/coachportal/login'));
  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}
