import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/local-storage.ts';
import { describedBy } from '../../../test/described-by.ts';
import { render } from '../../../test/render.tsx';
import type { MiniQuestion, MiniTranslations } from '../api/mini-api.ts';
import { MiniAssessmentPage } from './mini-assessment-page.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const COACH = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const UNIQUE_ID = '3141f000-0000-4000-8000-000000000004';

const english = {
  chooseLanguage: 'Choose your language',
  continueButton: 'Continue',
  registrationTitle: 'Your details',
  name: 'Name',
  surname: 'Surname',
  email: 'Email',
  submitButton: 'Submit',
  questionOf: 'Question {n} of 4',
  resultTitle: 'Your result',
  errorTitle: 'An error has occurred',
};
// Slovak lacks `resultTitle`: the page shows ?resultTitle?.
const { resultTitle: _missing, ...slovak } = english;
const TRANSLATIONS: MiniTranslations = {
  languages: ['english', 'slovak', 'hungarian'],
  translations: { english, slovak, hungarian: english },
};

const question = (id: MiniQuestion['id'], text: string): MiniQuestion => ({
  id,
  text,
  options: [
    { key: 'A', text: `${text} A` },
    { key: 'B', text: `${text} B` },
    { key: 'C', text: `${text} C` },
  ],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });
const problem = (detail: string, status = 400) =>
  json(
    { type: '/problems/mini_assessment_failed', title: 'An error has occurred', status, code: 'mini_assessment_failed', detail },
    status,
  );

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

/** Answers by path; records each call. */
function serve(routes: Record<string, () => Response>): Call[] {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined, headers: request.headers });
    const answer = routes[`${request.method} ${path}`];
    if (!answer) throw new Error(`unexpected call ${request.method} ${path}`);
    return answer();
  });
  return calls;
}

const happyRoutes = () => ({
  'GET /api/public/mini/translations': () => json(TRANSLATIONS),
  [`POST /api/public/mini/${COACH}/assessments`]: () =>
    json(
      {
        uniqueId: UNIQUE_ID,
        coach: { displayName: 'Amara Nkosi' },
        questions: [question('q1', 'First'), question('q2', 'Second'), question('q3', 'Third')],
      },
      201,
    ),
  [`POST /api/public/mini/assessments/${UNIQUE_ID}/section-1`]: () => json({ questions: [question('q4', 'Fourth')] }),
  [`POST /api/public/mini/assessments/${UNIQUE_ID}/section-2`]: () =>
    json({ enneaTitle: 'Style 5: The Investigator', resultText: '<p>You value knowledge.</p>', style: 5 }),
});

async function register(user: ReturnType<typeof userEvent.setup>, language = 'English') {
  await user.click(await screen.findByRole('radio', { name: language }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Eszter');
  await user.type(screen.getByRole('textbox', { name: /^Surname/ }), 'Szabó');
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'eszter@example.hu');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

async function answer(user: ReturnType<typeof userEvent.setup>, heading: string, option: string) {
  await screen.findByRole('heading', { name: heading });
  const submit = screen.getByRole('button', { name: 'Submit' });
  expect(submit.hasAttribute('disabled')).toBe(true);
  await user.click(screen.getByRole('radio', { name: option }));
  await user.click(submit);
}

beforeEach(() => {
  fetchMock.mockReset();
});

describe('mini-assessment page', () => {
  it('goes from the language selection through registration and four questions to the results', async () => {
    const user = userEvent.setup();
    const calls = serve(happyRoutes());
    render(<MiniAssessmentPage coachUuid={COACH} />);
    expect(screen.getByRole('status').textContent).toBe('...');
    await screen.findByRole('heading', { name: 'Choose your language' });
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    // What it is and how long it takes, and where the guest is among the seven steps; no coach is known yet.
    expect(screen.getByRole('complementary', { name: 'A short Enneagram questionnaire' }).textContent).toContain('about two minutes');
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe('Step 1 of 7');
    expect(screen.queryByRole('region', { name: /^Your coach/ })).toBeNull();

    await register(user);
    // startAssessment names the coach: the card says whose mini-assessment it is from the first question on.
    await screen.findByRole('heading', { name: 'Question 1 of 4' });
    expect(screen.getByRole('region', { name: 'Your coach: Amara Nkosi' }).textContent).toContain('AN');
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('3');
    expect(screen.queryByRole('complementary')).toBeNull();
    await answer(user, 'Question 1 of 4', 'First C');
    await answer(user, 'Question 2 of 4', 'Second B');
    await answer(user, 'Question 3 of 4', 'Third A');
    await answer(user, 'Question 4 of 4', 'Fourth B');
    await screen.findByRole('heading', { name: 'Your result' });
    expect(screen.getByRole('heading', { name: 'Style 5: The Investigator' })).toBeTruthy();
    expect(screen.getByText('You value knowledge.')).toBeTruthy();
    // The result card: the nine-point figure named by the result's title, style 5 marked, and the coach to talk to.
    const figure = screen.getByRole('img', { name: 'Style 5: The Investigator' });
    expect(figure.querySelector('.enneagram-figure__point--marked')?.textContent).toBe('5');
    expect(screen.getByRole('article', { name: 'Style 5: The Investigator' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your coach: Amara Nkosi' }).textContent).toContain(
      'Talk your result through with Amara Nkosi.',
    );
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe('Step 7 of 7');

    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/api/public/mini/translations', undefined],
      [
        'POST',
        `/api/public/mini/${COACH}/assessments`,
        { language: 'english', name: 'Eszter', surname: 'Szabó', email: 'eszter@example.hu' },
      ],
      ['POST', `/api/public/mini/assessments/${UNIQUE_ID}/section-1`, { answers: { q1: 'C', q2: 'B', q3: 'A' } }],
      ['POST', `/api/public/mini/assessments/${UNIQUE_ID}/section-2`, { answers: { q4: 'B' } }],
    ]);
    // spec public-and-guest §6: the access header is the BFF's; the browser sends only the CSRF header.
    expect(calls.every(({ headers }) => !headers.has('X-Mini-Access'))).toBe(true);
    expect(calls.slice(1).every(({ headers }) => headers.get('X-CSRF') === '1')).toBe(true);
  });

  it('says at the fields what Submit misses, an invalid e-mail included, focused, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = serve(happyRoutes());
    render(<MiniAssessmentPage coachUuid={COACH} />);
    await user.click(await screen.findByRole('radio', { name: 'English' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const submit = await screen.findByRole('button', { name: 'Submit' });
    await user.click(submit);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(describedBy(name)).toBe('Please provide all details.');
    await user.type(name, 'Eszter');
    await user.type(screen.getByRole('textbox', { name: /^Surname/ }), 'Szabó');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'eszter@example');
    await user.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toBe('Please provide a valid email address.');
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
    await user.type(email, '.hu');
    expect(screen.queryByText('Please provide a valid email address.')).toBeNull();
  });

  it('says a link whose coach segment is not a uuid is invalid, before any step, with nothing to start again', async () => {
    const calls = serve(happyRoutes());
    render(<MiniAssessmentPage coachUuid="not-a-coach" />);
    await screen.findByRole('heading', { name: 'An error has occurred' });
    expect(screen.getByRole('alert').textContent).toBe('Invalid link. Please use the link exactly as provided to you by your coach');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('restores the progress of the link after a reload', async () => {
    const user = userEvent.setup();
    serve(happyRoutes());
    const first = render(<MiniAssessmentPage coachUuid={COACH} />);
    await register(user);
    await answer(user, 'Question 1 of 4', 'First A');
    await screen.findByRole('heading', { name: 'Question 2 of 4' });
    await user.click(screen.getByRole('radio', { name: 'Second C' }));
    first.unmount();

    render(<MiniAssessmentPage coachUuid={COACH} />);
    await screen.findByRole('heading', { name: 'Question 2 of 4' });
    expect((screen.getByRole('radio', { name: 'Second C' }) as HTMLInputElement).checked).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.miniProgress(COACH))).toContain(UNIQUE_ID);
  });

  it('shows the error page on a failed call, starts again from a saved error page, and Continue goes back to the language', async () => {
    const user = userEvent.setup();
    serve({ ...happyRoutes(), [`POST /api/public/mini/${COACH}/assessments`]: () => problem('This mini-assessment link is not valid.') });
    const first = render(<MiniAssessmentPage coachUuid={COACH} />);
    await register(user);
    await screen.findByRole('heading', { name: 'An error has occurred' });
    expect(screen.getByRole('alert').textContent).toBe('This mini-assessment link is not valid.');
    first.unmount();

    const second = render(<MiniAssessmentPage coachUuid={COACH} />);
    await screen.findByRole('heading', { name: 'Choose your language' });
    await register(user);
    await screen.findByRole('heading', { name: 'An error has occurred' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your language' });
    second.unmount();
  });

  it('shows the error page when the texts cannot be loaded, and tries again on Continue', async () => {
    const user = userEvent.setup();
    let translations = () => problem('The legacy service did not answer.', 502);
    serve({ ...happyRoutes(), 'GET /api/public/mini/translations': () => translations() });
    render(<MiniAssessmentPage coachUuid={COACH} />);
    await screen.findByRole('heading', { name: 'An error has occurred' });
    translations = () => json(TRANSLATIONS);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your language' });
  });

  it('shows a missing text as its key between question marks', async () => {
    const user = userEvent.setup();
    serve(happyRoutes());
    render(<MiniAssessmentPage coachUuid={COACH} />);
    await register(user, 'Slovak');
    await answer(user, 'Question 1 of 4', 'First A');
    await answer(user, 'Question 2 of 4', 'Second A');
    await answer(user, 'Question 3 of 4', 'Third A');
    await answer(user, 'Question 4 of 4', 'Fourth A');
    await screen.findByRole('heading', { name: '?resultTitle?' });
    expect(screen.getByRole('main').getAttribute('lang')).toBe('sk');
  });
});
