// Report content is legacy HTML, sanitised before it is rendered (openapi ReportSection):
// in the real browser, a report whose sections carry scripts, event handlers, javascript: URLs,
// frames and forms shows their text and none of those. The BFF's answer is replaced in the browser
// (page.route), since no seeded report carries such content.
import { describe, expect, it } from 'vitest';
import { openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const browser = startChromiumForFile();
const GUEST = 'a55e55e0-0000-4000-8000-000000000007';

const MALICIOUS = [
  '<p onclick="window.__xss = 1">Plain text stays.</p>',
  '<script>window.__xss = 2</script>',
  '<img src="data:," onerror="window.__xss = 3" alt="">',
  '<a href="javascript:window.__xss = 4">A link</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<form action="https://evil.example/"><input name="password"></form>',
  '<svg><script>window.__xss = 5</script><a href="javascript:alert(6)"><text>svg</text></a></svg>',
  '<p style="position:fixed;inset:0">Styled.</p>',
].join('');

const REPORT = {
  guestId: GUEST,
  reportCode: 'e',
  reportName: 'Enneagram',
  assessmentType: 'ennea',
  assessmentTypeName: 'Enneagram',
  reportLanguage: 'english',
  languageOptions: [],
  textOnly: false,
  miniGuest: false,
  person: {
    name: 'Zuzana',
    surname: 'Kováčová',
    email: null,
    company: null,
    occupation: null,
    gender: null,
    dateOfBirth: null,
    completedAt: null,
  },
  ennea: { type: 5, trifix: '514' },
  orderedTrifix: '514',
  maturity: null,
  combinedIndex: null,
  scores: { main: [], lines: [], wings: [], s1: [], s3: null },
  maturityLevels: [],
  textAnswers: [],
  postSurvey: null,
  comments: null,
  sections: [{ id: 'introduction', title: 'Introduction', html: MALICIOUS }],
};

describe.each(VIEWPORT_NAMES)('sanitised report content at %s size', (viewport) => {
  it('renders a malicious section without its scripts, handlers, javascript: URLs, frames or forms', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route(`**/api/public/reports/e/${GUEST}`, (route) => route.fulfill({ json: REPORT }));
    await page.goto(portal.url(`/coachportal/reports/e/${GUEST}`));
    const content = page.locator('.report-html');
    await content.getByText('Plain text stays.').click();
    await content.getByText('A link').click();

    const found = await content.evaluate((root) => ({
      scripts: root.querySelectorAll('script').length,
      frames: root.querySelectorAll('iframe, form, input, object, embed').length,
      handlers: [...root.querySelectorAll('*')].flatMap((element) =>
        element.getAttributeNames().filter((name) => /^on|^style$/i.test(name)),
      ),
      javascriptUrls: [...root.querySelectorAll('[href], [src], [action]')].filter((element) =>
        ['href', 'src', 'action', 'xlink:href'].some((name) => /^\s*javascript:/i.test(element.getAttribute(name) ?? '')),
      ).length,
    }));
    expect(found).toEqual({ scripts: 0, frames: 0, handlers: [], javascriptUrls: 0 });
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await portal.close();
  });
});
