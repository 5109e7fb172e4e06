import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, problem, serve } from '../../../../test/fake-bff.ts';
import type { AssessmentRow } from '../../api/list-assessments.ts';
import { finalText, renderAction } from '../shared/action-test-support.tsx';
import { details } from '../shared/send-test-data.ts';
import CombineAction from './combine-dialog.tsx';
import { DIFFERENT_CLIENTS, NOT_COMPLETE, SAME_TYPE } from './combine-messages.ts';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const DONE = '2025-09-03T10:41:37Z';
const CLIENT = { clientId: 'c1e00000-0000-4000-8000-000000000001' };
const ENNEA = details(1, 'Thandi Mokoena', { ...CLIENT, assessmentType: 'ennea', completedAt: DONE });
const MATURITY = details(2, 'Thandi Mokoena', { ...CLIENT, assessmentType: 'EIT', completedAt: DONE, createdAt: '2025-09-05T08:00:00Z' });

const renderCombine = (ids: string[], rows: AssessmentRow[]) => renderAction(CombineAction, { ids, rows });

describe('Combine', () => {
  it.each([
    ['two clients', [ENNEA, details(3, 'Bence Kovács', { assessmentType: 'EIT', completedAt: DONE })], DIFFERENT_CLIENTS],
    ['an assessment not complete', [ENNEA, { ...MATURITY, completedAt: undefined }], NOT_COMPLETE],
    ['two of one type', [ENNEA, { ...MATURITY, assessmentType: 'ennea' as const }], SAME_TYPE],
    // spec §5: one Enneagram and one IMf; a Combined assessment supplies neither part.
    ['a Combined assessment with a Maturity one', [{ ...ENNEA, assessmentType: 'full' as const }, MATURITY], SAME_TYPE],
    ['an Enneagram assessment with a Combined one', [ENNEA, { ...MATURITY, assessmentType: 'full' as const }], SAME_TYPE],
  ])('refuses %s on screen with the spec text, asking the BFF nothing', async (_, rows, text) => {
    serve(fetchMock, {});
    const { finish } = renderCombine(
      rows.map((row) => row.id),
      rows,
    );
    expect(await finalText(finish)).toEqual({ title: 'Failed', text });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the Enneagram assessment as the Enneagram part and the other as the Maturity part', async () => {
    const calls = serve(fetchMock, { 'POST /api/assessments/combinations': [json({ completedAt: DONE })] });
    const { finish, clearSelection } = renderCombine([MATURITY.id, ENNEA.id], [MATURITY, ENNEA]);
    const dialog = screen.getByRole('dialog', { name: 'Combine' });
    const enneagramPart = within(dialog).getByRole('radiogroup', { name: 'Enneagram part' });
    // A Maturity assessment cannot supply the Enneagram part.
    expect((within(enneagramPart).getByRole('radio', { name: 'Maturity, created 2025-09-05' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(enneagramPart).getByRole('radio', { name: 'Enneagram, created 2025-09-01' }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.textContent).toContain('Maturity part: Maturity, created 2025-09-05');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Combine' }));
    expect(await finalText(finish)).toEqual({ title: 'Success', text: 'The assessments have been combined.' });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/assessments/combinations',
        body: { enneagramAssessmentId: ENNEA.id, maturityAssessmentId: MATURITY.id },
      }),
    ]);
    expect(clearSelection).toHaveBeenCalled();
  });

  it('sends one request with its Idempotency-Key when Combine is double-clicked', async () => {
    serve(fetchMock, { 'POST /api/assessments/combinations': [json({ completedAt: DONE })] });
    const { finish } = renderCombine([MATURITY.id, ENNEA.id], [MATURITY, ENNEA]);
    const dialog = screen.getByRole('dialog', { name: 'Combine' });
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Combine' }));
    expect(await finalText(finish)).toEqual({ title: 'Success', text: 'The assessments have been combined.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [request] = fetchMock.mock.calls[0] as [Request];
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets the coach pick the parts of a selection not on screen and shows the BFF refusal', async () => {
    const calls = serve(fetchMock, { 'POST /api/assessments/combinations': [problem(400, 'different_clients', DIFFERENT_CLIENTS)] });
    const { finish, clearSelection } = renderCombine([ENNEA.id, MATURITY.id], []);
    const dialog = screen.getByRole('dialog', { name: 'Combine' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Assessment a55e55e0', checked: false }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Combine' }));
    expect(await finalText(finish)).toEqual({ title: 'Failed', text: DIFFERENT_CLIENTS });
    expect(calls[0]?.body).toEqual({ enneagramAssessmentId: MATURITY.id, maturityAssessmentId: ENNEA.id });
    expect(clearSelection).not.toHaveBeenCalled();
  });
});
