// The find-anything palette (Ctrl/Cmd+K, the top bar's search button): a client found by part of their e-mail
// address and their page opened, at desktop and at phone width (the full-screen sheet, opened from the top bar's
// icon); an assessment found and Send Invites/Reminders started on it from the palette, with the table's own dialog
// and its result ("1 of 1 invite emails sent successfully.", spec assessments-and-clients §8), and the table opened
// on it with the assessment selected; on a phone, an assessment's actions opened by tapping its Actions chip; an
// assistant finds nothing of the areas their drawer hides. Axe on every state.
import type { components } from '../../../generated/bff.ts';
import { DEMO, expect, expectNoAxeViolations, forEachLayout, openDashboard, type Page, test } from '../support/fixtures.ts';

type ClientList = components['schemas']['ClientList'];
type AssessmentList = components['schemas']['AssessmentList'];

async function bff<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Find anything' });
const field = (page: Page) => palette(page).getByRole('combobox', { name: 'Find clients, assessments, teams, pairs and screens' });
const group = (page: Page, name: string) => palette(page).getByRole('group', { name });

/** Opens the palette the layout's way: Ctrl+K at desktop width, the top bar's icon button on a phone. */
async function openPalette(page: Page, how: 'keys' | 'button'): Promise<void> {
  if (how === 'keys') await page.keyboard.press('Control+K');
  else await page.getByRole('banner').getByRole('button', { name: 'Find anything' }).click();
  await expect(palette(page)).toBeVisible();
  await expect(field(page)).toBeFocused();
}

test.describe('as the demo coach', () => {
  test.use({ account: DEMO });

  forEachLayout(['desktop', 'phone'], (layout) => {
    test('finds a client by part of their e-mail address and opens their page', async ({ page }) => {
      const clients = await bff<ClientList>(page, '/api/clients?pageSize=10');
      const client = clients.items.find((item) => item.email.indexOf('@') >= 6);
      if (!client) throw new Error('the demo coach has no clients');
      // A part from inside the address, not its start: the BFF's "anywhere" match finds it.
      const part = client.email.slice(1, client.email.indexOf('@'));
      await openDashboard(page);
      await openPalette(page, layout === 'desktop' ? 'keys' : 'button');
      await expectNoAxeViolations(page);
      if (layout === 'phone') {
        // The full-screen sheet, with Cancel for want of an Esc key.
        await expect(palette(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
        await expect.poll(async () => (await palette(page).boundingBox())?.width).toBe(page.viewportSize()?.width);
      }
      await field(page).fill(part);
      const option = group(page, 'Clients').getByRole('option', { name: `${client.name} ${client.surname}` });
      await expect(option).toBeVisible();
      await expect(option.locator('mark').first()).toHaveText(part, { ignoreCase: true });
      await expectNoAxeViolations(page);
      await option.click();
      await expect(page).toHaveURL(new RegExp(`/coachportal/clighent/${client.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: `${client.name} ${client.surname}` })).toBeVisible();
      await expect(palette(page)).toBeHidden();
    });
  });

  test('finds an assessment, starts Send Invites/Reminders on it from the palette and opens it in the table', async ({ page }) => {
    // A client with one assessment, never invited: its option is the only one of that name, and the dialog counts an
    // invite (a client invited for another assessment would get a reminder).
    const list = await bff<AssessmentList>(page, '/api/assessments?sort=info&order=asc&pageSize=500');
    const assessmentsOf = new Map<string, number>();
    for (const item of list.items) assessmentsOf.set(item.clientId, (assessmentsOf.get(item.clientId) ?? 0) + 1);
    const row = list.items.find(
      (item) =>
        !item.receivedFromAnotherCoach &&
        item.permissions.canInvite &&
        item.inviteState === 'notInvited' &&
        assessmentsOf.get(item.clientId) === 1,
    );
    if (!row) throw new Error('the demo coach has no client with one assessment to invite');
    const name = `${row.clientName} ${row.clientSurname}`;
    await openDashboard(page);
    await page.getByRole('banner').getByRole('button', { name: 'Find anything' }).click();
    await expect(field(page)).toBeFocused();
    await field(page).fill(row.clientEmail);
    const option = group(page, 'Assessments')
      .getByRole('option', { name: new RegExp(`^${name} · `) })
      .first();
    await expect(option).toBeVisible();
    // The arrows reach it; Tab lists its actions.
    await expect(async () => {
      await field(page).press('ArrowDown');
      await expect(field(page)).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '', { timeout: 500 });
    }).toPass();
    await field(page).press('Tab');
    const actions = palette(page).getByRole('listbox', { name: `Actions for ${name}` });
    await expect(actions.getByRole('option')).toHaveText([
      'Open in Assessments',
      'Send Invites/Reminders',
      'Send Reports',
      'Copy Assessment Link',
      'Download Reports',
    ]);
    await expectNoAxeViolations(page);
    await field(page).fill('invites');
    await field(page).press('Enter');
    await expect(palette(page)).toBeHidden();

    const dialog = page.getByRole('dialog', { name: 'Send Invites/Reminders' });
    await expect(dialog.locator('dt', { hasText: '1 invite to send' }).locator('xpath=following-sibling::dd')).toHaveText(name);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const done = page.getByRole('alertdialog', { name: 'Success' });
    await expect(done.getByText('1 of 1 invite emails sent successfully.')).toBeVisible();
    await done.getByRole('button', { name: 'OK' }).click();

    // Enter on the assessment: the table searched for its client, the assessment selected.
    await page.keyboard.press('Control+K');
    await field(page).fill(row.clientEmail);
    await expect(option).toBeVisible();
    await expect(async () => {
      await field(page).press('ArrowDown');
      await expect(field(page)).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '', { timeout: 500 });
    }).toPass();
    await field(page).press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/coachportal/assessments' && url.searchParams.get('q') === row.clientEmail);
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('as the demo coach on a touch screen', () => {
  test.use({ account: DEMO, hasTouch: true });

  forEachLayout(['phone'], () => {
    test('opens an assessment’s actions by tapping its Actions chip, and goes back to the results', async ({ page }) => {
      const list = await bff<AssessmentList>(page, '/api/assessments?sort=info&order=asc&pageSize=100');
      const row = list.items.find((item) => !item.receivedFromAnotherCoach);
      if (!row) throw new Error('the demo coach has no assessment of their own');
      const name = `${row.clientName} ${row.clientSurname}`;
      await openDashboard(page);
      await openPalette(page, 'button');
      await field(page).fill(row.clientEmail);
      const option = group(page, 'Assessments')
        .getByRole('option', { name: new RegExp(`^${name} · `) })
        .first();
      await expect(option).toBeVisible();
      await option.getByText('Actions', { exact: true }).tap();
      const actions = palette(page).getByRole('listbox', { name: `Actions for ${name}` });
      await expect(actions.getByRole('option').first()).toHaveText('Open in Assessments');
      await expect(page).toHaveURL(/\/coachportal\/dashboard$/);
      await expectNoAxeViolations(page);
      await palette(page).getByRole('button', { name: 'Back to the results' }).tap();
      await expect(option).toBeVisible();
      await expect(field(page)).toHaveValue(row.clientEmail);
    });
  });
});

test.describe('as an assistant', () => {
  test.use({ account: 'assistant@coachportal.test' });

  test("finds the coach's assessments, which the assistant may open, and nothing of the areas the drawer hides", async ({ page }) => {
    await openDashboard(page);
    await openPalette(page, 'keys');
    const screens = group(page, 'Screens');
    await expect(screens.getByRole('option', { name: 'Dashboard' })).toBeVisible();
    for (const hidden of ['Assessments', 'Teams', 'Pairs', 'Balance', 'Clients']) {
      await expect(screens.getByRole('option', { name: hidden, exact: true })).toHaveCount(0);
    }
    await expect(group(page, 'Actions').getByRole('option', { name: 'Add New Team' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The assessments table is the assistant's to open: its records are found, and what the palette offers of
    // them is what the table shows (the BFF's own answer to the assistant's session).
    const list = await bff<AssessmentList>(page, '/api/assessments?sort=info&order=asc&pageSize=50');
    const row = list.items.find((item) => !item.receivedFromAnotherCoach);
    if (!row) throw new Error("the demo coach's assistant sees no assessment");
    await field(page).fill(row.clientEmail);
    await expect(group(page, 'Assessments').getByRole('option').first()).toBeVisible();
    await expect(group(page, 'Teams')).toHaveCount(0);
    await expect(group(page, 'Pairs')).toHaveCount(0);
    // Teams and pairs stay the coach's alone (the BFF reads none of them for an assistant).
    await field(page).fill('team');
    await expect(group(page, 'Teams')).toHaveCount(0);
    await expect(group(page, 'Pairs')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
