import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { assessmentId, details } from '../shared/send-test-data.ts';
import WrapAction from './wrap-action.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const ROWS = [details(1, 'Anna Kovac'), details(2, 'Boris Novak')];

function renderWrap() {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  const clearSelection = vi.fn();
  render(
    <WrapAction view="own" session={SESSION} ids={ROWS.map((row) => row.id)} rows={ROWS} finish={finish} clearSelection={clearSelection} />,
  );
  return { finish, clearSelection };
}

describe('Wrap / Unwrap', () => {
  it('empties the selection when every assessment was wrapped up', async () => {
    const calls = serve(fetchMock, { 'POST /api/assessments/wrap-ups': [json({ total: 2, succeeded: 2, failed: [], notAttempted: 0 })] });
    const { finish, clearSelection } = renderWrap();
    await waitFor(() => expect(finish).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ ids: [assessmentId(1), assessmentId(2)], wrapped: true });
    expect(finish.mock.calls[0]?.[0]?.title).toBe('Success');
    expect(clearSelection).toHaveBeenCalled();
  });

  it('keeps the selection when one failed, and when the call failed', async () => {
    const failure = 'Boris Novak wrapped up failed. Update failed for Boris Novak.';
    serve(fetchMock, {
      'POST /api/assessments/wrap-ups': [
        json({
          total: 2,
          succeeded: 1,
          failed: [{ id: assessmentId(2), name: 'Boris Novak', code: 'upstream_error', message: failure }],
          notAttempted: 0,
        }),
        problem(502, 'upstream_error', 'There was an unexpected error'),
      ],
    });
    const partly = renderWrap();
    await waitFor(() => expect(partly.finish).toHaveBeenCalled());
    expect(partly.finish.mock.calls[0]?.[0]?.title).toBe('Please Note');
    expect(partly.clearSelection).not.toHaveBeenCalled();
    const failed = renderWrap();
    await waitFor(() => expect(failed.finish).toHaveBeenCalled());
    expect(failed.finish.mock.calls[0]?.[0]?.title).toBe('Failed');
    expect(failed.clearSelection).not.toHaveBeenCalled();
  });
});
