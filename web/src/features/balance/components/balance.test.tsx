import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toast.tsx';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { Balance } from './balance.tsx';
import { BALANCE_TEXT } from './balance-text.ts';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const OVERVIEW = {
  balance: -12,
  pendingCredits: 0,
  hasPendingOrder: false,
  facilitatedAssessments: 118,
  creditPrices: [
    { region: 'international', currency: 'USD', amount: 50, plusVat: false },
    { region: 'sadc', currency: 'ZAR', amount: 500, plusVat: true },
  ],
  selfRegisteredEnneagramPrices: [{ region: 'international', currency: 'USD', amount: 55, plusVat: false }],
  assessmentCosts: [{ assessmentType: 'full', credits: 3 }],
  teamReportCosts: [{ reportType: 'Full', credits: 4 }],
  pairReportCosts: [{ pairType: 'Romance', credits: 2 }],
  discountTiers: [
    { minCredits: 1, maxCredits: 49, discountPercent: 0 },
    { minCredits: 50, maxCredits: 99, discountPercent: 5 },
    { minCredits: 200, maxCredits: null, discountPercent: 15 },
  ],
  minimumOrder: 10,
  maximumOrder: 100_000,
  historyStartsOn: '2023-04-19',
};
const PAGE = (items: object[]) => ({ items, total: items.length, filteredTotal: items.length, page: 1, pageSize: 50 });

function renderBalance() {
  render(
    <>
      <Balance />
      <Toaster />
    </>,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/balance'));
afterEach(() => fetchMock.mockReset());

describe('Balance screen (spec coach-shell §2.9, §4, §9)', () => {
  it('reads a negative balance as a deficit, lists the prices, and says when there is no history', async () => {
    serve(fetchMock, { 'GET /api/credits': [json(OVERVIEW)], 'GET /api/credits/transactions': [json(PAGE([]))] });
    renderBalance();
    // Loading: the three figures' cards in skeleton, busy, read as 'Loading...', no spinner.
    const figures = screen.getAllByText('Loading...').map((text) => text.closest('[aria-busy="true"]'));
    expect(figures[0]?.querySelectorAll('.balance__figure')).toHaveLength(3);
    expect(document.querySelector('.loading')).toBeNull();
    expect(await screen.findByText('A deficit of 12 credits, which will be invoiced.')).toBeTruthy();
    expect(screen.getByText('R500 + VAT')).toBeTruthy();
    expect(screen.getByText('200+ credits')).toBeTruthy();
    expect(screen.getByText('15% off')).toBeTruthy();
    expect(await screen.findByText(BALANCE_TEXT.noHistory)).toBeTruthy();
    expect(screen.getByRole('link', { name: "profile's web resources" }).getAttribute('href')).toContain('/profile#webResourcesSection');
  });

  it('lists the history with signed credits', async () => {
    serve(fetchMock, {
      'GET /api/credits': [json({ ...OVERVIEW, balance: 5 })],
      'GET /api/credits/transactions': [
        json(PAGE([{ datetime: '2025-10-20T08:30:05Z', description: 'Bulk credit order', credits: 50, balance: 43 }])),
      ],
    });
    renderBalance();
    expect(await screen.findByText('5 credits available.')).toBeTruthy();
    const row = (await screen.findByText('Bulk credit order')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('+50')).toBeTruthy();
    expect(within(row).getByText('2025-10-20 08:30')).toBeTruthy();
  });

  it('says a failed load once, with a Retry that loads the balance and then the history', async () => {
    const UNREACHABLE = 'The service could not be reached. Please try again.';
    serve(fetchMock, {
      'GET /api/credits': [problem(502, 'upstream_error', UNREACHABLE), json(OVERVIEW)],
      'GET /api/credits/transactions': [
        problem(502, 'upstream_error', UNREACHABLE),
        json(PAGE([{ datetime: '2025-10-20T08:30:05Z', description: 'Bulk credit order', credits: 50, balance: 43 }])),
      ],
    });
    renderBalance();
    // The balance's failure replaces the history (and its own failure) with one alert and one Retry.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Transaction history' })).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bulk credit order')).toBeTruthy();
    expect(screen.queryByText(UNREACHABLE)).toBeNull();
  });

  it('shows no second alert while the balance has failed', async () => {
    const UNREACHABLE = 'The service could not be reached. Please try again.';
    serve(fetchMock, {
      'GET /api/credits': [problem(502, 'upstream_error', UNREACHABLE)],
      'GET /api/credits/transactions': [problem(502, 'upstream_error', UNREACHABLE)],
    });
    renderBalance();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Transaction history' })).toBeNull());
    expect(screen.getAllByText(UNREACHABLE)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
  });

  it('orders only from the minimum, shows the discount earned, and toasts the pending order', async () => {
    const calls = serve(fetchMock, {
      'GET /api/credits': [json(OVERVIEW), json({ ...OVERVIEW, pendingCredits: 60, hasPendingOrder: true })],
      'GET /api/credits/transactions': [json(PAGE([]))],
      'POST /api/credits/orders': [json({ pendingCredits: 60 }, 201)],
    });
    const user = userEvent.setup();
    renderBalance();
    await user.click(await screen.findByRole('button', { name: 'Purchase credits' }));
    const dialog = await screen.findByRole('dialog', { name: BALANCE_TEXT.purchaseTitle });
    const order = within(dialog).getByRole('button', { name: 'Order' });
    await user.type(within(dialog).getByLabelText('Number of credits'), '9');
    expect(order.hasAttribute('disabled')).toBe(true);
    await user.clear(within(dialog).getByLabelText('Number of credits'));
    await user.type(within(dialog).getByLabelText('Number of credits'), '60');
    expect(within(dialog).getByText('60 credits: a 5% bulk discount applies.')).toBeTruthy();
    await user.click(order);
    expect(await screen.findByText(BALANCE_TEXT.ordered(60))).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ credits: 60 });
    expect(await screen.findByText('60 credits awaiting the invoice.')).toBeTruthy();
  });

  it('refuses an order above the largest the BFF takes with its own sentence, not the minimum’s', async () => {
    const calls = serve(fetchMock, {
      'GET /api/credits': [json(OVERVIEW)],
      'GET /api/credits/transactions': [json(PAGE([]))],
    });
    const user = userEvent.setup();
    renderBalance();
    await user.click(await screen.findByRole('button', { name: 'Purchase credits' }));
    const dialog = await screen.findByRole('dialog', { name: BALANCE_TEXT.purchaseTitle });
    const amount = within(dialog).getByLabelText('Number of credits');
    const order = within(dialog).getByRole('button', { name: 'Order' });
    await user.type(amount, '1234567');
    expect(order.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByText('A bulk order can be at most 100 000 credits.')).toBeTruthy();
    expect(within(dialog).queryByText('Please enter a whole number of at least 10.')).toBeNull();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await user.clear(amount);
    await user.type(amount, '100000');
    expect(order.hasAttribute('disabled')).toBe(false);
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    await user.type(amount, '1');
    expect(within(dialog).getByText('A bulk order can be at most 100 000 credits.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '9');
    expect(within(dialog).getByText('Please enter a whole number of at least 10.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("toasts 'Failed' when the order fails", async () => {
    serve(fetchMock, {
      'GET /api/credits': [json(OVERVIEW), json(OVERVIEW)],
      'GET /api/credits/transactions': [json(PAGE([]))],
      'POST /api/credits/orders': [problem(502, 'credit_order_failed', 'Failed')],
    });
    const user = userEvent.setup();
    renderBalance();
    await user.click(await screen.findByRole('button', { name: 'Purchase credits' }));
    await user.type(await screen.findByLabelText('Number of credits'), '10');
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Failed')).toBeTruthy();
  });

  it('cancels the pending order only after the confirmation', async () => {
    const calls = serve(fetchMock, {
      'GET /api/credits': [json({ ...OVERVIEW, pendingCredits: 30, hasPendingOrder: true }), json(OVERVIEW)],
      'GET /api/credits/transactions': [json(PAGE([]))],
      'DELETE /api/credits/orders/pending': [new Response(null, { status: 204 })],
    });
    const user = userEvent.setup();
    renderBalance();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(dialog.textContent).toContain(BALANCE_TEXT.confirmCancel(30));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Warning' })).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(BALANCE_TEXT.cancelled)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Purchase credits' })).toBeTruthy());
  });
});
