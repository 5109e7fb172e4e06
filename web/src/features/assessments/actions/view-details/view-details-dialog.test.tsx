// View Details (spec assessments-and-clients §2.3, §4.2): every field of the selected assessments, including the
// reports sent to the client automatically and where each report group is.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { assessmentId, details } from '../shared/send-test-data.ts';
import { ViewDetailsDialog } from './view-details-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

describe('View Details', () => {
  it('shows the reports sent automatically and the status of each report group', async () => {
    const autoSent = details(1, 'Anika Novák', {
      reportsToAutoSend: ['clientSummary', 'imf'],
      autoSendStatus: { ennea: 'downloaded', maturity: 'notSent' },
    });
    const none = details(2, 'Bence Kovács', { reportsToAutoSend: [] });
    serve(fetchMock, { 'POST /api/assessments/details': [json({ items: [autoSent, none] })] });
    render(<ViewDetailsDialog ids={[assessmentId(1), assessmentId(2)]} isOpen onClose={() => {}} showToken={false} />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Sent automatically' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Automatic sending' })).toBeTruthy();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('Enneagram Overview, Maturity Report')).toBeTruthy();
    expect(
      within(first as HTMLElement).getByText('Enneagram reports: Downloaded; Maturity reports: Not yet sent to the client'),
    ).toBeTruthy();
    expect(within(second as HTMLElement).queryByText(/Enneagram reports:/)).toBeNull();
  });
});
