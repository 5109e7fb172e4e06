// axe-core's check of a page as it is now, as the browser suite and the gallery run it: the WCAG 2.x A/AA rules and
// axe's best practices.
//
// axe-core runs in the page itself, put there once per document: @axe-core/playwright injected its 550 KB source on
// every check and finished each in a new blank page, about a second of CPU per check where the rules take a tenth
// (docs/decisions/034-axe-in-the-page.md). The portal has no frames, so the page's own document is all there is to check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let axeSource: string | undefined;
const source = () => {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
};

const OPTIONS: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
// react-aria's live region (visually hidden): a pending button's announcement names the button by
// aria-labelledby and stays 7 s, so it outlives a dialog that closed on success. Not content of the page.
const EXCLUDE = '[data-live-announcer]';

/** Each violation in a line: the rule, what it asks, and the elements that break it. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  const violations = await page.evaluate(
    ([options, exclude]) => {
      const { axe } = window as unknown as { axe: { run: (context: object, options: RunOptions) => Promise<AxeResults> } };
      return axe.run({ exclude: [[exclude]] }, options).then((results) =>
        results.violations.map((violation) => ({
          id: violation.id,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        })),
      );
    },
    [OPTIONS, EXCLUDE] as const,
  );
  return violations.map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`);
}
