// Leave A Message (spec coach-shell §2.1, §5, §8) for the demo coach: opened from the drawer, an incomplete
// form answers 'Please select a category and enter a message.' and sends nothing, a complete one reaches the
// legacy API with the thanks toast, a failing legacy call shows the failure alert. The flows at desktop; at phone
// width the dialog from the drawer behind Menu and the failure alert, axe on every state.
import { DEMO, expect, expectNoAxeViolations, openDashboard, type Page, setFaults, test } from '../support/fixtures.ts';

test.use({ account: DEMO });

const INCOMPLETE = 'Please select a category and enter a message.';
const SENT = 'Thank you, successfully submitted.';
const FAILED = 'There was an unexpected error while sending the message. Please try again later.';

/** Opens the dialog from the drawer (on a phone the drawer opens from the Menu toggle first). */
async function openDialog(page: Page, layout: string) {
  await openDashboard(page);
  if (layout === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Leave A Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave A Message' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Sends a message while the legacy call fails; the 'Failed' alert shows. */
async function failedSend(page: Page, layout: string) {
  await setFaults({ serverErrors: { leaveMessage: 503 } });
  const dialog = await openDialog(page, layout);
  await dialog.getByLabel('Category').selectOption('freeText');
  await dialog.getByLabel('Message').fill('Hello');
  await dialog.getByRole('button', { name: 'Send' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Failed' });
  await expect(alert.getByText(FAILED)).toBeVisible();
  return alert;
}

test('asks for a category and a text, then sends them and thanks the coach', async ({ page }) => {
  const dialog = await openDialog(page, 'desktop');
  await expectNoAxeViolations(page);

  const feedback: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/feedback')) feedback.push(request.method());
  });
  await dialog.getByRole('button', { name: 'Send' }).click();
  // The spec's text at each field missing, the first one focused.
  await expect(dialog.getByLabel('Category')).toBeFocused();
  await expect(dialog.getByLabel('Category')).toHaveAccessibleDescription(INCOMPLETE);
  await dialog.getByLabel('Category').selectOption('bugReport');
  await dialog.getByLabel('Message').fill('   ');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await expect(dialog.getByLabel('Message')).toHaveAccessibleDescription(INCOMPLETE);
  await expectNoAxeViolations(page);
  // An incomplete form sends nothing.
  expect(feedback).toEqual([]);

  await dialog.getByLabel('Message').fill(`The team report shows no names (${crypto.randomUUID().slice(0, 8)}).`);
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/feedback'));
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(204);
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectNoAxeViolations(page);
});

test('shows the failure alert when the legacy call fails, and keeps the message', async ({ page }) => {
  const alert = await failedSend(page, 'desktop');
  await expectNoAxeViolations(page);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave A Message' }).getByLabel('Message')).toHaveValue('Hello');
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the dialog from the drawer behind Menu and the failure alert fit a phone', async ({ page }) => {
    await openDialog(page, 'phone');
    await expectNoAxeViolations(page);
    const alert = await failedSend(page, 'phone');
    await expectNoAxeViolations(page);
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog', { name: 'Leave A Message' }).getByLabel('Message')).toHaveValue('Hello');
  });
});
