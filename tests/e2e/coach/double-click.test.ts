// Every dialog that makes a record or costs credits, its submit button double-clicked: one record, one charge (the
// balance and its history read back from the BFF), the success text and never a refusal of the second click. The
// client sends one request per submission (the button is busy while it is in flight) with its Idempotency-Key; each
// test counts the requests the page sent. For a coach of this file's own (twice@coachportal.test, seeded with
// nothing), so that only these tests move its balance and lists; every record named uniquely all the same. The
// dialogs' own checks are adding.test.ts's, teams.test.ts's and the others'. At desktop width: the guard is the
// same at both.
import type { components } from '../../../generated/bff.ts';
import { clientsTemplate } from '../../../sandbox/files/bulk-upload.ts';
import { fillRegistration, openRegistration, registrant, ZAR_COACH } from '../self-registration/register-steps.ts';
import { atPath, csrfHeaders, expect, openDashboard, type Page, test } from '../support/fixtures.ts';
import { bff, createTeam, findTeamRow, requestReport, type TeamDetail, type TeamRow, uniqueName } from './teams-steps.ts';

type AssessmentList = components['schemas']['AssessmentList'];
type ClientDetails = components['schemas']['ClientDetails'];
type CreditsOverview = components['schemas']['CreditsOverview'];
type CreditTransactionPage = components['schemas']['CreditTransactionPage'];
type PairList = components['schemas']['PairList'];
type Assistant = components['schemas']['Assistant'];

test.use({ account: 'twice@coachportal.test' });

/** The balance and its history's newest entries, as the BFF answers them. */
async function ledger(page: Page) {
  const credits = await bff<CreditsOverview>(page, 'GET', '/api/credits');
  const history = await bff<CreditTransactionPage>(page, 'GET', '/api/credits/transactions?pageSize=10&sort=datetime&order=desc');
  return { credits, total: history.total, newest: history.items[0] };
}

/** Exactly one charge of `credits` since `before`: one more history entry, and the balance moved by it alone. */
async function expectOneCharge(page: Page, before: Awaited<ReturnType<typeof ledger>>, credits: number): Promise<void> {
  const after = await ledger(page);
  expect(after.total).toBe(before.total + 1);
  expect(after.newest?.credits).toBe(-credits);
  expect(after.credits.balance).toBe(before.credits.balance - credits);
}

/** The requests the page sends to `path` with `method` from now on. */
function sent(page: Page, method: string, path: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) seen.push(request.headers()['idempotency-key'] ?? '');
  });
  return seen;
}

/** One key sent once: the double-click was one request, with its Idempotency-Key. */
function expectOneKeyedRequest(requests: string[]): void {
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatch(/^[0-9a-f-]{36}$/);
}

/** A new client of the coach with one Enneagram assessment, made through the BFF. */
async function newClient(page: Page, surname: string): Promise<{ clientId: string; name: string; surname: string }> {
  const name = 'Thabo';
  const response = await page.request.post('/api/clients', {
    headers: csrfHeaders(),
    data: {
      name,
      surname,
      email: `${surname.toLowerCase()}@example.com`,
      assessment: { assessmentType: 'ennea', language: 'english', reportsToAutoSend: [] },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { clientId } = (await response.json()) as { clientId: string };
  return { clientId, name, surname };
}

/** The assessments page searched for `q` (the test's own clients), its `rows` rows shown. */
async function openAssessments(page: Page, q: string, rows: number): Promise<void> {
  await page.goto(`/coachportal/assessments?q=${encodeURIComponent(q)}`);
  const dataRows = page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
  await expect(dataRows).toHaveCount(rows);
  for (let index = 0; index < rows; index += 1) await dataRows.nth(index).locator('.checkbox').click();
  if (rows > 0) await expect(page.getByText(`${rows} selected`, { exact: true })).toBeVisible();
}

async function menuItem(page: Page, menu: 'Add' | 'More', item: string): Promise<void> {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** A surname no other test uses (letters and digits). */
const uniqueSurname = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;

test('Add Assessment for New Client: one client, one charge, the success text', async ({ page }) => {
  const surname = uniqueSurname('Twice');
  const before = await ledger(page);
  await openAssessments(page, surname, 0);
  await menuItem(page, 'Add', 'Add Assessment for New Client');
  const dialog = page.getByRole('dialog', { name: 'Add Assessment for New Client' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Zanele');
  await dialog.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${surname.toLowerCase()}@example.com`);
  await dialog.getByText('Enneagram (1 credit)').click();
  const requests = sent(page, 'POST', /^\/api\/clients$/);
  await dialog.getByRole('button', { name: 'Add', exact: true }).dblclick();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText(`An assessment has been added for Zanele ${surname}.`)).toBeVisible();
  await expect(page.getByText('You have already added this client.', { exact: false })).toHaveCount(0);
  await done.getByRole('button', { name: 'OK' }).click();
  expectOneKeyedRequest(requests);
  const found = await bff<AssessmentList>(page, 'GET', `/api/assessments?q=${surname}`);
  expect(found.filteredTotal).toBe(1);
  await expectOneCharge(page, before, 1);
});

test('Add Assessment to Existing Client: one assessment, one charge, the success text', async ({ page }) => {
  const client = await newClient(page, uniqueSurname('Again'));
  const before = await ledger(page);
  await openAssessments(page, client.surname, 1);
  await menuItem(page, 'Add', 'Add Assessment to Existing Client');
  const dialog = page.getByRole('dialog', { name: 'Add Assessment to Existing Client' });
  await dialog.getByText('Enneagram (1 credit)').click();
  const requests = sent(page, 'POST', /^\/api\/clients\/[^/]+\/assessments$/);
  await dialog.getByRole('button', { name: 'Add', exact: true }).dblclick();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText(`An assessment has been added for ${client.name} ${client.surname}.`)).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  expectOneKeyedRequest(requests);
  const details = await bff<ClientDetails>(page, 'GET', `/api/clients/${client.clientId}`);
  expect(details.assessments).toHaveLength(2);
  await expectOneCharge(page, before, 1);
});

test('Import Results: one imported assessment, nothing charged, the success text', async ({ page }) => {
  const surname = uniqueSurname('Imported');
  const before = await ledger(page);
  await openAssessments(page, surname, 0);
  await menuItem(page, 'Add', 'Import Results');
  const dialog = page.getByRole('dialog', { name: 'Import Results', exact: true });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Zola');
  await dialog.getByRole('textbox', { name: /^Surname/ }).fill(surname);
  await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(`${surname.toLowerCase()}@example.com`);
  await dialog.getByRole('slider', { name: 'Self-preservation (SP)' }).fill('80');
  await dialog.getByRole('slider', { name: 'Social (SO)' }).fill('40');
  await dialog.getByRole('slider', { name: 'Sexual, one-to-one (SX)' }).fill('60');
  const requests = sent(page, 'POST', /^\/api\/clients\/result-imports$/);
  await dialog.getByRole('button', { name: 'Import', exact: true }).dblclick();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText(`The results of Zola ${surname} have been imported.`)).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  expectOneKeyedRequest(requests);
  const found = await bff<AssessmentList>(page, 'GET', `/api/assessments?q=${surname}`);
  expect(found.filteredTotal).toBe(1);
  // An import is not billed: the balance and its history stay as they were.
  const after = await ledger(page);
  expect([after.total, after.credits.balance]).toEqual([before.total, before.credits.balance]);
});

test('Bulk Add: the cost confirmed with a double-click adds the spreadsheet’s client once, one charge', async ({ page }) => {
  const surname = uniqueSurname('Bulk');
  const before = await ledger(page);
  await openAssessments(page, surname, 0);
  await menuItem(page, 'Add', 'Bulk Add Clients and Assessments');
  const dialog = page.getByRole('dialog', { name: 'Bulk Add Clients and Assessments' });
  await dialog.getByText('Enneagram', { exact: true }).click();
  await dialog.getByLabel('Spreadsheet (.xlsx)').setInputFiles({
    name: 'clients.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await clientsTemplate([{ name: 'Naledi', surname, email: `${surname.toLowerCase()}@bulk.test` }]),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const requests = sent(page, 'POST', /^\/api\/clients\/bulk-uploads$/);
  await page.getByRole('alertdialog', { name: 'Please Note' }).getByRole('button', { name: 'Proceed' }).dblclick();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  expectOneKeyedRequest(requests);
  const found = await bff<AssessmentList>(page, 'GET', `/api/assessments?q=${surname}`);
  expect(found.filteredTotal).toBe(1);
  await expectOneCharge(page, before, 1);
});

test('Add Pairs: one pair, one charge, the success text', async ({ page }) => {
  const tag = uniqueSurname('Pair');
  const first = await newClient(page, `${tag}a`);
  const second = await newClient(page, `${tag}b`);
  const pairsBefore = await bff<PairList>(page, 'GET', '/api/pairs?pageSize=10');
  const before = await ledger(page);
  await openAssessments(page, tag, 2);
  await menuItem(page, 'Add', 'Add Pairs');
  const dialog = page.getByRole('dialog', { name: 'Add Pairs' });
  let earliest = '';
  await expect
    .poll(async () => {
      earliest = /(\d{4}-\d{2}-\d{2}) or later/.exec((await dialog.textContent()) ?? '')?.[1] ?? '';
      return earliest;
    }, 'the hint names the earliest due date')
    .not.toBe('');
  await dialog.getByRole('textbox', { name: 'Due date' }).fill(earliest);
  const requests = sent(page, 'POST', /^\/api\/pairs$/);
  await dialog.getByRole('button', { name: 'Add Pairs' }).dblclick();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('pair report has been requested for', { exact: false })).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  expectOneKeyedRequest(requests);
  const pairs = await bff<PairList>(page, 'GET', `/api/pairs?q=${encodeURIComponent(tag)}&pageSize=500`);
  expect(pairs.items.filter((pair) => pair.info.includes(first.surname) && pair.info.includes(second.surname))).toHaveLength(1);
  expect((await bff<PairList>(page, 'GET', '/api/pairs?pageSize=10')).total).toBe(pairsBefore.total + 1);
  await expectOneCharge(page, before, 2);
});

test('Add To Team: the assessment joins the team once, the success text', async ({ page }) => {
  const team = await createTeam(page, uniqueName('E2E twice members'));
  const client = await newClient(page, uniqueSurname('Member'));
  await openAssessments(page, client.surname, 1);
  await menuItem(page, 'More', 'Add To Team');
  const dialog = page.getByRole('dialog', { name: 'Add To Team' });
  await dialog.getByLabel('Team').selectOption({ label: team.name });
  const requests = sent(page, 'POST', /^\/api\/teams\/[^/]+\/members$/);
  await dialog.getByRole('button', { name: 'Add', exact: true }).dblclick();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('Success! All 1 member(s) have been added.')).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  expectOneKeyedRequest(requests);
  const detail = await bff<TeamDetail>(page, 'GET', `/api/teams/${team.id}`);
  expect(detail.members).toHaveLength(1);
});

test.describe('the Teams page', () => {
  async function openTeams(page: Page): Promise<void> {
    await page.goto('/coachportal/teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  }
  async function selectTeam(page: Page, name: string): Promise<void> {
    const row = await findTeamRow(page, name);
    await row.locator('.checkbox').click();
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  }
  /** The coach's first two assessments, which `createTeam` makes the members (made here when the coach has none yet). */
  async function twoMembers(page: Page): Promise<void> {
    const list = await bff<AssessmentList>(page, 'GET', '/api/assessments?pageSize=10');
    for (let made = list.total; made < 2; made += 1) await newClient(page, uniqueSurname('Member'));
  }
  const teamsNamed = async (page: Page, name: string) =>
    (await bff<{ items: TeamRow[] }>(page, 'GET', `/api/teams?q=${encodeURIComponent(name)}&pageSize=500`)).items.filter(
      (team) => team.name === name,
    );

  test('Add Team: one team, the success text', async ({ page }) => {
    const name = uniqueName('E2E twice');
    await openTeams(page);
    // The toolbar's, or the empty table's when the coach has no team yet.
    await page.getByRole('button', { name: 'Add Team' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Team' });
    await dialog.getByLabel('Team name').fill(name);
    await dialog.getByLabel('Project').fill('Double-click');
    const requests = sent(page, 'POST', /^\/api\/teams$/);
    await dialog.getByRole('button', { name: 'Add Team' }).dblclick();
    await expect(page.getByText(`Team ${name} added.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expectOneKeyedRequest(requests);
    expect(await teamsNamed(page, name)).toHaveLength(1);
  });

  test('Duplicate Team: one copy, the success text', async ({ page }) => {
    const name = uniqueName('E2E twice dup');
    await twoMembers(page);
    const team = await createTeam(page, name, 2, { leader: true });
    await requestReport(page, team.id);
    await openTeams(page);
    await selectTeam(page, name);
    await menuItem(page, 'More', 'Duplicate Team');
    const dialog = page.getByRole('dialog', { name: 'Duplicate Team' });
    const copy = `${name} copy`;
    await dialog.getByLabel('New team name').fill(copy);
    const requests = sent(page, 'POST', /^\/api\/teams\/[^/]+\/duplicate$/);
    await dialog.getByRole('button', { name: 'Duplicate' }).dblclick();
    await expect(page.getByText(`Team ${copy} added.`)).toBeVisible();
    expectOneKeyedRequest(requests);
    expect((await teamsNamed(page, copy)).map((row) => row.duplicatedSourceId)).toEqual([team.id]);
  });

  test('Request Report: one request, one charge, the success text', async ({ page }) => {
    const name = uniqueName('E2E twice report');
    await twoMembers(page);
    const team = await createTeam(page, name, 2, { leader: true });
    const before = await ledger(page);
    const cost = before.credits.teamReportCosts.find((each) => each.reportType === 'IMf')?.credits ?? Number.NaN;
    await openTeams(page);
    await selectTeam(page, name);
    await menuItem(page, 'More', 'Request Report');
    const dialog = page.getByRole('dialog', { name: 'Request Report', exact: true });
    await dialog.getByText('Maturity', { exact: true }).click();
    const { dueDateMin } = await bff<{ dueDateMin: string }>(page, 'GET', `/api/teams/${team.id}`);
    await dialog.getByLabel('Due date').fill(dueDateMin);
    const requests = sent(page, 'POST', /^\/api\/teams\/[^/]+\/report-request$/);
    await dialog.getByRole('button', { name: 'Request Report' }).dblclick();
    const note = page.getByRole('alertdialog', { name: 'Success', exact: true });
    await expect(note).toContainText('Your Maturity team report has been requested.');
    await note.getByRole('button', { name: 'OK' }).click();
    expectOneKeyedRequest(requests);
    const requested = await bff<TeamDetail>(page, 'GET', `/api/teams/${team.id}`);
    expect(requested.team.reportState).toBe('requested');
    await expectOneCharge(page, before, cost);
  });
});

test('Purchasing Credits: one pending order, the success text', async ({ page }) => {
  expect((await bff<CreditsOverview>(page, 'GET', '/api/credits')).hasPendingOrder).toBe(false);
  await page.goto('/coachportal/balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await page.getByRole('button', { name: 'Purchase credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchasing Credits' });
  await dialog.getByLabel('Number of credits').fill('120');
  const requests = sent(page, 'POST', /^\/api\/credits\/orders$/);
  await dialog.getByRole('button', { name: 'Order' }).dblclick();
  await expect(page.getByText(/your order of 120 credits is pending/)).toBeVisible();
  expectOneKeyedRequest(requests);
  expect(await bff<CreditsOverview>(page, 'GET', '/api/credits')).toMatchObject({ hasPendingOrder: true, pendingCredits: 120 });
  // Cancelled, so that a rerun on the same stack starts with nothing pending.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('alertdialog', { name: 'Warning' }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Your pending order has been cancelled.')).toBeVisible();
});

test('Add Assistant: one assistant, the success text', async ({ page }) => {
  const surname = uniqueSurname('Twice');
  const email = `${surname.toLowerCase()}@example.com`;
  await page.goto('/coachportal/profile#assistantsSection');
  const section = page.getByRole('region', { name: 'Assistants' });
  await section.getByRole('button', { name: 'Add Assistant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Assistant' });
  await dialog.getByLabel('Name', { exact: true }).fill('Lindiwe');
  await dialog.getByLabel('Surname', { exact: true }).fill(surname);
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  const requests = sent(page, 'POST', /^\/api\/assistants$/);
  await dialog.getByRole('button', { name: 'Add Assistant' }).dblclick();
  await expect(page.getByText('Your assistant has been added and will receive an e-mail to set a password.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expectOneKeyedRequest(requests);
  const assistants = await bff<{ items: Assistant[] }>(page, 'GET', '/api/assistants');
  expect(assistants.items.filter((assistant) => assistant.email === email)).toHaveLength(1);
});

test('Leave A Message: one message, the thanks', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Leave A Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave A Message' });
  await dialog.getByLabel('Category').selectOption('featureRequest');
  await dialog.getByLabel('Message').fill(`Sent once (${crypto.randomUUID().slice(0, 8)}).`);
  const requests = sent(page, 'POST', /^\/api\/feedback$/);
  await dialog.getByRole('button', { name: 'Send' }).dblclick();
  await expect(page.getByText('Thank you, successfully submitted.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expectOneKeyedRequest(requests);
});

test('Sign a policy: one signature, the after-signing message', async ({ page }) => {
  // The seed's Code of Conduct, assigned to every coach; signed here for this file's coach only.
  await page.goto('/coachportal/policies/7a1ce000-0000-4000-8000-000000000013/90110000-0000-4000-8000-000000000001');
  await expect(page.getByRole('heading', { name: 'Code of Conduct for Accredited Practitioners' })).toBeVisible();
  await page.getByRole('textbox', { name: /Name of your supervisor/ }).fill('Dr Nomvula Dlamini');
  await page.getByRole('textbox', { name: /Your name/ }).fill('Palesa Mofokeng');
  await page.getByRole('textbox', { name: /^Date/ }).fill('28 November 2026');
  const requests = sent(page, 'POST', /\/acknowledgements$/);
  await page.getByRole('button', { name: 'Sign' }).dblclick();
  await expect(page.getByText('Thank you. Your signed Code of Conduct is on file.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expectOneKeyedRequest(requests);
});

test('Self-registration: one checkout, on to the card provider', async ({ page }) => {
  // A client's page of the card coach; nothing of this file's coach.
  await openRegistration(page, ZAR_COACH);
  await fillRegistration(page, registrant('double-click'), 'Zulu');
  const requests = sent(page, 'POST', /^\/api\/public\/self-registration\/[^/]+\/checkouts$/);
  await page.getByRole('button', { name: 'Proceed' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
  await expect(page).toHaveURL(atPath('/eng/process'));
  expectOneKeyedRequest(requests);
});
