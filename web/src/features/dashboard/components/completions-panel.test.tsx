import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';
import CompletionsPanel from './completions-panel.tsx';

const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const week = (start: string, ennea: number, EIT: number, full: number) => ({
  start,
  end: start,
  total: ennea + EIT + full,
  counts: { ennea, EIT, full, mini: 0 },
});
const starts = ['2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26'];
const TWELVE = {
  weeks: 12,
  types: ['ennea', 'EIT', 'full'],
  series: [
    ...starts.map((start) => week(start, 0, 0, 0)),
    week('2026-11-02', 1, 0, 0),
    week('2026-11-09', 0, 0, 0),
    week('2026-11-16', 2, 1, 0),
    week('2026-11-23', 1, 0, 2),
  ],
};

afterEach(() => {
  fetchMock.mockReset();
  setViewportWidth(1280);
});

describe('CompletionsPanel (spec coach-shell §2.3)', () => {
  it('draws a bar a week, each named with its numbers, the keyboard moving between them', async () => {
    serve(fetchMock, { 'GET /api/insights/completions': [json(TWELVE)] });
    render(<CompletionsPanel />);
    const last = await screen.findByRole('img', { name: 'Week of 23 November 2026: 3 completed (Enneagram 1, Combined 2)' });
    expect(screen.getAllByRole('img')).toHaveLength(12);
    // One Tab stop: the current week.
    expect(last.getAttribute('tabindex')).toBe('0');
    await userEvent.tab();
    await userEvent.tab(); // the span picker first, then the table toggle, then the chart
    await userEvent.tab();
    expect(document.activeElement).toBe(last);
    expect(screen.getByText('Week of 23 November 2026', { selector: 'strong' })).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Week of 16 November 2026: 3 completed (Enneagram 2, Maturity 1)');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Week of 7 September 2026: 0 completed');
  });

  it('shows the same numbers as a table, and asks for another span', async () => {
    const calls = serve(fetchMock, {
      'GET /api/insights/completions': [
        json(TWELVE),
        json({ ...TWELVE, weeks: 26, series: [...TWELVE.series, ...TWELVE.series.slice(0, 14)] }),
      ],
    });
    render(<CompletionsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Completions per week, last 12 weeks' });
    const row = within(table).getByRole('row', { name: /Week of 16 November 2026/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1', '0', '3']);
    await userEvent.selectOptions(screen.getByLabelText('Weeks shown'), 'Last 26 weeks');
    expect(await screen.findByRole('table', { name: 'Completions per week, last 26 weeks' })).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/insights/completions', '/api/insights/completions']);
  });

  it('says so when nothing was completed, and offers Retry after a failure', async () => {
    serve(fetchMock, {
      'GET /api/insights/completions': [
        problem(502, 'upstream_error', 'The service could not be reached.'),
        json({ ...TWELVE, series: TWELVE.series.map((entry) => week(entry.start, 0, 0, 0)) }),
      ],
    });
    render(<CompletionsPanel />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No assessments were completed in these weeks.')).toBeTruthy();
  });

  it('lists the weeks with completions on a phone for a long span', async () => {
    setViewportWidth(375);
    serve(fetchMock, { 'GET /api/insights/completions': [json(TWELVE), json({ ...TWELVE, weeks: 52 })] });
    render(<CompletionsPanel />);
    await screen.findAllByRole('img');
    await userEvent.selectOptions(screen.getByLabelText('Weeks shown'), 'Last 52 weeks');
    const list = await screen.findByRole('list', { name: 'Completions per week, last 52 weeks' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Week of 23 November 2026: 3 completed (Enneagram 1, Combined 2)',
      'Week of 16 November 2026: 3 completed (Enneagram 2, Maturity 1)',
      'Week of 2 November 2026: 1 completed (Enneagram 1)',
    ]);
  });
});
