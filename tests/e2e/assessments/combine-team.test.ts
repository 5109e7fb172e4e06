// The assessments toolbar's Combine and Add To Team (spec assessments-and-clients §2.3, §5 "Combine", §5 "Add to team";
// coach-shell §8): both desktop only. Combine makes one Combined record of a client's Enneagram and Maturity
// assessments and refuses two clients with the spec's text; Add To Team adds the selection to a team with the spec's
// result texts (read back from the BFF's team) and refuses a team whose report was requested. Axe on every dialog.
// The flows at desktop; at phone width the More menu leaves both out (spec §2.3), axe on the screen and the menu.
import type { components } from '../../../generated/bff.ts';
import { DEMO, expect, expectNoAxeViolations, type Page, test } from '../support/fixtures.ts';
import { type AssessmentList, bff, countText, escapeRegExp, firstRowIs, tickRow } from './assessments-steps.ts';

type TeamList = components['schemas']['TeamPage'];
type TeamDetail = components['schemas']['TeamDetail'];
type AssessmentRow = AssessmentList['items'][number];

test.use({ account: DEMO });

async function openAt(page: Page, query: string, list: AssessmentList): Promise<void> {
  await page.goto(`/coachportal/assessments?${query}`);
  await expect(
    countText(page, list.filteredTotal === list.total ? `${list.total} records` : `${list.filteredTotal} of ${list.total} records`),
  ).toBeVisible();
  await firstRowIs(page, list);
}
async function more(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
async function tick(page: Page, list: AssessmentList, rows: readonly AssessmentRow[]): Promise<void> {
  for (const row of rows)
    await tickRow(
      page,
      list.items.findIndex((item) => item.id === row.id),
    );
}
const own = (list: AssessmentList) => list.items.filter((item) => !item.receivedFromAnotherCoach);

test("combines a client's Enneagram and Maturity assessments, and refuses two clients with the spec's text", async ({ page }) => {
  const all = own(await bff<AssessmentList>(page, '/api/assessments?pageSize=500'));
  const done = all.filter((item) => item.completedAt);
  const enneagram = done.find(
    (item) =>
      item.assessmentType === 'ennea' &&
      done.some((other) => other.clientId === item.clientId && other.assessmentType === 'EIT' && other.markingState === 'marked'),
  );
  const maturity = done.find(
    (item) => item.clientId === enneagram?.clientId && item.assessmentType === 'EIT' && item.markingState === 'marked',
  );
  if (!enneagram || !maturity) throw new Error('no client with a complete Enneagram and a marked Maturity assessment');

  const query = `q=${encodeURIComponent(enneagram.clientEmail)}&sort=info&order=asc&pageSize=10`;
  const list = await bff<AssessmentList>(page, `/api/assessments?${query}`);
  await openAt(page, query, list);
  await tick(page, list, [maturity, enneagram]);
  await more(page, 'Combine');
  const dialog = page.getByRole('dialog', { name: 'Combine' });
  const enneagramPart = dialog.getByRole('radiogroup', { name: 'Enneagram part' });
  await expect(enneagramPart.getByRole('radio', { name: `Enneagram, created ${enneagram.createdAt.slice(0, 10)}` })).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Combine' }).click();
  const success = page.getByRole('alertdialog', { name: 'Success' });
  await expect(success.getByText('The assessments have been combined.')).toBeVisible();
  await success.getByRole('button', { name: 'OK' }).click();
  const after = await bff<AssessmentList>(page, `/api/assessments?${query}`);
  expect(after.items.filter((item) => item.clientId === enneagram.clientId && item.assessmentType === 'full').length).toBe(
    list.items.filter((item) => item.clientId === enneagram.clientId && item.assessmentType === 'full').length + 1,
  );

  // Two clients' assessments on screen: refused before the dialog, with the spec's text.
  const pageQuery = 'sort=info&order=asc&pageSize=10';
  const first = await bff<AssessmentList>(page, `/api/assessments?${pageQuery}`);
  const [one, ...rest] = own(first);
  const another = rest.find((item) => item.clientId !== one?.clientId);
  if (!one || !another) throw new Error('no two clients on the first page');
  await openAt(page, pageQuery, first);
  await tick(page, first, [one, another]);
  await more(page, 'Combine');
  const failed = page.getByRole('alertdialog', { name: 'Failed' });
  await expect(failed.getByText('You are not allowed to combine 2 different clients.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("adds the selection to a team with the spec's result texts, and refuses a team whose report was requested", async ({ page }) => {
  const teams = (await bff<TeamList>(page, '/api/teams?pageSize=500')).items.filter((team) => !team.isReceived);
  const open = teams.find((team) => team.reportState === 'notRequested');
  const locked = teams.find((team) => team.reportState !== 'notRequested');
  if (!open || !locked) throw new Error('the demo coach needs an open and a locked team');
  const members = async () => (await bff<TeamDetail>(page, `/api/teams/${open.id}`)).members.map((member) => member.id);
  const before = await members();

  const query = 'sort=info&order=asc&pageSize=10';
  const list = await bff<AssessmentList>(page, `/api/assessments?${query}`);
  const chosen = list.items.filter((item) => !before.includes(item.id)).slice(0, 2);
  expect(chosen).toHaveLength(2);
  await openAt(page, query, list);
  await tick(page, list, chosen);
  await more(page, 'Add To Team');
  const dialog = page.getByRole('dialog', { name: 'Add To Team' });
  await dialog.getByLabel('Team').selectOption({ label: open.name });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Add' }).click();
  const success = page.getByRole('alertdialog', { name: 'Success' });
  await expect(success.getByText('Success! All 2 member(s) have been added.')).toBeVisible();
  await success.getByRole('button', { name: 'OK' }).click();
  expect(await members()).toEqual(expect.arrayContaining(chosen.map((item) => item.id)));

  // The same two again: both are members already.
  await tick(page, list, chosen);
  await more(page, 'Add To Team');
  await dialog.getByLabel('Team').selectOption({ label: open.name });
  await dialog.getByRole('button', { name: 'Add' }).click();
  const note = page.getByRole('alertdialog', { name: 'Please Note' });
  await expect(note.getByText('All selected assessments are already part of this team.')).toBeVisible();
  await note.getByRole('button', { name: 'OK' }).click();

  // A team whose report was requested or issued takes no members: it is listed, marked, and cannot be chosen.
  await tick(page, list, chosen.slice(0, 1));
  await more(page, 'Add To Team');
  const lockedOption = dialog.getByRole('option', {
    name: new RegExp(`^${escapeRegExp(locked.name)} \\(locked: report (requested|issued)\\)$`),
  });
  await expect(lockedOption).toBeDisabled();
  await expect(
    dialog.getByText('You cannot add members to a team for which a report has already been requested or issued...'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the More menu leaves Combine and Add To Team out (desktop only, spec §2.3)', async ({ page }) => {
    const query = 'sort=info&order=asc&pageSize=10';
    const list = await bff<AssessmentList>(page, `/api/assessments?${query}`);
    await openAt(page, query, list);
    await tickRow(page, 0);
    await tickRow(page, 1);
    await page.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Combine' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Add To Team' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
