import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReportStatePill } from './report-state-pill.tsx';

describe('ReportStatePill (spec coach-shell §4: Not Requested, Requested, Available)', () => {
  it.each([
    ['notRequested', 'Not Requested', 'status-pill--neutral'],
    ['requested', 'Requested', 'status-pill--progress'],
    ['available', 'Available', 'status-pill--done'],
  ] as const)('%s: the pill says %s in its tone', (state, text, tone) => {
    render(<ReportStatePill state={state} requested="Combined" />);
    const pill = screen.getByText(text, { exact: true });
    expect(pill.classList.contains('status-pill')).toBe(true);
    expect(pill.classList.contains(tone)).toBe(true);
  });

  it('reads as one sentence: the state, then what was requested and the detail', () => {
    const { container } = render(<ReportStatePill state="requested" requested="Enneagram" detail="due 2026-01-15" />);
    expect(container.textContent).toBe('Requested: Enneagram, due 2026-01-15');
    expect(screen.getByText('Enneagram, due 2026-01-15').className).toBe('report-state__detail');
  });

  it('a report not requested is the pill alone, whatever the legacy text says', () => {
    const { container } = render(<ReportStatePill state="notRequested" requested="Not Requested" />);
    expect(container.textContent).toBe('Not Requested');
  });
});
