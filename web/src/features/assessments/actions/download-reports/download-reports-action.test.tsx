import { cleanup, render as renderPlain, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { Toaster, toasts } from '../../../../components/ui/toast.tsx';
import type { ReportCode } from '../../../../lib/labels/assessments.ts';
import { describedBy } from '../../../../test/described-by.ts';
import { json, problem, SESSION } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import { pollInterval, type ReportDownloadJob } from '../../api/get-report-download.ts';
import DownloadReportsAction from './download-reports-action.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const IDS = ['a55e55e0-0000-4000-8000-000000000001', 'a55e55e0-0000-4000-8000-000000000002'];
const JOB_ID = '0d10ad00-0000-4000-8000-000000000001';
const JOB_PATH = `/api/report-downloads/${JOB_ID}`;
const EVERY: ReportCode[] = ['enneaOverview', 'clientSummary', 'basic', 'foundation', 'extended', 'imfCoG', 'imf'];

const job = (extra: Partial<ReportDownloadJob>): ReportDownloadJob => ({
  jobId: JOB_ID,
  status: 'pending',
  total: 3,
  done: 0,
  skipped: 1,
  failed: [],
  createdAt: '2025-09-12T14:03:10Z',
  ...extra,
});

/** The selection summary (summarizeAssessmentSelection) offering `offered`, with `awaitingMarking` waiting. */
const summary = (offered: ReportCode[], awaitingMarking: ReportCode[] = []) =>
  json({
    total: IDS.length,
    invites: { count: 0, names: [] },
    reminders: { count: 0, names: [] },
    complete: { count: IDS.length, names: [] },
    received: 0,
    reports: { offered, awaitingMarking },
  });

/** A zip answer whose body ends when `end()` is called (or breaks off with `cut()`): the archive streams while the job runs. */
function streamedZip() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      controller.enqueue(new TextEncoder().encode('PK'));
    },
  });
  const response = new Response(body, {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="reports-2025-09-12.zip"' },
  });
  let open = true;
  const settle = (how: () => void) => () => {
    if (open) how();
    open = false;
  };
  return { response, end: settle(() => controller.close()), cut: settle(() => controller.error(new TypeError('network error'))) };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The fake BFF of a download: the selection summary, the job's creation, its archive and its polls. The job is
 * answered by `poll()` at each call (a function of the calls so far, so the test says what the job is at each
 * moment); other answers are queued by "METHOD path".
 */
function serveDownload({
  offered = EVERY,
  awaitingMarking = [],
  archive,
  poll = () => json(job({ status: 'running' })),
  answers = {},
}: {
  offered?: ReportCode[];
  awaitingMarking?: ReportCode[];
  archive?: Response;
  poll?: (calls: readonly Call[]) => Response;
  answers?: Record<string, Response[]>;
}): Call[] {
  const calls: Call[] = [];
  const queued: Record<string, Response[]> = {
    'POST /api/assessments/selection-summaries': [summary(offered, awaitingMarking)],
    'POST /api/report-downloads': [json(job({}), 201)],
    ...(archive && { [`GET ${JOB_PATH}/archive`]: [archive] }),
    ...answers,
  };
  fetchMock.mockImplementation(async (input) => {
    const request = input as Request;
    const text = await request.text();
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    const answer =
      queued[`${request.method} ${path}`]?.shift() ?? (request.method === 'GET' && path === JOB_PATH ? poll(calls) : undefined);
    if (!answer) throw new Error(`unexpected call ${request.method} ${path}`);
    return answer;
  });
  return calls;
}

const archiveFetched = (calls: readonly Call[]) => calls.some((call) => call.path === `${JOB_PATH}/archive`);

function start(ids: readonly string[] = IDS) {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(
    <>
      <DownloadReportsAction view="own" session={SESSION} ids={ids} rows={[]} finish={finish} clearSelection={vi.fn()} />
      <Toaster />
    </>,
  );
  return finish;
}

/** The alert `finish` was given, rendered as the screen shows it. */
async function ended(finish: ReturnType<typeof start>): Promise<{ title: string; text: string }> {
  await waitFor(() => expect(finish).toHaveBeenCalled(), { timeout: 4000 });
  expect(finish).toHaveBeenCalledTimes(1);
  const message = finish.mock.calls[0]?.[0];
  if (!message) throw new Error('finished without a message');
  const { container } = renderPlain(<div>{message.body}</div>);
  return { title: message.title, text: container.textContent ?? '' };
}

const checkboxNames = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

async function pick(...names: string[]) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Download Reports' });
  await within(dialog).findByRole('group', { name: 'Reports' });
  for (const name of names) await user.click(within(dialog).getByRole('checkbox', { name }));
  await user.click(within(dialog).getByRole('button', { name: 'Download' }));
  return user;
}

let createObjectURL: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:reports');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  fetchMock.mockReset();
  for (const toast of toasts.visibleToasts) toasts.close(toast.key);
});

describe('Download Reports (spec assessments-and-clients §4.5, §4.6)', () => {
  it('offers only the reports the selection has, in the spec order, and names those waiting for marking', async () => {
    const calls = serveDownload({ offered: ['enneaOverview', 'clientSummary', 'basic'], awaitingMarking: ['imfCoG', 'imf'] });
    start();
    const dialog = await screen.findByRole('dialog', { name: 'Download Reports' });
    await within(dialog).findByRole('group', { name: 'Reports' });
    expect(checkboxNames(dialog)).toEqual(['Enneagram Coach Overview', 'Enneagram Overview', 'Enneagram Report']);
    expect(within(dialog).getByText('Waiting for marking: Maturity Overview, Maturity Report.')).toBeTruthy();
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/assessments/selection-summaries', body: { ids: IDS, names: 10 } });
  });

  it('says when the selection has no report yet, and offers no language for reports without an Enneagram Report', async () => {
    serveDownload({ offered: [], awaitingMarking: ['foundation', 'imf'] });
    start();
    const dialog = await screen.findByRole('dialog', { name: 'Download Reports' });
    expect(await within(dialog).findByText('None of the selected assessments has a report to download yet.')).toBeTruthy();
    expect(within(dialog).getByText('Waiting for marking: Combined Report, Maturity Report.')).toBeTruthy();
    expect(checkboxNames(dialog)).toEqual([]);
    expect(within(dialog).queryByRole('combobox', { name: 'Enneagram Report language' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(true);
  });

  it("asks for a report before starting: 'Please select a report to download' at the reports, the first focused", async () => {
    const calls = serveDownload({});
    const finish = start();
    const user = await pick();
    const dialog = screen.getByRole('dialog', { name: 'Download Reports' });
    const boxes = within(dialog).getAllByRole('checkbox');
    await waitFor(() => expect(document.activeElement).toBe(boxes[0]));
    for (const box of boxes) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(box)).toBe('Please select a report to download');
    }
    expect(toasts.visibleToasts).toHaveLength(0);
    // A report chosen: the sentence goes.
    await user.click(boxes[0] as HTMLElement);
    expect(boxes[0]?.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByText('Please select a report to download')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/assessments/selection-summaries']);
    expect(finish).not.toHaveBeenCalled();
  });

  it('asks for the job every 100 ms while it runs and until its zip has arrived (spec §4.6, §9)', () => {
    expect(pollInterval(undefined, false)).toBe(100);
    expect(pollInterval(job({ status: 'running' }), false)).toBe(100);
    // The job ended, the zip is still arriving: its end is read once the zip is in.
    expect(pollInterval(job({ status: 'complete' }), false)).toBe(100);
    expect(pollInterval(job({ status: 'running' }), true)).toBe(100);
    expect(pollInterval(job({ status: 'complete' }), true)).toBe(false);
  });

  it('shows each count the BFF answers while the archive streams, cannot be closed, then saves it: Download Complete', async () => {
    const zip = streamedZip();
    let step = 0;
    const calls = serveDownload({
      archive: zip.response,
      // The job moves a file at a time; the zip ends once the last file was counted.
      poll: () => {
        if (step === 3) zip.end();
        return json(step < 3 ? job({ status: 'running', done: step }) : job({ status: 'complete', done: 3 }));
      },
    });
    const finish = start();
    const user = await pick('Enneagram Report', 'Maturity Report');
    expect(calls.find((call) => call.path === '/api/report-downloads')?.body).toEqual({
      ids: IDS,
      reports: ['basic', 'imf'],
      language: 'english',
    });

    const progress = await screen.findByRole('alertdialog', { name: 'Download Reports' });
    const bar = within(progress).getByRole('progressbar', { name: 'Please wait' });
    for (const done of [1, 2]) {
      step = done;
      await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe(`${done} of 3`));
    }
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Download Reports' })).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();

    step = 3;
    expect(await ended(finish)).toEqual({ title: 'Success', text: 'Download Complete' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('keeps the modal while a poll fails and the zip still arrives, and reports the job as it ended', async () => {
    const zip = streamedZip();
    let failing = true;
    const calls = serveDownload({
      archive: zip.response,
      poll: () =>
        failing ? problem(503, 'service_unavailable', 'The service is not available.') : json(job({ status: 'complete', done: 3 })),
    });
    const finish = start();
    await pick('Enneagram Report');
    await waitFor(() => expect(calls.filter((call) => call.path === JOB_PATH).length).toBeGreaterThan(2));
    expect(screen.getByRole('alertdialog', { name: 'Download Reports' })).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();

    failing = false;
    zip.end();
    expect(await ended(finish)).toEqual({ title: 'Success', text: 'Download Complete' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('Stop: Download Stopped, says how many reports the saved zip holds, counted once the zip ended', async () => {
    const zip = streamedZip();
    let stopped = false;
    let zipEnded = false;
    const calls = serveDownload({
      archive: zip.response,
      // After Stop the file in flight is still written: the job counts it before the zip ends.
      poll: () => json(job({ status: stopped ? 'stopped' : 'running', done: zipEnded ? 2 : 1 })),
      answers: { [`DELETE ${JOB_PATH}`]: [json(job({ status: 'stopped', done: 1 }))] },
    });
    const finish = start();
    const user = await pick('Enneagram Coach Overview');
    const progress = await screen.findByRole('alertdialog', { name: 'Download Reports' });
    await within(progress).findByText('1 of 3');
    await user.click(within(progress).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === JOB_PATH)).toBe(true));
    stopped = true;
    zipEnded = true;
    zip.end();
    expect(await ended(finish)).toEqual({
      title: 'Please Note',
      text: 'Download StoppedThe download was stopped: the zip holds 2 of 3 reports.',
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('Stop before any report was written: Download Stopped, and no zip is saved', async () => {
    const zip = streamedZip();
    let stopped = false;
    serveDownload({
      archive: zip.response,
      poll: () => json(job({ status: stopped ? 'stopped' : 'running', done: 0 })),
      answers: { [`DELETE ${JOB_PATH}`]: [json(job({ status: 'stopped', done: 0 }))] },
    });
    const finish = start();
    const user = await pick('Enneagram Coach Overview');
    const progress = await screen.findByRole('alertdialog', { name: 'Download Reports' });
    await within(progress).findByText('0 of 3');
    await user.click(within(progress).getByRole('button', { name: 'Stop' }));
    stopped = true;
    zip.end();
    expect(await ended(finish)).toEqual({
      title: 'Please Note',
      text: 'Download StoppedThe download was stopped before any report was written: no zip was saved.',
    });
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('lists the reports that could not be generated by name, with their error beside them', async () => {
    const failed = [
      { assessmentId: IDS[1] as string, name: 'Bence Kovács', report: 'imf' as const, message: 'Report generation timed out' },
    ];
    serveDownload({
      archive: new Response('PK', { headers: { 'Content-Type': 'application/zip' } }),
      poll: () => json(job({ status: 'complete', done: 3, failed })),
    });
    const finish = start();
    await pick('Maturity Report');
    const { title, text } = await ended(finish);
    expect(title).toBe('Failed');
    expect(text).toContain('The following report(s) could not be generated. The team has been notified and will be in touch.');
    expect(text).toContain('Bence Kovács, Maturity Report: Report generation timed out');
  });

  it('says so when the server preparing the zip stopped mid-way, and to start the download again', async () => {
    // The instance streaming the zip died: the archive breaks off, and another instance answers the job failed
    // once the dead one's lease has passed.
    const message = 'The download stopped because the server preparing it stopped. Please start the download again.';
    const zip = streamedZip();
    let lapsed = false;
    const calls = serveDownload({
      archive: zip.response,
      poll: () =>
        json(lapsed ? job({ status: 'failed', reason: 'server_stopped', message, done: 1 }) : job({ status: 'running', done: 1 })),
    });
    const finish = start();
    await pick('Enneagram Report');
    await waitFor(() => expect(archiveFetched(calls)).toBe(true));
    zip.cut();
    lapsed = true;
    expect(await ended(finish)).toEqual({ title: 'Failed', text: message });
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('is the progress state from the press of Download: Esc while the job is created closes nothing, then it downloads', async () => {
    const zip = streamedZip();
    let created!: (answer: Response) => void;
    const creating = new Promise<Response>((resolve) => {
      created = resolve;
    });
    const calls = serveDownload({
      archive: zip.response,
      poll: () => json(job(archiveFetched(calls) ? { status: 'complete', done: 3 } : { status: 'running' })),
    });
    const serve = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input) =>
      new URL((input as Request).url).pathname === '/api/report-downloads' ? creating : (serve?.(input) as Promise<Response>),
    );
    const finish = start();
    const user = await pick('Enneagram Report');
    const preparing = await screen.findByRole('alertdialog', { name: 'Download Reports' });
    expect(within(preparing).getByRole('status').textContent).toBe('Please wait: preparing the download...');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Download Reports' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Download Reports' })).toBeNull();
    expect(finish).not.toHaveBeenCalled();

    created(json(job({}), 201));
    await screen.findByRole('progressbar', { name: 'Please wait' });
    zip.end();
    expect(await ended(finish)).toEqual({ title: 'Success', text: 'Download Complete' });
    expect(archiveFetched(calls)).toBe(true);
  });

  it('states how many reports a download holds when the selection could offer more, before anything starts', async () => {
    const many = Array.from({ length: 20_006 }, (_, index) => `a55e55e0-0000-4000-8000-${String(index).padStart(12, '0')}`);
    serveDownload({ offered: ['enneaOverview', 'basic'] });
    start(many);
    const dialog = await screen.findByRole('dialog', { name: 'Download Reports' });
    expect(await within(dialog).findByText(/for the 20,006 selected assessments/)).toBeTruthy();
    expect(
      within(dialog).getByText(
        /A download holds at most 20,000 reports: for more, download fewer reports or fewer assessments at a time\.$/,
      ),
    ).toBeTruthy();
    cleanup();
    // A selection that cannot offer as many is not told.
    serveDownload({ offered: EVERY });
    start();
    const small = await screen.findByRole('dialog', { name: 'Download Reports' });
    await within(small).findByRole('group', { name: 'Reports' });
    expect(within(small).queryByText(/A download holds at most/)).toBeNull();
  });

  it("keeps the dialog with the BFF's message when the chosen reports are more than a download holds", async () => {
    const detail =
      'A download holds at most 20,000 reports; the selected assessments offer 31,758 of the selected reports. Please select fewer reports or fewer assessments.';
    serveDownload({ answers: { 'POST /api/report-downloads': [problem(400, 'too_many_reports', detail)] } });
    const finish = start();
    await pick('Enneagram Report', 'Maturity Report');
    const dialog = await screen.findByRole('dialog', { name: 'Download Reports' });
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Maturity Report' })).toHaveProperty('checked', true);
    expect(finish).not.toHaveBeenCalled();
  });

  it("ends with the BFF's message when the job cannot be created", async () => {
    const detail = 'None of the selected assessments offers the selected reports.';
    serveDownload({ answers: { 'POST /api/report-downloads': [problem(400, 'nothing_to_download', detail)] } });
    const finish = start();
    await pick('Combined+ Report');
    expect(await ended(finish)).toEqual({ title: 'Failed', text: detail });
  });
});
