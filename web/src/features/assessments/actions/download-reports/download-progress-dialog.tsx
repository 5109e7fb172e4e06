import { useEffect, useId, useState } from 'react';
import { failedMessage } from '../../../../components/data-table/action-messages.tsx';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { isProblem } from '../../../../lib/problem.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useDownloadReportArchive } from '../../api/download-report-archive.ts';
import { isRunning, useReportDownload } from '../../api/get-report-download.ts';
import { useStopReportDownload } from '../../api/stop-report-download.ts';
import { DOWNLOAD_TEXTS, downloadResultMessage } from './download-reports-result.tsx';

/** spec assessments-and-clients §9: the progress bar ticks every 100 ms. */
export const PROGRESS_TICK_MS = 100;

/**
 * The bar's count, moved every 100 ms towards the polled count (spec §4.6, §9): the job is polled once a second,
 * the bar still moves every tick.
 */
function useTickedCount(target: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= target) return;
    const tick = setTimeout(() => setShown((now) => Math.min(target, now + Math.max(1, Math.ceil((target - now) / 5)))), PROGRESS_TICK_MS);
    return () => clearTimeout(tick);
  }, [shown, target]);
  return Math.min(shown, target);
}

export interface DownloadProgressDialogProps {
  jobId: string;
  /** The job's file count when it was created. */
  total: number;
  finish: (message?: ActionMessage) => void;
}

/**
 * The progress modal (spec §4.6): fetches the job's archive (saved by the browser when it ends) and polls the job;
 * "Please wait" with the bar and Stop while it runs, no Esc and no close; then Download Complete, Download Stopped
 * or the failed list. A zip that breaks off keeps the modal until the job ended: the job says whether the server
 * preparing it stopped (its `message`, telling the user to start again); otherwise the connection was lost.
 */
export function DownloadProgressDialog({ jobId, total, finish }: DownloadProgressDialogProps) {
  const archive = useDownloadReportArchive(jobId);
  const job = useReportDownload(jobId);
  const stop = useStopReportDownload(jobId);
  useRunOnMount(() => archive.mutate());

  const ended = job.data && !isRunning(job.data) ? job.data : undefined;
  // Broken off without an answer from the BFF (the connection, or the instance streaming the zip, went away).
  const cut = archive.isError && !isProblem(archive.error);
  useEffect(() => {
    if (archive.isError && !cut) finish(failedMessage(archive.error));
    else if (job.isError) finish(failedMessage(job.error));
    // The server preparing the zip stopped: the zip cannot end, whatever the browser still waits for.
    else if (ended?.reason) finish(downloadResultMessage(ended));
    else if (ended && cut) finish(failedMessage(archive.error));
    else if (ended && archive.isSuccess) finish(downloadResultMessage(ended));
  }, [archive.isError, archive.error, archive.isSuccess, cut, job.isError, job.error, ended, finish]);

  const count = job.data?.total ?? total;
  const done = useTickedCount(job.data?.done ?? 0);
  const valueText = `${done} of ${count}`;
  const labelId = useId();
  const stopping = stop.isPending || job.data?.status === 'stopped';
  return (
    <Dialog title="Download Reports" role="alertdialog" isKeyboardDismissDisabled isOpen onOpenChange={() => undefined}>
      <div className="stack">
        {/* A plain progressbar: react-aria's ProgressBar pulls its number formatting into the screen's shared chunk. */}
        <div className="download-progress">
          <div className="download-progress__label">
            <span id={labelId}>{DOWNLOAD_TEXTS.wait}</span>
            <span className="download-progress__count">{valueText}</span>
          </div>
          <div
            className="download-progress__track"
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={count}
            aria-valuenow={done}
            aria-valuetext={valueText}
          >
            <div className="download-progress__fill" style={{ width: `${count > 0 ? (100 * done) / count : 0}%` }} />
          </div>
        </div>
        <ProblemAlert error={stop.error} />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" isDisabled={stopping} onPress={() => stop.mutate({ params: { path: { jobId } } })}>
          Stop
        </Button>
      </div>
    </Dialog>
  );
}
