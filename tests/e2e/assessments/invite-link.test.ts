// An invite followed end to end in the sandbox (spec assessments-and-clients §2.1 /register/token?userToken=, §4.2,
// §4.3): the coach copies the assessment link of a new client's Enneagram; the client opens it (the sandbox plays the
// legacy host's client side, as it plays the payment providers), sees who invited them, starts, then completes the
// assessment; without a reload the coach's table shows it invited, then started, then complete, through the usual
// updates (the stack asks every 15 s). At desktop; axe on the client's page.
import { randomUUID } from 'node:crypto';
import { csrfHeaders, DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { pressAction, tickRow } from './assessments-steps.ts';

test.use({ account: DEMO, permissions: ['clipboard-read', 'clipboard-write'] });

// Two intervals of the stack's 15 s and some room: the BFF's read may have just passed when the client acts.
const UPDATE_SHOWN = { timeout: 45_000 };

/** A new client of the demo coach with one Enneagram assessment, made through the BFF; its e-mail is the test's own. */
async function newClient(page: Page): Promise<{ email: string; name: string }> {
  const surname = `Invitee${Date.now().toString(36)}`;
  const email = `${surname.toLowerCase()}@example.test`;
  const response = await page.request.post('/api/clients', {
    headers: { ...csrfHeaders(), 'Idempotency-Key': randomUUID() },
    data: { name: 'Lerato', surname, email, assessment: { assessmentType: 'ennea', language: 'english', reportsToAutoSend: [] } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, name: `Lerato ${surname}` };
}

test('the client follows the copied link, starts and completes; the table follows without a reload', async ({ page, visit }) => {
  test.setTimeout(150_000);
  const client = await newClient(page);
  const profile = (await (await page.request.get('/api/session')).json()) as { coach: { name: string; surname: string } };
  await page.goto(`/coachportal/assessments?q=${encodeURIComponent(client.email)}`);
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: client.email });
  await expect(row.getByRole('rowheader')).toContainText('Not invited');
  await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));

  // The coach copies the link: it counts as invited.
  await tickRow(page, 0);
  await pressAction(page, 'Copy Assessment Link');
  const note = page.getByRole('alertdialog', { name: 'Please Note' });
  let link = '';
  await expect
    .poll(async () => {
      link = await page.evaluate(() => navigator.clipboard.readText());
      return link;
    })
    .toMatch(/\/register\/token\?userToken=/);
  await note.getByRole('button', { name: 'OK' }).click();
  await expect(row.getByRole('rowheader')).toContainText('Invited');

  // The client opens it: who invited them to what, then Start.
  const visitor = await visit();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Enneagram assessment' })).toBeVisible();
  await expect(
    visitor.getByText(
      `${profile.coach.name} ${profile.coach.surname} (demo@coachportal.test) has invited you to complete the Enneagram assessment.`,
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('button', { name: 'Start the assessment' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Enneagram assessment started' })).toBeVisible();
  await expect(row.getByRole('rowheader')).toContainText('Started', UPDATE_SHOWN);

  // Then Complete: the row is complete, with its result, and the coach is told.
  await visitor.getByRole('button', { name: 'Complete the assessment' }).click();
  await expect(visitor.getByText('You have completed the assessment.')).toBeVisible();
  await expect(row.getByRole('rowheader')).toContainText('Complete', UPDATE_SHOWN);
  await expect(row).toContainText(/Type \d/);
  await expect(
    page
      .getByRole('log', { name: 'Updates' })
      .getByRole('listitem')
      .filter({ hasText: `${client.name} completed the Enneagram` }),
  ).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => 'notReloaded' in globalThis)).toBe(true);
});
