// The clients view and the client results page in the browser (spec assessments-and-clients §2.1,
// §3.8, §4.5): the clients the BFF lists, a client's assessments, and a report as HTML (a new tab)
// and as PDF (a download). Desktop and phone, axe on every state.
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, type PortalPage, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { type AssessmentList, bff, type ClientDetails, type ClientList, countText, dataRows, signIn } from './assessments-steps.ts';

const browser = startChromiumForFile();
let portal: PortalPage | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

describe.each(VIEWPORT_NAMES)('clients at %s size', (viewport) => {
  it('lists the clients and opens a client from the table', async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const clients = await bff<ClientList>(portal, '/api/clients');
    await page.goto(portal.url('/coachportal/clients'));
    await countText(page, `${clients.total} records`).waitFor();
    expect(await dataRows(page).count()).toBe(clients.items.length);
    await expectNoAxeViolations(page);

    const [first] = clients.items;
    if (!first) throw new Error('the demo coach has no clients');
    await page
      .getByRole('link', { name: `${first.name} ${first.surname}` })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/coachportal/clighent/${first.id}$`));
    await page.getByRole('heading', { level: 1, name: `${first.name} ${first.surname}` }).waitFor();
    expect(await page.getByRole('article').count()).toBe(first.assessmentCount);
    await expectNoAxeViolations(page);
  });

  it("offers a completed assessment's reports as HTML in a new tab and as a PDF download", async () => {
    portal = await openPortal(browser(), viewport);
    const page = await signIn(portal);
    const done = await bff<AssessmentList>(portal, '/api/assessments?filter=showAll&sort=completedAt&pageSize=100');
    let client: ClientDetails | undefined;
    for (const row of done.items.filter((item) => item.completedAt && !item.receivedFromAnotherCoach)) {
      const details = await bff<ClientDetails>(portal, `/api/clients/${row.clientId}`);
      if (details.assessments.some((assessment) => assessment.reportLinks.some((link) => link.format === 'pdf'))) {
        client = details;
        break;
      }
    }
    if (!client) throw new Error('no client with a report in the demo data');
    const assessment = client.assessments.find((item) => item.reportLinks.length > 0);
    const html = assessment?.reportLinks.find((link) => link.format === 'html');

    await page.goto(portal.url(`/coachportal/clighent/${client.id}`));
    await page.getByRole('heading', { level: 1, name: `${client.name} ${client.surname}` }).waitFor();
    await expectNoAxeViolations(page);
    if (html) {
      const link = page.getByRole('link', { name: /as HTML, opens in a new tab/ }).first();
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toMatch(/^\/coachportal\/reports\/[a-z]+\/[0-9a-f-]+/);
    }
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /as PDF$/ })
      .first()
      .click();
    await page.getByText('Downloading...').first().waitFor();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  });
});
