// axe-core's check of a page as it is now, as the browser suite and the gallery run it: the WCAG 2.x A/AA rules and
// axe's best practices.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Each violation in a line: the rule, what it asks, and the elements that break it. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    // react-aria's live region (visually hidden): a pending button's announcement names the button by
    // aria-labelledby and stays 7 s, so it outlives a dialog that closed on success. Not content of the page.
    .exclude('[data-live-announcer]')
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
