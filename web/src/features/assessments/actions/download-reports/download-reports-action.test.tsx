import { render as renderPlain, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { Toaster } from '../../../../components/ui/toast.tsx';
import { json, problem, SESSION, serve } from '../../../../test/fake-bff.ts';
import { render } from '../../../../test/render.tsx';
import type { ReportDownloadJob } from '../../api/get-report-download.ts';
import DownloadReportsAction from './download-reports-action.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

const IDS = ['a55e55e0-0000-4000-8000-000000000001', 'a55e55e0-0000-4000-8000-000000000002'];
const JOB_ID = '0d10ad00-0000-4000-8000-000000000001';
const JOB_PATH = `/api/report-downloads/${JOB_ID}`;

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

/** A zip answer whose body ends when `end()` is called: the archive streams while the job runs. */
function streamedZip() {
  let close: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('PK'));
      close = () => controller.close();
    },
  });
  const response = new Response(body, {
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="reports-2025-09-12.zip"' },
  });
  return { response, end: () => close() };
}

function start() {
  const finish = vi.fn<(message?: ActionMessage) => void>();
  render(
    <>
      <DownloadReportsAction view="own" session={SESSION} ids={IDS} rows={[]} finish={finish} clearSelection={vi.fn()} />
      <Toaster />
    </>,
  );
  return finish;
}

/** The alert `finish` was given, rendered as the screen shows it. */
async function ended(finish: ReturnType<typeof start>): Promise<{ title: string; text: string }> {
  await waitFor(() => expect(finish).toHaveBeenCalled(), { timeout: 4000 });
  const message = finish.mock.calls[0]?.[0];
  if (!message) throw new Error('finished without a message');
  const { container } = renderPlain(<div>{message.body}</div>);
  return { title: message.title, text: container.textContent ?? '' };
}

async function pick(...names: string[]) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Download Reports' });
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
});

describe('Download Reports (spec assessments-and-clients §4.6)', () => {
  it("asks for a report before starting: 'Please select a report to download'", async () => {
    const calls = serve(fetchMock, {});
    const finish = start();
    await pick();
    expect(await screen.findByText('Please select a report to download')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(finish).not.toHaveBeenCalled();
  });

  it('shows Please wait with the bar while the archive streams, cannot be closed, then saves it: Download Complete', async () => {
    const zip = streamedZip();
    const calls = serve(fetchMock, {
      'POST /api/report-downloads': [json(job({}), 201)],
      [`GET ${JOB_PATH}/archive`]: [zip.response],
      [`GET ${JOB_PATH}`]: [
        json(job({ status: 'running', done: 1 })),
        ...Array.from({ length: 5 }, () => json(job({ status: 'complete', done: 3 }))),
      ],
    });
    const finish = start();
    const user = await pick('Enneagram Report', 'Maturity Report');
    expect(calls[0]?.body).toEqual({ ids: IDS, reports: ['basic', 'imf'], language: 'english' });

    const progress = await screen.findByRole('alertdialog', { name: 'Download Reports' });
    const bar = within(progress).getByRole('progressbar', { name: 'Please wait' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('1'));
    expect(bar.getAttribute('aria-valuetext')).toBe('1 of 3');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Download Reports' })).toBeTruthy();
    expect(finish).not.toHaveBeenCalled();

    zip.end();
    expect(await ended(finish)).toEqual({ title: 'Success', text: 'Download Complete' });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('Stop ends the job: Download Stopped', async () => {
    const zip = streamedZip();
    const running = () => json(job({ status: 'running', done: 1 }));
    const calls = serve(fetchMock, {
      'POST /api/report-downloads': [json(job({}), 201)],
      [`GET ${JOB_PATH}/archive`]: [zip.response],
      [`GET ${JOB_PATH}`]: [running(), running(), running(), running()],
      [`DELETE ${JOB_PATH}`]: [json(job({ status: 'stopped', done: 1 }))],
    });
    const finish = start();
    const user = await pick('Enneagram Coach Overview');
    const progress = await screen.findByRole('alertdialog', { name: 'Download Reports' });
    await within(progress).findByText('1 of 3');
    await user.click(within(progress).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === JOB_PATH)).toBe(true));
    zip.end();
    expect(await ended(finish)).toEqual({ title: 'Please Note', text: 'Download Stopped' });
  });

  it('lists the reports that could not be generated by name, with their error beside them', async () => {
    const failed = [
      { assessmentId: IDS[1] as string, name: 'Bence Kovács', report: 'imf' as const, message: 'Report generation timed out' },
    ];
    serve(fetchMock, {
      'POST /api/report-downloads': [json(job({}), 201)],
      [`GET ${JOB_PATH}/archive`]: [new Response('PK', { headers: { 'Content-Type': 'application/zip' } })],
      [`GET ${JOB_PATH}`]: [json(job({ status: 'complete', done: 3, failed }))],
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
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('PK'));
        controller.error(new TypeError('network error'));
      },
    });
    const running = () => json(job({ status: 'running', done: 1 }));
    serve(fetchMock, {
      'POST /api/report-downloads': [json(job({}), 201)],
      [`GET ${JOB_PATH}/archive`]: [new Response(cut, { headers: { 'Content-Type': 'application/zip' } })],
      [`GET ${JOB_PATH}`]: [
        running(),
        running(),
        ...Array.from({ length: 5 }, () => json(job({ status: 'failed', reason: 'server_stopped', message, done: 1 }))),
      ],
    });
    const finish = start();
    await pick('Enneagram Report');
    expect(await ended(finish)).toEqual({ title: 'Failed', text: message });
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("ends with the BFF's message when the job cannot be created", async () => {
    const detail = 'None of the selected assessments offers the selected reports.';
    serve(fetchMock, { 'POST /api/report-downloads': [problem(400, 'nothing_to_download', detail)] });
    const finish = start();
    await pick('Combined+ Report');
    expect(await ended(finish)).toEqual({ title: 'Failed', text: detail });
  });
});
