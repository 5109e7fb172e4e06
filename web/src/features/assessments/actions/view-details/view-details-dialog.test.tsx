// View Details (spec assessments-and-clients §2.3, §4.2): every field of the selected assessments, including the
// reports sent to the client automatically and where each report group is.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { assessmentId, details } from '../shared/send-test-data.ts';
import { DETAILS_AS_CARDS, ViewDetailsDialog } from './view-details-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const AUTO_SENT = details(1, 'Anika Novák', {
  reportsToAutoSend: ['clientSummary', 'imf'],
  autoSendStatus: { ennea: 'downloaded', maturity: 'notSent' },
});
const NONE_SENT = details(2, 'Bence Kovács', { reportsToAutoSend: [] });
const STATUS = 'Enneagram reports: Downloaded; Maturity reports: Not yet sent to the client';

/** The dialog for these assessments, the first two of them AUTO_SENT and NONE_SENT. */
function renderDetails(count: number) {
  const items = [AUTO_SENT, NONE_SENT, ...Array.from({ length: count - 2 }, (_, index) => details(index + 3, 'Chidi Okafor'))];
  serve(fetchMock, { 'POST /api/assessments/details': [json({ items })] });
  const ids = items.map((_, index) => assessmentId(index + 1));
  render(<ViewDetailsDialog ids={ids} isOpen onClose={() => {}} showToken={false} />);
}

/** The value a card gives for a label. */
const cardValue = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling?.textContent;

describe('View Details', () => {
  it('shows a few assessments as lists of fields, with the reports sent automatically and where each report group is', async () => {
    renderDetails(2);
    const [first, second] = (await screen.findAllByRole('listitem')) as HTMLElement[];
    expect(screen.queryByRole('table')).toBeNull();
    expect(cardValue(first as HTMLElement, 'Sent automatically')).toBe('Enneagram Overview, Maturity Report');
    expect(cardValue(first as HTMLElement, 'Automatic sending')).toBe(STATUS);
    expect(cardValue(second as HTMLElement, 'Sent automatically')).toBe('–');
  });

  it('shows more assessments as a table, with the reports sent automatically and where each report group is', async () => {
    renderDetails(DETAILS_AS_CARDS + 1);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Sent automatically' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Automatic sending' })).toBeTruthy();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Enneagram Overview, Maturity Report')).toBeTruthy();
    expect(within(first as HTMLElement).getByText(STATUS)).toBeTruthy();
    expect(within(second as HTMLElement).queryByText(/Enneagram reports:/)).toBeNull();
  });
});
