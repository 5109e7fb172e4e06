// The Messages screen (spec coach-shell §2.10, §3 "Message", §4) for the demo coach: opened from the drawer,
// every message the BFF lists with its time and 'new' badge; opening it acknowledges them (the
// BFF then lists none as new and the drawer's badge goes); a failing legacy call shows the problem's text.
// Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { components } from '../../../generated/bff.ts';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { setFaults, signIn } from './coach-steps.ts';

type MessageList = components['schemas']['MessageList'];

const browser = startChromiumForFile();

afterEach(() => setFaults(null));

async function bffMessages(portal: PortalPage): Promise<MessageList> {
  const response = await portal.page.request.get(portal.url('/api/messages'));
  expect(response.status()).toBe(200);
  return (await response.json()) as MessageList;
}

/** The drawer's Messages link (on a phone the drawer opens from the Menu toggle first). */
async function messagesLink(page: Page, viewport: string) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
}

describe.each(VIEWPORT_NAMES)('messages at %s size', (viewport) => {
  it('lists every message as the BFF does, then marks them read: the BFF lists none as new and the badge goes', async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const expected = await bffMessages(portal);
    expect(expected.items.length).toBeGreaterThan(0);

    const link = await messagesLink(page, viewport);
    // The badge says whether there is anything unread (the other viewport's run may have read them already).
    expect(await link.innerText()).toMatch(expected.newCount > 0 ? /^Messages\s*New/ : /^Messages$/);
    await link.click();
    await expect.poll(() => page.url()).toMatch(/\/coachportal\/messages$/);
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    for (const message of expected.items) {
      const article = page.getByRole('article', { name: message.subject });
      await article.waitFor();
      expect(await article.getByText('New', { exact: true }).count()).toBe(message.isNew ? 1 : 0);
      expect(await article.locator('time').getAttribute('datetime')).toBe(message.updatedAt);
    }
    await expectNoAxeViolations(page);

    // spec coach-shell §4: opening the screen acknowledges the messages.
    await expect.poll(async () => (await bffMessages(portal)).newCount).toBe(0);
    const after = await messagesLink(page, viewport);
    await expect.poll(() => after.innerText()).toBe('Messages');
    await portal.close();
  });

  it("shows the problem's text when the legacy messages call fails", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    await setFaults({ serverErrors: { listMessages: 503 } });
    await page.goto(portal.url('/coachportal/messages'));
    await page.getByRole('alert').filter({ hasText: 'There was an unexpected error' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
