// The clients view and the client results page in the browser (spec assessments-and-clients §2.1,
// §3.8, §4.5): the clients the BFF lists, a client's assessments, and a report as HTML (a new tab)
// and as PDF (a download). The flows at desktop, axe on every state; the clients view (the phone's three columns)
// and a client's page once at phone width, with axe, and a client's page no wider than a 375 px screen.
import { DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, type ClientDetails, type ClientList, countText, dataRows } from './assessments-steps.ts';

test.use({ account: DEMO });

/**
 * The clients view, its record count and rows as the BFF answers them; the BFF's first client. Ten rows a page: axe
 * reads the whole page, and on a loaded machine fifty rows take it most of its 10 s.
 */
async function openClients(page: Page) {
  const clients = await bff<ClientList>(page, '/api/clients?pageSize=10');
  await page.goto('/coachportal/clients?pageSize=10');
  await expect(countText(page, `${clients.total} records`)).toBeVisible();
  await expect(dataRows(page)).toHaveCount(clients.items.length);
  const [first] = clients.items;
  if (!first) throw new Error('the demo coach has no clients');
  await expect(dataRows(page).first().getByRole('rowheader')).toContainText(`${first.name} ${first.surname}`);
  return first;
}

/** Opens `client`'s results page from its link in the table; its assessments shown as the BFF counts them. */
async function openClient(page: Page, client: ClientList['items'][number]): Promise<void> {
  await page
    .getByRole('link', { name: `${client.name} ${client.surname}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/coachportal/clighent/${client.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${client.name} ${client.surname}` })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(client.assessmentCount);
}

test('lists the clients and opens a client from the table', async ({ page }) => {
  const first = await openClients(page);
  await expectNoAxeViolations(page);
  await openClient(page, first);
  await expectNoAxeViolations(page);
});

test("offers a completed assessment's reports as HTML in a new tab and as a PDF download", async ({ page }) => {
  const done = await bff<AssessmentList>(page, '/api/assessments?filter=showAll&sort=completedAt&pageSize=100');
  let client: ClientDetails | undefined;
  for (const row of done.items.filter((item) => item.completedAt && !item.receivedFromAnotherCoach)) {
    const details = await bff<ClientDetails>(page, `/api/clients/${row.clientId}`);
    if (details.assessments.some((assessment) => assessment.reportLinks.some((link) => link.format === 'pdf'))) {
      client = details;
      break;
    }
  }
  if (!client) throw new Error('no client with a report in the demo data');
  const assessment = client.assessments.find((item) => item.reportLinks.length > 0);
  const html = assessment?.reportLinks.find((link) => link.format === 'html');

  await page.goto(`/coachportal/clighent/${client.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${client.name} ${client.surname}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /as PDF$/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  if (html) {
    const link = page.getByRole('link', { name: /as HTML, opens in a new tab/ }).first();
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^\/coachportal\/reports\/[a-z]+\/[0-9a-f-]+/);
  }
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /as PDF$/ })
    .first()
    .click();
  await expect(page.getByText('Downloading...').first()).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the clients view (three columns) and a client’s page fit a phone', async ({ page }) => {
    const first = await openClients(page);
    await expect(page.getByRole('columnheader')).toHaveText([/Client/, /Assessments/, /Created/]);
    await expectNoAxeViolations(page);
    await openClient(page, first);
    await expectNoAxeViolations(page);
  });

  test('a client page with report links stays within a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const done = await bff<AssessmentList>(page, '/api/assessments?filter=showAll&sort=completedAt&pageSize=100');
    const row = done.items.find((item) => item.completedAt && !item.receivedFromAnotherCoach && item.project);
    if (!row) throw new Error('no completed assessment with a project in the demo data');
    await page.goto(`/coachportal/clighent/${row.clientId}`);
    await expect(page.getByRole('button', { name: /as PDF$/ }).first()).toBeVisible();
    await expect
      .poll(
        () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        'the page is no wider than the screen',
      )
      .toBe(0);
  });
});
