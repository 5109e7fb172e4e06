// Send Invites/Reminders on a few rows while the table is shown: the fake BFF answers as the BFF does (a call asking
// for a job gets its 202 and is polled; one that does not gets its result), and every request the browser makes from
// the press of Send is counted: the send itself and one table read once something was sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { json, SESSION } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { type AssessmentView, useAssessments } from '../../api/list-assessments.ts';
import { DIRECT_MAX_ITEMS } from '../shared/batch-job.tsx';
import { details, summaryOf } from '../shared/send-test-data.ts';
import SendInvitesDialog from './send-invites-dialog.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const JOB_ID = '0ba7c000-0000-4000-8000-000000000001';
const selection = (count: number) => Array.from({ length: count }, (_, n) => details(n + 1, `Client${n + 1} Person${n + 1}`));

/** The BFF as the browser meets it: every request seen (method and path), answered as the BFF would. */
function fakeBff(rows: ReturnType<typeof selection>) {
  const seen: string[] = [];
  const result = { total: rows.length, succeeded: rows.length, failed: [], notAttempted: 0, skippedCompleted: 0, reminders: 0, drafts: [] };
  const job = { jobId: JOB_ID, operation: 'sendInvites', stopping: false, total: rows.length, createdAt: '2025-09-12T14:03:10Z' };
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    seen.push(`${request.method} ${pathname}`);
    if (pathname === '/api/assessments')
      return json({ items: rows, total: rows.length, filteredTotal: rows.length, page: 1, pageSize: 10 });
    if (pathname === '/api/assessments/selection-summaries') return json(summaryOf(rows));
    if (pathname === '/api/assessments/invites')
      return request.headers.get('Prefer') === 'respond-async' ? json({ ...job, status: 'running', done: 0 }, 202) : json(result);
    if (pathname === `/api/assessments/batch-jobs/${JOB_ID}`) return json({ ...job, status: 'complete', done: rows.length, result });
    throw new Error(`unexpected call ${request.method} ${pathname}`);
  });
  return seen;
}

/** The table's page beside the action, as the assessments screen shows it while the dialog is open. */
function Table({ view }: { view: AssessmentView }) {
  const page = useAssessments({ view, pageSize: 10 });
  return <p>{page.data ? `${page.data.total} shown` : 'loading'}</p>;
}

function start(count: number) {
  const rows = selection(count);
  const seen = fakeBff(rows);
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(
    <>
      <Table view="own" />
      <SendInvitesDialog view="own" session={SESSION} ids={rows.map((row) => row.id)} rows={[]} finish={finish} clearSelection={vi.fn()} />
    </>,
  );
  return { seen, finish, rows };
}

describe('Send Invites/Reminders round trips', () => {
  it('on 3 rows: the send answers its result at once, then the table is read once (2 requests from Send)', async () => {
    const { seen, finish } = start(3);
    await screen.findByText('3 shown');
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText('3 invites to send');
    const before = seen.length;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(finish).toHaveBeenCalled());
    await waitFor(() => expect(seen.slice(before)).toContain('GET /api/assessments'));
    expect(seen.slice(before)).toEqual(['POST /api/assessments/invites', 'GET /api/assessments']);
  });

  it(`above ${DIRECT_MAX_ITEMS} rows: a job, polled, and the table read when it ended, not when it was accepted`, async () => {
    const { seen, finish } = start(DIRECT_MAX_ITEMS + 1);
    await screen.findByText(`${DIRECT_MAX_ITEMS + 1} shown`);
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    await within(dialog).findByText(`${DIRECT_MAX_ITEMS + 1} invites to send`);
    const before = seen.length;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(finish).toHaveBeenCalled(), { timeout: 5000 });
    await waitFor(() => expect(seen.slice(before)).toContain('GET /api/assessments'));
    expect(seen.slice(before)).toEqual([
      'POST /api/assessments/invites',
      `GET /api/assessments/batch-jobs/${JOB_ID}`,
      'GET /api/assessments',
    ]);
  });
});
