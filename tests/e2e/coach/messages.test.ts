// The Messages screen (spec coach-shell §2.10, §3 "Message", §4) for the demo coach: opened from the drawer,
// every message the BFF lists with its time and 'new' badge; opening it acknowledges them (the
// BFF then lists none as new and the drawer's badge goes); a failing legacy call shows the problem's text.
// The flows at desktop; at phone width the drawer behind Menu (its Messages link and badge) and the screen, axe.
import type { components } from '../../../generated/bff.ts';
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, setFaults, test } from '../support/fixtures.ts';

type MessageList = components['schemas']['MessageList'];

test.use({ account: DEMO });

async function bffMessages(page: Page): Promise<MessageList> {
  const response = await page.request.get('/api/messages');
  expect(response.status()).toBe(200);
  return (await response.json()) as MessageList;
}

/** The drawer's Messages link (on a phone the drawer opens from the Menu toggle first). */
async function messagesLink(page: Page, layout: string) {
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
}

/** From the dashboard, the drawer's link (its badge as the BFF's list says), then the screen. */
async function openMessages(page: Page, layout: string, expected: MessageList): Promise<void> {
  await openDashboard(page);
  const link = await messagesLink(page, layout);
  // The badge says whether there is anything unread (a test before this one may have read them already).
  await expect(link).toHaveText(expected.newCount > 0 ? /^Messages\s*New/ : /^Messages$/, { useInnerText: true });
  await link.click();
  await expect(page).toHaveURL(/\/coachportal\/messages$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
}

test('lists every message as the BFF does, then marks them read: the BFF lists none as new and the badge goes', async ({ page }) => {
  const expected = await bffMessages(page);
  expect(expected.items.length).toBeGreaterThan(0);
  await openMessages(page, 'desktop', expected);
  for (const message of expected.items) {
    const article = page.getByRole('article', { name: message.subject });
    await expect(article).toBeVisible();
    // The heading is the subject alone; the badge beside it reads 'New message'.
    await expect(article.getByRole('heading', { level: 2, name: message.subject, exact: true })).toBeVisible();
    await expect(article.getByText('New message', { exact: true })).toHaveCount(message.isNew ? 1 : 0);
    await expect(article.locator('time')).toHaveAttribute('datetime', message.updatedAt);
  }
  await expectNoAxeViolations(page);

  // spec coach-shell §4: opening the screen acknowledges the messages.
  await expect.poll(async () => (await bffMessages(page)).newCount).toBe(0);
  await expect(await messagesLink(page, 'desktop')).toHaveText('Messages', { useInnerText: true });
});

test("shows the problem's text when the legacy messages call fails", async ({ page }) => {
  await setFaults({ serverErrors: { listMessages: 503 } });
  await page.goto('/coachportal/messages');
  await expect(page.getByRole('alert').filter({ hasText: 'There was an unexpected error' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('opens Messages from the drawer behind Menu, and the drawer then shows no badge', async ({ page }) => {
    const expected = await bffMessages(page);
    await openMessages(page, 'phone', expected);
    const [first] = expected.items;
    if (!first) throw new Error('the BFF lists no messages');
    await expect(page.getByRole('article', { name: first.subject })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect.poll(async () => (await bffMessages(page)).newCount).toBe(0);
    await expect(await messagesLink(page, 'phone')).toHaveText('Messages', { useInnerText: true });
  });
});
