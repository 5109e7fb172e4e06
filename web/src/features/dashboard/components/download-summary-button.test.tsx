import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, serve } from '../../../test/fake-bff.ts';
import { render } from '../../../test/render.tsx';
import { DOWNLOAD_SUMMARY, DownloadSummaryButton } from './download-summary-button.tsx';

// The typed client keeps the fetch it finds when it is created: replace it before any import runs.
const fetchMock = vi.hoisted(() => vi.spyOn(globalThis, 'fetch'));

beforeEach(() => {
  fetchMock.mockReset();
});

describe('DownloadSummaryButton', () => {
  it("saves the workbook under the BFF's file name", async () => {
    const createObjectURL = vi.fn(() => 'blob:summary');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const calls = serve(fetchMock, {
      'GET /api/activity-summary': [
        new Response('PK-bytes', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="activity-summary-2025-10-30.xlsx"' },
        }),
      ],
    });
    render(<DownloadSummaryButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: DOWNLOAD_SUMMARY }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('activity-summary-2025-10-30.xlsx');
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/activity-summary']);
    click.mockRestore();
  });

  it("alerts 'Failed' with the server's text", async () => {
    serve(fetchMock, { 'GET /api/activity-summary': [problem(502, 'download_failed', 'No activity yet.')] });
    render(<DownloadSummaryButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: DOWNLOAD_SUMMARY }));
    const alert = await screen.findByRole('alertdialog', { name: 'Failed' });
    expect(alert.textContent).toContain('No activity yet.');
  });
});
