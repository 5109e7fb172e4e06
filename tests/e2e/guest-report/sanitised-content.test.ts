// Report content is legacy HTML, sanitised before it is rendered (openapi ReportSection):
// in the real browser, a report whose sections carry scripts, event handlers, javascript: URLs,
// frames and forms shows their text and none of those. The BFF's answer is replaced in the browser
// (page.route), since no seeded report carries such content.
// The checks at desktop; the sanitised report once at phone width, with axe.
import { expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';

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

/** The report viewer with the malicious report in place of the BFF's answer; the dialogs any script opened are collected. */
async function openMaliciousReport(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route(`**/api/public/reports/e/${GUEST}`, (route) => route.fulfill({ json: REPORT }));
  await page.goto(`/coachportal/reports/e/${GUEST}`);
  return dialogs;
}

test('renders a malicious section without its scripts, handlers, javascript: URLs, frames or forms', async ({ page }) => {
  const dialogs = await openMaliciousReport(page);
  const content = page.locator('.report-html');
  await content.getByText('Plain text stays.').click();
  await content.getByText('A link').click();

  await expect
    .poll(() =>
      content.evaluate((root) => ({
        scripts: root.querySelectorAll('script').length,
        frames: root.querySelectorAll('iframe, form, input, object, embed').length,
        handlers: [...root.querySelectorAll('*')].flatMap((element) =>
          element.getAttributeNames().filter((name) => /^on|^style$/i.test(name)),
        ),
        javascriptUrls: [...root.querySelectorAll('[href], [src], [action]')].filter((element) =>
          ['href', 'src', 'action', 'xlink:href'].some((name) => /^\s*javascript:/i.test(element.getAttribute(name) ?? '')),
        ).length,
      })),
    )
    .toEqual({ scripts: 0, frames: 0, handlers: [], javascriptUrls: 0 });
  await expect.poll(() => page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the sanitised report fits a phone', async ({ page }) => {
    const dialogs = await openMaliciousReport(page);
    await expect(page.locator('.report-html').getByText('Plain text stays.')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(dialogs).toEqual([]);
  });
});
