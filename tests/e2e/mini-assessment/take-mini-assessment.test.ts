// The guest mini-assessment (spec public-and-guest §2 "Mini-assessment page", §4, §5, §8): language →
// registration → questions 1–3 → question 4 → results, progress kept over a reload, and a failed
// mintor call going to 'An error has occurred'. Uses the mini-only coach, whose link no other flow takes.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, openPortal, startChromiumForFile, VIEWPORT_NAMES } from '../support/browser.ts';

const MINI_COACH = '31410000-0000-4000-8000-000000000005';
const LINK = `/coachportal/mini/${MINI_COACH}`;

const browser = startChromiumForFile();

async function setFaults(switches: object | null): Promise<void> {
  const response = await fetch(new URL('/__sandbox/faults', inject('sandboxUrl')), {
    method: switches ? 'PUT' : 'DELETE',
    headers: switches ? { 'Content-Type': 'application/json' } : {},
    body: switches ? JSON.stringify(switches) : null,
  });
  expect(response.ok).toBe(true);
}

async function chooseEnglish(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Choose your language' }).waitFor();
  expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await page.getByText('English', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
}

async function register(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Name/ }).fill('Eszter');
  await page.getByRole('textbox', { name: /^Surname/ }).fill('Szabó');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function answer(page: Page, number: number, option: string): Promise<void> {
  await page.getByRole('heading', { name: `Question ${number} of 4` }).waitFor();
  expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
  await page.getByText(option, { exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe.each(VIEWPORT_NAMES)('mini-assessment at %s size', (viewport) => {
  it('moves the focus to each step’s heading without drawing a focus ring around it', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(LINK));
    const heading = page.getByRole('heading', { level: 1, name: 'Choose your language' });
    await heading.waitFor();
    const focusedOutline = () =>
      heading.evaluate((element) => ({ focused: document.activeElement === element, outline: getComputedStyle(element).outlineStyle }));
    expect(await focusedOutline()).toEqual({ focused: true, outline: 'none' });
    // Still none once the visitor has used the keyboard.
    await page.keyboard.press('Tab');
    await heading.focus();
    expect(await focusedOutline()).toEqual({ focused: true, outline: 'none' });
    await portal.close();
  });

  it('goes from the language to the results, checks the registration and keeps the progress over a reload', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(LINK));
    await page.getByRole('heading', { name: 'Choose your language' }).waitFor();
    await expectNoAxeViolations(page);
    await chooseEnglish(page);

    await page.getByRole('textbox', { name: /^Name/ }).fill('Eszter');
    await page.getByRole('textbox', { name: /^Surname/ }).fill('Szabó');
    await page.getByRole('textbox', { name: /^Email/ }).fill('eszter@example');
    await page.getByRole('textbox', { name: /^Surname/ }).focus();
    await page.getByText('Please provide a valid email address.').waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await register(page, `mini-${viewport}@example.test`);

    await answer(page, 1, 'What has to be done, and who should act now.');
    await answer(page, 2, 'Learning something new.');
    await page.getByRole('heading', { name: 'Question 3 of 4' }).waitFor();
    await page.getByText('I first think the options through.', { exact: true }).click();
    await expectNoAxeViolations(page);

    // spec §4: progress is saved per link and restored on reload (the chosen answer included).
    await page.reload();
    await page.getByRole('heading', { name: 'Question 3 of 4' }).waitFor();
    expect(await page.getByRole('radio', { name: 'I first think the options through.' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();

    await answer(page, 4, 'Curious and analytical.');
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toMatch(/\S/);
    await expectNoAxeViolations(page);
    await portal.close();
  });

  it('shows the error page when a mintor call fails and starts again at the language selection', async () => {
    const portal = await openPortal(browser(), viewport);
    const { page } = portal;
    await page.goto(portal.url(LINK));
    await chooseEnglish(page);
    await register(page, `mini-failure-${viewport}@example.test`);
    await answer(page, 1, 'How the people involved are feeling about it.');
    await answer(page, 2, 'Being able to help others.');
    await setFaults({ serverErrors: { completeMiniSection1: 503 } });
    try {
      await answer(page, 3, 'I ask what others think.');
      await page.getByRole('heading', { name: 'An error has occurred' }).waitFor();
      await page.getByRole('alert').waitFor();
      await expectNoAxeViolations(page);
    } finally {
      await setFaults(null);
    }

    // spec §4: a saved error page resets to language selection.
    await page.reload();
    await page.getByRole('heading', { name: 'Choose your language' }).waitFor();

    // Continue on the error page goes there too.
    await setFaults({ serverErrors: { startMiniAssessment: 503 } });
    try {
      await chooseEnglish(page);
      await register(page, `mini-failure-${viewport}@example.test`);
      await page.getByRole('heading', { name: 'An error has occurred' }).waitFor();
    } finally {
      await setFaults(null);
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Choose your language' }).waitFor();
    await portal.close();
  });
});
