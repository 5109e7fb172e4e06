// The 'Assessment Registration' page before payment: the link check, the form's checks and the
// form kept in local storage (spec public-and-guest §2 "Self-registration", §5, §8, §9).
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';
import { fillRegistration, openRegistration, ZAR_COACH } from './register-steps.ts';

const browser = startChromiumForFile();

describe.each(VIEWPORT_NAMES)('self-registration form at %s size', (viewport) => {
  it('refuses a link whose last segment is not 36 characters', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await page.goto(portal.url(`/coachportal/register/${ZAR_COACH.uuid.slice(0, 35)}`));
    await page.getByRole('heading', { name: 'Assessment Registration' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Invalid link. Please use the link exactly as provided to you by your coach',
    );
    expect(calls.filter((url) => url.includes('self-registration'))).toEqual([]);
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('asks for all details, then for a valid e-mail address', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await openRegistration(page, portal.url, ZAR_COACH);
    await expect(page.getByText('R550 + VAT').count()).resolves.toBe(1);
    await expect(page.getByLabel('Assessment', { exact: true }).inputValue()).resolves.toBe('Enneagram');
    await expectNoAxeViolations(page);

    await fillRegistration(page, { name: 'Thandiwe', email: 'thandiwe@example.test' });
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please provide all details.');
    await expectNoAxeViolations(page);

    await fillRegistration(page, { surname: 'Nkosi', email: 'thandiwe@example' });
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please provide a valid email address.' }).waitFor();
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('lists the languages alphabetically and restores the form after a reload', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await openRegistration(page, portal.url, ZAR_COACH);
    const options = await page.getByLabel('Language').locator('option').allTextContents();
    expect(options).toEqual([...options].sort((a, b) => a.localeCompare(b)));
    expect(options).toHaveLength(16);
    await expectNoAxeViolations(page);

    await fillRegistration(page, { name: 'Thandiwe', surname: 'Nkosi', email: 'thandiwe@example.test' }, 'Xhosa');
    await page.reload();
    await page.getByText(ZAR_COACH.name).waitFor();
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Thandiwe');
    await expect(page.getByLabel('Surname').inputValue()).resolves.toBe('Nkosi');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe('thandiwe@example.test');
    await expect(page.getByLabel('Language').inputValue()).resolves.toBe('xhosa');
    await portal.close();
  });
});
