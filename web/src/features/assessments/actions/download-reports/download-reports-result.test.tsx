// Download Reports' result: its failed files grouped by the legacy reason as every batch result groups its
// failures (components/batch-result.tsx), each file still reachable by client and report.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReportDownloadJob } from '../../api/get-report-download.ts';
import { downloadResultMessage } from './download-reports-result.tsx';

const client = (n: number) => `Client${n} Person${n}`;
const id = (n: number) => `a55e55e0-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the Download Reports result', () => {
  it("groups Download Reports' failed files by the legacy reason, each file reachable by client and report", async () => {
    const failed: ReportDownloadJob['failed'] = Array.from({ length: 40 }, (_, n) => ({
      assessmentId: id(n + 1),
      name: client(n + 1),
      report: n % 2 === 0 ? 'basic' : 'imf',
      message: n < 39 ? 'Report generation timed out' : 'Template missing',
    }));
    const job: ReportDownloadJob = {
      jobId: id(9),
      status: 'complete',
      total: 80,
      done: 80,
      skipped: 0,
      failed,
      createdAt: '2025-09-12T14:03:10Z',
    };
    const message = downloadResultMessage(job);
    expect(message.title).toBe('Failed');
    render(<div>{message.body}</div>);
    screen.getByText('39 failed: Report generation timed out');
    screen.getByText('1 failed: Template missing');
    await userEvent.click(screen.getByRole('button', { name: 'Show the name' }));
    within(screen.getByRole('list', { name: '1 failed: Template missing' })).getByText(`${client(40)}, Maturity Report`);
  });
});
