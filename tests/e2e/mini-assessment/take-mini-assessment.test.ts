// The guest mini-assessment (spec public-and-guest §2 "Mini-assessment page", §4, §5, §8): language →
// registration → questions 1–3 → question 4 → results, progress kept over a reload, and a failed
// mintor call going to 'An error has occurred'. Uses the mini-only coach, whose link no other flow takes.
// The flows at desktop; every step of the way and the error page once at phone width, axe at each.
import { expect, expectNoAxeViolations, type Page, setFaults, test } from '../support/fixtures.ts';

const MINI_COACH = '31410000-0000-4000-8000-000000000005';
const LINK = `/coachportal/mini/${MINI_COACH}`;

async function chooseEnglish(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Choose your language' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
}

async function register(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Name/ }).fill('Eszter');
  await page.getByRole('textbox', { name: /^Surname/ }).fill('Szabó');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function answer(page: Page, number: number, option: string): Promise<void> {
  await expect(page.getByRole('heading', { name: `Question ${number} of 4` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByText(option, { exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('moves the focus to each step’s heading without drawing a focus ring around it', async ({ page }) => {
  await page.goto(LINK);
  const heading = page.getByRole('heading', { level: 1, name: 'Choose your language' });
  await expect(heading).toBeVisible();
  const focusedOutline = () =>
    heading.evaluate((element) => ({ focused: document.activeElement === element, outline: getComputedStyle(element).outlineStyle }));
  await expect.poll(focusedOutline).toEqual({ focused: true, outline: 'none' });
  // Still none once the visitor has used the keyboard.
  await page.keyboard.press('Tab');
  await heading.focus();
  await expect.poll(focusedOutline).toEqual({ focused: true, outline: 'none' });
});

test('goes from the language to the results, checks the registration and keeps the progress over a reload', async ({ page }) => {
  await page.goto(LINK);
  await expect(page.getByRole('heading', { name: 'Choose your language' })).toBeVisible();
  await expectNoAxeViolations(page);
  await chooseEnglish(page);

  await page.getByRole('textbox', { name: /^Name/ }).fill('Eszter');
  await page.getByRole('textbox', { name: /^Surname/ }).fill('Szabó');
  await page.getByRole('textbox', { name: /^Email/ }).fill('eszter@example');
  await page.getByRole('button', { name: 'Submit' }).click();
  // The message at the e-mail, which takes the focus; nothing is sent.
  await expect(page.getByRole('textbox', { name: /^Email/ })).toBeFocused();
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription('Please provide a valid email address.');
  await expectNoAxeViolations(page);
  await register(page, 'mini-desktop@example.test');

  await answer(page, 1, 'What has to be done, and who should act now.');
  await answer(page, 2, 'Learning something new.');
  await expect(page.getByRole('heading', { name: 'Question 3 of 4' })).toBeVisible();
  await page.getByText('I first think the options through.', { exact: true }).click();
  await expectNoAxeViolations(page);

  // spec §4: progress is saved per link and restored on reload (the chosen answer included).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question 3 of 4' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'I first think the options through.' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit' }).click();

  await answer(page, 4, 'Curious and analytical.');
  await expect(page.getByRole('heading', { name: 'Your result' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/\S/);
  // The gut centre (question 1, A) and its third style (question 2, C): style 1, marked on the result card's
  // nine-point figure, which the result's title names; the coach startAssessment named is shown.
  await expect(page.getByRole('article').getByRole('img', { name: /^Style 1: / })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Your coach: \S/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('shows the error page when a mintor call fails and starts again at the language selection', async ({ page }) => {
  await page.goto(LINK);
  await chooseEnglish(page);
  await register(page, 'mini-failure-desktop@example.test');
  await answer(page, 1, 'How the people involved are feeling about it.');
  await answer(page, 2, 'Being able to help others.');
  await setFaults({ serverErrors: { completeMiniSection1: 503 } });
  await answer(page, 3, 'I ask what others think.');
  await expect(page.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
  // A PUT replaces every switch: none on.
  await setFaults({});

  // spec §4: a saved error page resets to language selection.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Choose your language' })).toBeVisible();

  // Continue on the error page goes there too.
  await setFaults({ serverErrors: { startMiniAssessment: 503 } });
  await chooseEnglish(page);
  await register(page, 'mini-failure-desktop@example.test');
  await expect(page.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
  await setFaults({});
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose your language' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ layout: 'phone' });

  test('each step, from the language to the results, fits a phone', async ({ page }) => {
    await page.goto(LINK);
    await expect(page.getByRole('heading', { name: 'Choose your language' })).toBeVisible();
    await expectNoAxeViolations(page);
    await chooseEnglish(page);
    await expectNoAxeViolations(page);
    await register(page, 'mini-phone@example.test');
    await answer(page, 1, 'What has to be done, and who should act now.');
    await answer(page, 2, 'Learning something new.');
    await expect(page.getByRole('heading', { name: 'Question 3 of 4' })).toBeVisible();
    await page.getByText('I first think the options through.', { exact: true }).click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await answer(page, 4, 'Curious and analytical.');
    await expect(page.getByRole('heading', { name: 'Your result' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the error page fits a phone', async ({ page }) => {
    await page.goto(LINK);
    await setFaults({ serverErrors: { startMiniAssessment: 503 } });
    await chooseEnglish(page);
    await register(page, 'mini-failure-phone@example.test');
    await expect(page.getByRole('heading', { name: 'An error has occurred' })).toBeVisible();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
