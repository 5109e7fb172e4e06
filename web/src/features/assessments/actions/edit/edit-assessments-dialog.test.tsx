import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { json, SESSION, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { assessmentId, details } from '../shared/send-test-data.ts';
import EditAssessmentsDialog, { EDIT_TEXTS } from './edit-assessments-dialog.tsx';

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

  describe('the reports sent automatically (spec §7 reportsToAutoSend, §4.5)', () => {
    const reports = () => within(screen.getByRole('group', { name: 'Reports to send automatically on completion' }));
    const report = (name: string) => reports().getByRole('checkbox', { name }) as HTMLInputElement;

    it("offers an Enneagram assessment's reports, prefilled, and sends the changed list", async () => {
      const calls = serve(fetchMock, {
        'POST /api/assessments/details': [json({ items: [ANNA] })],
        'PATCH /api/assessments': [updated()],
      });
      const user = userEvent.setup();
      const finish = renderEdit([{ ...ANNA, reportsToAutoSend: ['basic'] }]);
      expect(reports().getAllByRole('checkbox')).toEqual(
        ['Enneagram Coach Overview', 'Enneagram Overview', 'Enneagram Report'].map((name) => report(name)),
      );
      expect(report('Enneagram Report').checked).toBe(true);
      await user.click(report('Enneagram Report'));
      await user.click(report('Enneagram Overview'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(finish).toHaveBeenCalled());
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ids: [assessmentId(1)], reportsToAutoSend: ['clientSummary'] });
    });

    it('clears the reports every selected assessment sends when all are unticked', async () => {
      const calls = serve(fetchMock, {
        'POST /api/assessments/details': [json({ items: [ANNA, BORIS] })],
        'PATCH /api/assessments': [updated()],
      });
      const user = userEvent.setup();
      const finish = renderEdit([
        { ...ANNA, assessmentType: 'full', reportsToAutoSend: ['imf', 'extended'] },
        { ...BORIS, assessmentType: 'full', reportsToAutoSend: ['extended', 'imf'] },
      ]);
      expect(reports().getAllByRole('checkbox')).toHaveLength(7);
      await user.click(report('Maturity Report'));
      await user.click(report('Combined+ Report'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(finish).toHaveBeenCalled());
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        ids: [assessmentId(1), assessmentId(2)],
        reportsToAutoSend: [],
      });
    });

    it('keeps reports the selection does not agree on unless the coach chooses to replace them, offering only the reports common to its types', async () => {
      const calls = serve(fetchMock, {
        'POST /api/assessments/details': [json({ items: [ANNA, BORIS] })],
        'PATCH /api/assessments': [updated()],
      });
      const user = userEvent.setup();
      const finish = renderEdit([
        { ...ANNA, assessmentType: 'ennea', reportsToAutoSend: ['basic'] },
        { ...BORIS, assessmentType: 'full', reportsToAutoSend: [] },
      ]);
      // A Full assessment's Maturity and combined reports are not offered to an Enneagram one.
      expect(reports().getAllByRole('checkbox', { name: /Enneagram/ })).toHaveLength(3);
      expect(report('Enneagram Report').disabled).toBe(true);
      expect(report('Enneagram Report').checked).toBe(false);
      await user.click(reports().getByRole('checkbox', { name: EDIT_TEXTS.replaceReports }));
      await user.click(report('Enneagram Coach Overview'));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(finish).toHaveBeenCalled());
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        ids: [assessmentId(1), assessmentId(2)],
        reportsToAutoSend: ['enneaOverview'],
      });
    });

    it('says so when the selected types have no report in common (Enneagram and Maturity)', async () => {
      serve(fetchMock, { 'POST /api/assessments/details': [json({ items: [ANNA, BORIS] })] });
      renderEdit([ANNA, { ...BORIS, assessmentType: 'EIT' }]);
      expect(reports().queryAllByRole('checkbox')).toEqual([]);
      expect(reports().getByText(EDIT_TEXTS.noCommonReports)).toBeTruthy();
    });
  });
});
