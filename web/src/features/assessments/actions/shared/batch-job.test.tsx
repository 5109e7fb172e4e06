// The assessments actions on the table's whole selection (the select-all across pages: here 1,249, 600 and 150
// records): the confirm steps summarise it (the first names and "and 802 more"), the action runs as a job with
// "Please wait", its "n of m" and Stop, and ends with the spec's result.
import { render as renderPlain, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { json, SESSION, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import type { AssessmentBatchJob } from '../../api/get-assessment-batch-job.ts';
import { REVIEW_NAMES } from '../../api/summarize-assessment-selection.ts';
import DeleteAction from '../delete/delete-action.tsx';
import SendInvitesDialog from '../send-invites/send-invites-dialog.tsx';
import ViewDetailsAction, { DETAILS_SHOWN } from '../view-details/view-details-dialog.tsx';
import { assessmentId, details } from './send-test-data.ts';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));
afterEach(() => fetchMock.mockReset());

const JOB_ID = '0ba7c000-0000-4000-8000-000000000001';
const JOB_PATH = `/api/assessments/batch-jobs/${JOB_ID}`;
const ids = (count: number) => Array.from({ length: count }, (_, n) => assessmentId(n + 1));
const names = (count: number, from = 1) => Array.from({ length: count }, (_, n) => `Client${n + from} Person${n + from}`);

const job = (extra: Partial<AssessmentBatchJob>): AssessmentBatchJob => ({
  jobId: JOB_ID,
  operation: 'sendInvites',
  status: 'running',
  stopping: false,
  total: 1249,
  done: 0,
  createdAt: '2025-09-12T14:03:10Z',
  ...extra,
});

type Action = typeof SendInvitesDialog;

function start(Component: Action, selected: readonly string[]) {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  const clearSelection = vi.fn();
  render(<Component view="own" session={SESSION} ids={selected} rows={[]} finish={finish} clearSelection={clearSelection} />);
  return { finish, clearSelection };
}

/** The alert `finish` was given, rendered as the screen shows it. */
async function ended(finish: ReturnType<typeof start>['finish']): Promise<{ title: string; text: string }> {
  await waitFor(() => expect(finish).toHaveBeenCalled(), { timeout: 5000 });
  const message = finish.mock.calls[0]?.[0];
  if (!message) throw new Error('finished without a message');
  const { container } = renderPlain(<div>{message.body}</div>);
  return { title: message.title, text: container.textContent ?? '' };
}

const sentHeaders = (path: string) =>
  fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => new URL(request.url).pathname === path)[0]?.headers;

/** The job as Stop left it: the items in flight done, the rest not attempted. */
const stopped = job({
  status: 'stopped',
  stopping: true,
  done: 319,
  result: {
    total: 1249,
    succeeded: 318,
    failed: [
      {
        id: assessmentId(7),
        name: 'Client7 Person7',
        code: 'send_failed',
        message: 'Client7 Person7 send failed with Mailbox unavailable',
      },
    ],
    notAttempted: 930,
    notAttemptedIds: ids(1249).slice(319),
    skippedCompleted: 0,
    reminders: 12,
    drafts: [],
  },
});

describe('Send Invites/Reminders on 1,249 selected assessments', () => {
  it('reviews the first names of each group and counts the rest, then runs as a job: "Please wait", n of m, Stop, the result', async () => {
    const calls = serve(fetchMock, {
      'POST /api/assessments/selection-summaries': [
        json({
          total: 1249,
          invites: { count: 812, names: names(10) },
          reminders: { count: 301, names: names(10, 813) },
          complete: { count: 136, names: names(10, 1114) },
          received: 0,
          reports: { offered: [], awaitingMarking: [] },
        }),
      ],
      'POST /api/assessments/invites': [json(job({}), 202)],
      [`DELETE ${JOB_PATH}`]: [json(job({ done: 314, stopping: true }))],
    });
    // The job runs (312 done) until Stop was pressed; then it ends stopped.
    const served = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const request = input as Request;
      if (request.method !== 'GET' || new URL(request.url).pathname !== JOB_PATH) return (served as typeof fetch)(input, init);
      return calls.some((call) => call.method === 'DELETE') ? json(stopped) : json(job({ done: 312 }));
    });
    const { finish } = start(SendInvitesDialog, ids(1249));
    const dialog = await screen.findByRole('dialog', { name: 'Send Invites/Reminders' });
    const invites = await within(dialog).findByText('812 invites to send');
    expect(invites.nextElementSibling?.textContent).toBe(`${names(10).join(', ')} and 802 more`);
    expect(within(dialog).getByText('301 reminders to send (invited before)').nextElementSibling?.textContent).toBe(
      `${names(10, 813).join(', ')} and 291 more`,
    );
    expect(within(dialog).getByText('136 assessments skipped as complete').nextElementSibling?.textContent).toBe(
      `${names(10, 1114).join(', ')} and 126 more`,
    );
    expect(calls[0]?.body).toEqual({ ids: ids(1249), names: REVIEW_NAMES });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const progress = await screen.findByRole('alertdialog', { name: 'Send Invites/Reminders' });
    within(progress).getByText('Please wait');
    await waitFor(() => expect(within(progress).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('312 of 1,249'), {
      timeout: 5000,
    });
    await userEvent.click(within(progress).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(within(progress).getByRole('button', { name: 'Stop' }).hasAttribute('disabled')).toBe(true));

    const { title, text } = await ended(finish);
    expect(title).toBe('Please Note');
    expect(text).toBe('318 of 1249 invite emails sent successfully.Client7 Person7 send failed with Mailbox unavailable930 not attempted.');
    const sent = calls.find((call) => call.path === '/api/assessments/invites');
    expect(sent?.body).toEqual({ ids: ids(1249), serverSend: true });
    expect(sentHeaders('/api/assessments/invites')?.get('Prefer')).toBe('respond-async');
    expect(sentHeaders('/api/assessments/invites')?.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe('Delete of 600 selected assessments', () => {
  it('says how many are selected, runs as a job and ends with "600 of 600 removed.", the selection cleared', async () => {
    const deleting = job({ operation: 'deleteAssessments', total: 600 });
    const calls = serve(fetchMock, {
      'POST /api/assessments/deletions': [json(deleting, 202)],
      [`GET ${JOB_PATH}`]: [
        json({ ...deleting, status: 'complete', done: 600, result: { total: 600, succeeded: 600, failed: [], notAttempted: 0 } }),
      ],
    });
    const { finish, clearSelection } = start(DeleteAction, ids(600));
    const question = await screen.findByRole('alertdialog', { name: 'Warning' });
    within(question).getByText('Are you sure you wish to remove?');
    within(question).getByText('600 assessments selected.');
    await userEvent.click(within(question).getByRole('button', { name: 'Remove' }));

    expect(await ended(finish)).toEqual({ title: 'Success', text: '600 of 600 removed.' });
    expect(clearSelection).toHaveBeenCalled();
    expect(calls.find((call) => call.path === '/api/assessments/deletions')?.body).toEqual({ ids: ids(600) });
    expect(sentHeaders('/api/assessments/deletions')?.get('Prefer')).toBe('respond-async');
  });
});

describe('View Details of 150 selected assessments', () => {
  it(`lists the first ${DETAILS_SHOWN} and says how many more are selected`, async () => {
    const shown = ids(DETAILS_SHOWN).map((_, n) => details(n + 1, `Client${n + 1} Person${n + 1}`));
    const calls = serve(fetchMock, { 'POST /api/assessments/details': [json({ items: shown })] });
    start(ViewDetailsAction as Action, ids(150));
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    await within(dialog).findByText('and 50 more selected assessments, not listed here.');
    expect(within(dialog).getAllByRole('row')).toHaveLength(DETAILS_SHOWN + 1);
    expect(calls[0]?.body).toEqual({ ids: ids(DETAILS_SHOWN) });
  });
});
