// The 'Assessment Registration' page before payment: the link check, the form's checks and the
// form kept in local storage (spec public-and-guest §2 "Self-registration", §5, §8, §9).
// The flows at desktop; the form, its refusal and a refused link once at phone width, axe at each.
import { expect, expectNoAxeViolations, test } from '../support/fixtures.ts';
import { fillRegistration, openRegistration, ZAR_COACH } from './register-steps.ts';

const INVALID_LINK = 'Invalid link. Please use the link exactly as provided to you by your coach';
const ALL_DETAILS = 'Please provide all details.';

test('refuses a link whose last segment is not 36 characters', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) calls.push(request.url());
  });
  await page.goto(`/coachportal/register/${ZAR_COACH.uuid.slice(0, 35)}`);
  await expect(page.getByRole('heading', { name: 'Assessment Registration' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  expect(calls.filter((url) => url.includes('self-registration'))).toEqual([]);
  await expectNoAxeViolations(page);
});

test('asks for all details, then for a valid e-mail address', async ({ page }) => {
  await openRegistration(page, ZAR_COACH);
  await expect(page.getByText('R550 + VAT')).toHaveCount(1);
  await expect(page.getByLabel('Assessment', { exact: true })).toHaveValue('Enneagram');
  await expectNoAxeViolations(page);

  await fillRegistration(page, { name: 'Thandiwe', email: 'thandiwe@example.test' });
  await page.getByRole('button', { name: 'Proceed' }).click();
  // The spec's texts at the fields they are about, the first one focused.
  await expect(page.getByLabel('Surname')).toBeFocused();
  await expect(page.getByLabel('Surname')).toHaveAccessibleDescription(ALL_DETAILS);
  await expectNoAxeViolations(page);

  await fillRegistration(page, { surname: 'Nkosi', email: 'thandiwe@example' });
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Please provide a valid email address.');
  await expectNoAxeViolations(page);
});

test('lists the languages alphabetically and restores the form after a reload', async ({ page }) => {
  await openRegistration(page, ZAR_COACH);
  const options = page.getByLabel('Language').locator('option');
  await expect(options).toHaveCount(16);
  await expect
    .poll(async () => {
      const texts = await options.allTextContents();
      return texts.join('\n') === [...texts].sort((a, b) => a.localeCompare(b)).join('\n');
    }, 'the languages in alphabetical order')
    .toBe(true);
  await expectNoAxeViolations(page);

  await fillRegistration(page, { name: 'Thandiwe', surname: 'Nkosi', email: 'thandiwe@example.test' }, 'Xhosa');
  await page.reload();
  await expect(page.getByText(ZAR_COACH.name, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Thandiwe');
  await expect(page.getByLabel('Surname')).toHaveValue('Nkosi');
  await expect(page.getByLabel('Email')).toHaveValue('thandiwe@example.test');
  await expect(page.getByLabel('Language')).toHaveValue('xhosa');
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('the form, its refusal and a refused link fit a phone', async ({ page }) => {
    await openRegistration(page, ZAR_COACH);
    await expect(page.getByLabel('Assessment', { exact: true })).toHaveValue('Enneagram');
    await expectNoAxeViolations(page);
    await fillRegistration(page, { name: 'Thandiwe', email: 'thandiwe@example.test' });
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByLabel('Surname')).toHaveAccessibleDescription(ALL_DETAILS);
    await expectNoAxeViolations(page);

    await page.goto(`/coachportal/register/${ZAR_COACH.uuid.slice(0, 35)}`);
    await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
    await expectNoAxeViolations(page);
  });
});
