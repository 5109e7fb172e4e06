// A Chromium page signed in as the demo coach (the sandbox's demo account) at 1280 × 800, with the modals the
// coach frame opens on its own (policies, messages) put off for the tab, as the browser tests do.
import type { Browser, Page } from 'playwright-core';

export const DEMO_COACH = { email: 'demo@coachportal.test', password: 'Demo-portal-2026!' } as const;
const LATER_KEYS = ['coachportal.policiesLater', 'coachportal.messagesLater'];

/** A new context's page, `initScript` run in every document before the portal's code, signed in through the BFF. */
export async function demoCoachPage(browser: Browser, bffUrl: string, initScript: () => void): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((keys) => {
    for (const key of keys) globalThis.sessionStorage?.setItem(key, '1');
  }, LATER_KEYS);
  await context.addInitScript(initScript);
  const page = await context.newPage();
  const login = await page.request.post(`${bffUrl}/api/session`, {
    headers: { 'X-CSRF': '1', Origin: new URL(bffUrl).origin },
    data: DEMO_COACH,
  });
  if (login.status() !== 200) throw new Error(`sign-in failed with ${login.status()}`);
  return page;
}
