// Shared steps of the self-registration browser tests (not a test file: no tests of its own).
import { expect, type Page, stackUrls } from '../support/fixtures.ts';

// Seed coaches nobody else registers clients with (sandbox/seed/accounts.ts): a ZAR one pays by card, a USD one with PayPal.
export const ZAR_COACH = { uuid: '2fa00000-0000-4000-8000-000000000002', name: 'Pieter Botha' };
export const USD_COACH = { uuid: '31410000-0000-4000-8000-000000000005', name: 'Zsófia Kovács' };

export interface Registrant {
  name: string;
  surname: string;
  email: string;
}

/** A registrant of their own per test (their e-mail names the test, so runs never collide). */
export function registrant(label: string, emailSuffix = ''): Registrant {
  const unique = `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { name: 'Thandiwe', surname: 'Nkosi', email: `${unique}${emailSuffix}@example.test` };
}

/** Opens the coach's registration link and waits for the form. */
export async function openRegistration(page: Page, coach: { uuid: string; name: string }): Promise<void> {
  await page.goto(`/coachportal/register/${coach.uuid}`);
  await expect(page.getByRole('heading', { name: 'Assessment Registration' })).toBeVisible();
  // The coach's name on the coach card (it is in the card's sentence too).
  await expect(page.getByText(coach.name, { exact: true })).toBeVisible();
}

export async function fillRegistration(page: Page, who: Partial<Registrant>, language?: string): Promise<void> {
  if (who.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(who.name);
  if (who.surname !== undefined) await page.getByLabel('Surname').fill(who.surname);
  if (who.email !== undefined) await page.getByLabel('Email').fill(who.email);
  if (language) await page.getByLabel('Language').selectOption({ label: language });
}

/** The card provider's notification, as the provider sends it server to server (sandbox/README.md). */
export async function notifyCardPayment(page: Page, checkoutId: string, status: 'COMPLETE' | 'FAILED' | 'CANCELLED'): Promise<void> {
  const answer = await page.request.post(`${stackUrls().sandboxUrl}/selfpay/receive_notification/`, {
    form: { custom_str1: checkoutId, payment_status: status, amount_gross: '632.50', pf_payment_id: '1187453' },
  });
  if (!answer.ok()) throw new Error(`the sandbox refused the notification: ${answer.status()} ${await answer.text()}`);
}
