// Shared steps of the coach-area browser tests: the sandbox's fault switches, and the demo coach signed in through
// the BFF's API (the sign-in form has its own tests) on the dashboard.
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { PASSWORD } from '../auth/auth-steps.ts';
import type { PortalPage } from '../support/browser.ts';

/** Sets the sandbox's fault switches (`null` clears them). */
export async function setFaults(switches: object | null): Promise<void> {
  const response = await fetch(new URL('/__sandbox/faults', inject('sandboxUrl')), {
    method: switches ? 'PUT' : 'DELETE',
    headers: switches ? { 'Content-Type': 'application/json' } : {},
    body: switches ? JSON.stringify(switches) : null,
  });
  expect(response.ok).toBe(true);
}

/** The demo coach, signed in, on the dashboard. */
export async function signIn(portal: PortalPage): Promise<Page> {
  const { page } = portal;
  const login = await page.request.post(portal.url('/api/session'), {
    headers: { 'X-CSRF': '1', Origin: new URL(portal.url('/')).origin },
    data: { email: 'demo@coachportal.test', password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto(portal.url('/coachportal/dashboard'));
  await page.getByRole('heading', { level: 1, name: /^Welcome, Amara/ }).waitFor();
  return page;
}
