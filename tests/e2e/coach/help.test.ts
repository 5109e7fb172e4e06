// The Help screen (spec coach-shell §2.11) for the demo coach: opened from the drawer, the sections and the dated
// What's New log, the contents links, the search narrowing the topics, and the support address in the drawer.
// Desktop and phone, axe on every state.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { signIn } from './coach-steps.ts';

const browser = startChromiumForFile();

describe.each(VIEWPORT_NAMES)('help at %s size', (viewport) => {
  it("shows the sections and What's New, follows the contents, and narrows the topics to a search", async () => {
    const portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: /^Email support/ }).getAttribute('href')).toMatch(/^mailto:.+@.+/);
    await nav.getByRole('link', { name: 'Help', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Help' }).waitFor();
    for (const title of [
      'Introduction',
      'Project lifecycle',
      'Teams',
      'Credits',
      'Email templates',
      'Troubleshooting',
      'Deleting assessments',
      'Video tutorial',
      "What's New",
    ]) {
      expect(await page.getByRole('heading', { level: 2, name: title, exact: true }).count()).toBe(1);
    }
    expect(await page.locator('#whats-new time').first().getAttribute('datetime')).toBe('2025-10-28');
    expect(await page.locator('#whats-new time').last().getAttribute('datetime')).toBe('2022-03-17');
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'Help contents' }).getByRole('link', { name: 'Credits' }).click();
    await expect.poll(() => page.url()).toMatch(/#credits$/);

    await page.getByLabel('Search help').fill('Assign SCO');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /match/ }).innerText()).toMatch(/^\d+ topics? match/);
    const titles = await page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts();
    expect(titles).toContain('Credits');
    expect(titles).not.toContain('Email templates');
    await expectNoAxeViolations(page);
    await portal.close();
  });
});
