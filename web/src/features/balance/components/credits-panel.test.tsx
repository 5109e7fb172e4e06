import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import type { CreditsInsight } from '../api/get-credits-insight.ts';
import CreditsPanel from './credits-panel.tsx';

const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const MONTHS = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];
const none = { monthlyRate: null, reachesZeroOn: null, usedSinceInvoice: null, lastInvoiceAt: null };
const INSIGHT: CreditsInsight = {
  balance: 42,
  months: MONTHS.map((month, index) => ({ month, used: index === 11 ? 7 : index })),
  forecast: { ...none, kind: 'reachesZero', monthlyRate: 10, reachesZeroOn: '2027-03-14' },
};

afterEach(() => fetchMock.mockReset());

describe('CreditsPanel (spec coach-shell §2.9)', () => {
  it('draws the credits used in each of 12 months and says when the balance reaches 0', async () => {
    serve(fetchMock, { 'GET /api/insights/credits': [json(INSIGHT)] });
    render(<CreditsPanel />);
    expect(await screen.findByRole('img', { name: 'November 2026: 7 credits' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'January 2026: 1 credit' })).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(12);
    expect(
      screen.getByText("At the last 90 days' rate (about 10 credits a month) your balance reaches 0 around 14 March 2027."),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const row = within(screen.getByRole('table', { name: 'Credits used per month, last 12 months' })).getByRole('row', {
      name: /March 2026/,
    });
    expect(within(row).getByRole('cell').textContent).toBe('3');
  });

  it('tells a deficit by the credits used since the last invoice', async () => {
    serve(fetchMock, {
      'GET /api/insights/credits': [
        json({
          ...INSIGHT,
          balance: -12,
          forecast: { ...none, kind: 'deficit', usedSinceInvoice: 12, lastInvoiceAt: '2026-11-01T08:00:00Z' },
        }),
      ],
    });
    render(<CreditsPanel />);
    expect(
      await screen.findByText(
        'Your balance is a deficit of 12 credits: 12 credits used since the last invoice on 1 November 2026, to be invoiced.',
      ),
    ).toBeTruthy();
  });

  it('says when nothing was used, and offers Retry after a failure', async () => {
    serve(fetchMock, {
      'GET /api/insights/credits': [
        problem(504, 'upstream_timeout', 'The service did not answer in time.'),
        json({ ...INSIGHT, months: MONTHS.map((month) => ({ month, used: 0 })), forecast: { ...none, kind: 'noRecentUse' } }),
      ],
    });
    render(<CreditsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No credits were used in the last 12 months.')).toBeTruthy();
    expect(screen.getByText('No credits were used in the last 90 days, so your balance holds.')).toBeTruthy();
  });
});
