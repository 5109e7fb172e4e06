import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { STORAGE_KEYS } from '../../../lib/local-storage.ts';
import { render } from '../../../test/render.tsx';
import { PaymentStatusPage } from './payment-status-page.tsx';

// openapi-fetch keeps the fetch it found when the client was made: spy before the client is imported.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const CHECKOUT = 'c4ec0000-0000-4000-8000-000000000001';
const COACH = '1e7e1000-0000-4000-8000-000000000004';
const BASE = {
  checkoutId: CHECKOUT,
  paymentNotes: null,
  referenceNumber: null,
  name: 'Thandiwe',
  surname: 'Nkosi',
  email: 'thandiwe@example.co.za',
  priceString: 'R550 + VAT',
  assessmentType: 'ennea',
  assessmentLanguage: 'zulu',
  coachUuid: COACH,
};
const PENDING = { ...BASE, status: 'pending', message: 'Please wait, still checking.', retryAfterSeconds: 30 };
const SUCCESS = {
  ...BASE,
  status: 'success',
  message: null,
  retryAfterSeconds: null,
  paymentNotes: 'Payment received - your assessment invitation has been e-mailed to you.',
  referenceNumber: 'PF-1187453',
};
const CANCELLED = {
  ...BASE,
  status: 'fail',
  message: 'Transaction cancelled.',
  retryAfterSeconds: null,
  paymentNotes: 'Transaction cancelled.',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

/** Answers the status calls in turn (the last one repeats); records the URLs asked. */
function answerStatus(...answers: Response[]): string[] {
  const urls: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    urls.push(request.url);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error('no answer left');
    return answer.clone();
  });
  return urls;
}

function renderAt(path: string) {
  const { hook, searchHook } = memoryLocation({ path });
  return render(
    <Router hook={hook} searchHook={searchHook}>
      <PaymentStatusPage />
    </Router>,
  );
}

const remembered = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.checkoutState(CHECKOUT)) ?? 'null');

afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
});

describe('Payment Status', () => {
  it('shows a successful payment with its details and the restart link, and remembers it', async () => {
    const urls = answerStatus(json(200, SUCCESS));
    renderAt(`/paymentstatus?checkoutId=${CHECKOUT}`);
    expect((await screen.findByText('Payment successful. Thank you, Thandiwe.')).closest('[role=status]')).toBeTruthy();
    expect(screen.getByText('Payment received - your assessment invitation has been e-mailed to you.')).toBeTruthy();
    expect(screen.getByText('PF-1187453')).toBeTruthy();
    expect(screen.getByText('Zulu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Restart registration' }).getAttribute('href')).toBe(`/register/${COACH}`);
    expect(new URL(urls[0] ?? '').pathname).toBe(`/api/public/checkouts/${CHECKOUT}`);
    expect(remembered()).toEqual({ state: 'success', message: null, coachUuid: COACH });
    expect(document.title).toBe('Payment Status | Coach Portal');
  });

  it('checks a pending payment again every 30 seconds until it is settled', async () => {
    // Time still flows (happy-dom's fetch uses timers); the test moves it on by 30 s at once (the re-check is an interval).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const urls = answerStatus(json(200, PENDING), json(200, PENDING), json(200, SUCCESS));
    renderAt(`/paymentstatus?checkoutId=${CHECKOUT}`);
    expect((await screen.findByText('Please wait, still checking.')).closest('[role=status]')).toBeTruthy();
    expect(remembered()).toEqual({ state: 'pending', message: null, coachUuid: COACH });

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(urls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(urls).toHaveLength(2);
    expect(screen.getByText('Please wait, still checking.')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Payment successful. Thank you, Thandiwe.')).toBeTruthy();
    expect(urls).toHaveLength(3);
    expect(remembered()).toEqual({ state: 'success', message: null, coachUuid: COACH });
  });

  it('passes a cancelled return on, shows the message and keeps it as the failure message', async () => {
    const urls = answerStatus(json(200, CANCELLED));
    renderAt(`/paymentstatus?checkoutId=${CHECKOUT}&cancelled=true`);
    expect((await screen.findByRole('alert')).textContent).toBe('Transaction cancelled.');
    expect(new URL(urls[0] ?? '').searchParams.get('cancelled')).toBe('true');
    expect(remembered()).toEqual({ state: 'fail', message: 'Transaction cancelled.', coachUuid: COACH });
    expect(screen.getByRole('link', { name: 'Restart registration' })).toBeTruthy();
  });

  it("shows the server's error, and the restart link from what the browser remembered", async () => {
    localStorage.setItem(STORAGE_KEYS.checkoutState(CHECKOUT), JSON.stringify({ state: 'pending', message: null, coachUuid: COACH }));
    answerStatus(
      json(400, {
        type: '/problems/payment_check_failed',
        title: 'Failed',
        status: 400,
        code: 'payment_check_failed',
        detail: 'Checkout not found.',
      }),
    );
    renderAt(`/paymentstatus?checkoutId=${CHECKOUT}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Checkout not found.');
    expect(screen.getByRole('link', { name: 'Restart registration' }).getAttribute('href')).toBe(`/register/${COACH}`);
    expect(remembered()).toEqual({ state: 'fail', message: 'Checkout not found.', coachUuid: COACH });
    // The server does not know the payment: asking again would get the same answer.
    expect(screen.queryByRole('button', { name: /Check again/ })).toBeNull();
  });

  it("counts down the rate limit's wait before 'Check again'", async () => {
    answerStatus(
      json(429, {
        type: '/problems/rate_limited',
        title: 'Too many requests',
        status: 429,
        code: 'rate_limited',
        detail: 'Too many attempts. Please wait a minute and try again.',
        retryAfterSeconds: 42,
      }),
    );
    renderAt(`/paymentstatus?checkoutId=${CHECKOUT}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a minute and try again.');
    expect(screen.getByRole('button', { name: 'Check again in 42 s' }).hasAttribute('disabled')).toBe(true);
  });

  it("offers 'Check again' before the restart when the status cannot be read, and shows the status it then answers", async () => {
    localStorage.setItem(STORAGE_KEYS.checkoutState(CHECKOUT), JSON.stringify({ state: 'pending', message: null, coachUuid: COACH }));
    const urls = answerStatus(Response.error(), json(200, SUCCESS));
    renderAt(`/paymentstatus?checkoutId=${CHECKOUT}`);
    expect((await screen.findByRole('alert')).textContent).toContain('The portal could not be reached.');
    const checkAgain = screen.getByRole('button', { name: 'Check again' });
    const restart = screen.getByRole('link', { name: 'Restart registration' });
    // A visitor who may have paid is offered the harmless choice first.
    expect(checkAgain.compareDocumentPosition(restart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(checkAgain);
    expect(await screen.findByText('Payment successful. Thank you, Thandiwe.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(urls).toHaveLength(2);
  });

  it.each(['', '?checkoutId=not-a-payment', `?checkoutId=${CHECKOUT.slice(1)}`])(
    'says so when the address names no checkout (%s), without asking the server or offering to check again',
    (query) => {
      renderAt(`/paymentstatus${query}`);
      expect(screen.getByRole('alert').textContent).toContain('This address names no payment.');
      expect(screen.queryByRole('button')).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
