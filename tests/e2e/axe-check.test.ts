// The suite's accessibility check (scripts/lib/axe.ts) finds what it is there to find: a page with faults of the
// WCAG rules and the best practices reports each by rule, a fault inside the excluded live region is not reported,
// and a second check of the same document (axe already in the page) sees a fault that appeared since.
import { axeViolations } from '../../scripts/lib/axe.ts';
import { expect, test } from './support/fixtures.ts';

test('the accessibility check reports the faults of a page, a second time too', async ({ browser }) => {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body>
    <main><h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <div data-live-announcer><button></button></div></main></body></html>`);
  await expect.poll(() => axeViolations(page)).toEqual([expect.stringMatching(/^image-alt: /)]);

  await page.evaluate(() => document.querySelector('main')?.append(Object.assign(document.createElement('a'), { href: '#x' })));
  await expect.poll(() => axeViolations(page)).toEqual([expect.stringMatching(/^image-alt: /), expect.stringMatching(/^link-name: /)]);
  await page.close();
});
