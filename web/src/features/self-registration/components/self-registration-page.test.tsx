import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { STORAGE_KEYS } from '../../../lib/local-storage.ts';
import { describedBy } from '../../../test/described-by.ts';
import { render } from '../../../test/render.tsx';
import { SelfRegistrationPage } from './self-registration-page.tsx';

// openapi-fetch keeps the fetch it found when the client was made: spy before the client is imported.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const COACH = '1e7e1000-0000-4000-8000-000000000004';
const CHECKOUT = 'c4ec0000-0000-4000-8000-000000000001';
const LANGUAGES = ['english', 'zulu', 'afrikaans', 'xhosa'].map((value) => ({ value, label: value[0]?.toUpperCase() + value.slice(1) }));
const PAGE = {
  coachUuid: COACH,
  coachName: 'Lerato Mokoena',
  priceString: 'R550 + VAT',
  currency: 'ZAR',
  provider: 'card',
  assessmentType: 'ennea',
  assessmentTypeName: 'Enneagram',
  languages: LANGUAGES,
  defaultLanguage: 'english',
};
const CARD_CHECKOUT = {
  provider: 'card',
  checkoutId: CHECKOUT,
  form: {
    action: 'https://cards.example/eng/process',
    method: 'POST',
    fields: { cmd: '_paynow', receiver: '10004002', custom_str1: CHECKOUT, amount: '632.50', name_first: 'Thandiwe' },
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });
const problem = (code: string, detail: string) => json(400, { type: `/problems/${code}`, title: 'Failed', status: 400, code, detail });

type Answer = (request: Request) => Response | Promise<Response>;

/** The BFF at fetch level: GET the page, POST the checkout (each answer replaceable). */
function fakeBff(checkout: Answer = () => json(201, CARD_CHECKOUT)) {
  const requests: Request[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    requests.push(request);
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === `/api/public/self-registration/${COACH}`) return json(200, PAGE);
    if (request.method === 'POST' && pathname === `/api/public/self-registration/${COACH}/checkouts`) return checkout(request);
    return json(404, { code: 'not_found', detail: 'no such route in the test' });
  });
  return { requests, fetchSpy: fetchMock };
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path: `/register/${path}` });
  return render(
    <Router hook={hook}>
      <SelfRegistrationPage path={path} />
    </Router>,
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, values: { name?: string; surname?: string; email?: string }) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.surname) await user.type(screen.getByLabelText('Surname'), values.surname);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
}

afterEach(() => {
  fetchMock.mockReset();
  submitSpy?.mockRestore();
});

let submitSpy: ReturnType<typeof vi.spyOn> | undefined;

describe('Assessment Registration', () => {
  it('refuses a link whose last segment is not 36 characters, without asking the server', () => {
    const { fetchSpy } = fakeBff();
    renderAt(COACH.slice(0, 35));
    expect(screen.getByRole('heading', { name: 'Assessment Registration' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid link. Please use the link exactly as provided to you by your coach');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.title).toBe('Assessment Registration | Coach Portal');
  });

  it('shows the coach, the price, the fixed assessment, the terms link and the languages sorted by name', async () => {
    fakeBff();
    renderAt(COACH);
    await screen.findByText('Lerato Mokoena');
    const coach = screen.getByRole('region', { name: 'Your coach: Lerato Mokoena' });
    expect(coach.textContent).toBe('LMYour coachLerato MokoenaYour results go to your coach, Lerato Mokoena.');
    expect(screen.getByText('R550 + VAT')).toBeTruthy();
    const assessment = screen.getByLabelText('Assessment') as HTMLInputElement;
    expect(assessment.value).toBe('Enneagram');
    expect(assessment.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: /general terms/ }).getAttribute('target')).toBe('_blank');

    const select = screen.getByLabelText('Language') as HTMLSelectElement;
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Afrikaans', 'English', 'Xhosa', 'Zulu']);
    expect(select.value).toBe('english');
  });

  it('asks for all details, then for a valid e-mail, before calling the server', async () => {
    const { requests } = fakeBff();
    const user = userEvent.setup();
    renderAt(COACH);
    await screen.findByText('Lerato Mokoena');

    await fillForm(user, { name: 'Thandiwe', email: 'thandiwe@example' });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    // The spec's text at the field it is about, which takes the focus.
    const surname = screen.getByLabelText('Surname');
    await waitFor(() => expect(document.activeElement).toBe(surname));
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(surname)).toBe('Please provide all details.');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();

    await fillForm(user, { surname: 'Nkosi' });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toBe('Please provide a valid email address.');
    expect(surname.getAttribute('aria-invalid')).toBeNull();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('keeps the form in local storage and restores it', async () => {
    fakeBff();
    const user = userEvent.setup();
    const first = renderAt(COACH);
    await screen.findByText('Lerato Mokoena');
    await fillForm(user, { name: 'Thandiwe', surname: 'Nkosi', email: 't@example.co.za' });
    await user.selectOptions(screen.getByLabelText('Language'), 'Zulu');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.selfRegistration) ?? '{}')).toEqual({
      name: 'Thandiwe',
      surname: 'Nkosi',
      email: 't@example.co.za',
      language: 'zulu',
    });
    first.unmount();

    renderAt(COACH);
    await screen.findByText('Lerato Mokoena');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Thandiwe');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('t@example.co.za');
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('zulu');
  });

  it("says 'Please wait...' while the checkout is created, then posts the card provider's form", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { requests } = fakeBff(() => new Promise<Response>((resolve) => (answer = resolve)));
    // happy-dom cannot navigate to another site; the browser tests follow the real submission.
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    submitSpy = submit;
    const user = userEvent.setup();
    renderAt(COACH);
    await screen.findByText('Lerato Mokoena');
    await fillForm(user, { name: 'Thandiwe', surname: 'Nkosi', email: 'thandiwe@example.co.za' });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.headers.get('X-CSRF')).toBe('1');
    expect(await post?.json()).toEqual({
      name: 'Thandiwe',
      surname: 'Nkosi',
      email: 'thandiwe@example.co.za',
      assessmentLanguage: 'english',
    });

    answer(json(201, CARD_CHECKOUT));
    const continueButton = await screen.findByRole('button', { name: 'Continue to payment' });
    const form = continueButton.closest('form');
    expect(form?.getAttribute('action')).toBe('https://cards.example/eng/process');
    expect(form?.getAttribute('method')).toBe('post');
    const hidden = Object.fromEntries(
      [...(form?.querySelectorAll('input[type=hidden]') ?? [])].map((input) => [input.getAttribute('name'), input.getAttribute('value')]),
    );
    expect(hidden).toEqual(CARD_CHECKOUT.form.fields);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeTruthy();
  });

  it("shows the server's problem and lets the visitor try again", async () => {
    fakeBff(() => problem('checkout_failed', 'Self-registration is not enabled for this coach.'));
    const user = userEvent.setup();
    renderAt(COACH);
    await screen.findByText('Lerato Mokoena');
    await fillForm(user, { name: 'Thandiwe', surname: 'Nkosi', email: 'thandiwe@example.co.za' });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Self-registration is not enabled for this coach.');
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeTruthy();
  });

  it('says the BFF’s refusal of an emoji at the field it names, focused', async () => {
    const refusal = 'Please remove the emoji from the surname.';
    fakeBff(() =>
      json(400, {
        type: '/problems/validation_failed',
        title: 'Failed',
        status: 400,
        code: 'validation_failed',
        detail: refusal,
        errors: [{ field: 'surname', message: refusal }],
      }),
    );
    const user = userEvent.setup();
    renderAt(COACH);
    await screen.findByText('Lerato Mokoena');
    await fillForm(user, { name: 'Thandiwe', surname: 'Nkosi 🌍', email: 'thandiwe@example.co.za' });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const surname = screen.getByLabelText('Surname');
    await waitFor(() => expect(describedBy(surname)).toBe(refusal));
    expect(document.activeElement).toBe(surname);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a Retry when the registration cannot be read, and shows the form when it answers', async () => {
    fakeBff();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderAt(COACH);
    expect((await screen.findByRole('alert')).textContent).toContain('The portal could not be reached.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Lerato Mokoena');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message when it refuses the link", async () => {
    fetchMock.mockResolvedValue(problem('invalid_link', 'Invalid link. Please use the link exactly as provided to you by your coach'));
    renderAt(COACH);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid link. Please use the link exactly as provided to you by your coach',
    );
    // Asking again would get the same answer: no Retry.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
