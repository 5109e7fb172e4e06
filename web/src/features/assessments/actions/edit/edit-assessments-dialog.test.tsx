import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { json, SESSION, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { assessmentId, details } from '../shared/send-test-data.ts';
import EditAssessmentsDialog from './edit-assessments-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const ANNA = details(1, 'Anna Kovac', { otherData: 'Prefers Tuesdays' });
const BORIS = details(2, 'Boris Kovac', { otherData: 'Prefers Tuesdays', company: 'Tatra Soft' });
const updated = () => json({ total: 1, succeeded: 1, failed: [], notAttempted: 0 });

function renderEdit(rows: (typeof ANNA)[]) {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(
    <EditAssessmentsDialog
      view="own"
      session={SESSION}
      ids={rows.map((row) => row.id)}
      rows={rows}
      finish={finish}
      clearSelection={vi.fn()}
    />,
  );
  return finish;
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('Edit', () => {
  it('clears the company and the project emptied, and changes the other data read with the details', async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/details': [json({ items: [ANNA] })],
      'PATCH /api/assessments': [updated()],
    });
    const user = userEvent.setup();
    const finish = renderEdit([ANNA]);
    expect(field('Company').value).toBe('Karoo Logistics');
    expect(field('Project').value).toBe('Leadership Programme 2025');
    await waitFor(() => expect(field('Other data').value).toBe('Prefers Tuesdays'));
    await user.clear(field('Company'));
    await user.clear(field('Project'));
    await user.clear(field('Other data'));
    await user.type(field('Other data'), 'Prefers Mondays');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      ids: [assessmentId(1)],
      company: '',
      project: '',
      otherData: 'Prefers Mondays',
    });
  });

  it('leaves a field the selection does not agree on as it is, and clears the agreed other data emptied', async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/details': [json({ items: [ANNA, BORIS] })],
      'PATCH /api/assessments': [updated()],
    });
    const user = userEvent.setup();
    const finish = renderEdit([ANNA, BORIS]);
    expect(field('Company').value).toBe('');
    await waitFor(() => expect(field('Other data').value).toBe('Prefers Tuesdays'));
    await user.clear(field('Other data'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ids: [assessmentId(1), assessmentId(2)], otherData: '' });
  });

  it('sends nothing while only a required field was emptied', async () => {
    const calls = serve(fetchMock, { 'POST /api/assessments/details': [json({ items: [ANNA] })] });
    const user = userEvent.setup();
    renderEdit([ANNA]);
    await user.clear(field('Name'));
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });
});
