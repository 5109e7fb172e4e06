import { useEffect, useRef, useState } from 'react';
import { failedMessage } from '../../../../components/data-table/action-messages.tsx';
import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { ProblemAlert } from '../../../../components/problem-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Loading } from '../../../../components/ui/loading.tsx';
import { ProgressCount } from '../../../../components/ui/progress-count.tsx';
import { isProblem } from '../../../../lib/problem.ts';
import { useRunOnMount } from '../../../../lib/use-run-on-mount.ts';
import { useReportArchive } from '../../api/download-report-archive.ts';
import { isRunning, useReportDownload } from '../../api/get-report-download.ts';
import { useStopReportDownload } from '../../api/stop-report-download.ts';
import { DOWNLOAD_TEXTS, downloadResultMessage, worthSaving } from './download-reports-result.tsx';

export interface DownloadProgressDialogProps {
  jobId: string;
  /** The job's file count when it was created. */
  total: number;
  finish: (message?: ActionMessage) => void;
}

/**
 * The progress modal (spec §4.6): fetches the job's archive and polls the job every 100 ms; "Please wait" with the
 * count of files done and Stop, no Esc and no close, for as long as the zip arrives and the job runs. Then the job's
 * answer after the zip ended says what it holds: Download Complete, Download Stopped (with what the saved zip holds;
 * a Stop before any report was written saves nothing) or the failed list. A zip that breaks off keeps the modal
 * until the job ended: the job says whether the server preparing it stopped (its `message`, telling the user to
 * start again); otherwise the connection was lost.
 */
export function DownloadProgressDialog({ jobId, total, finish }: DownloadProgressDialogProps) {
  const { archive, save } = useReportArchive(jobId);
  // When the zip arrived or broke off: the job's answers from then on are how it ended.
  const [settledAt, setSettledAt] = useState<number | null>(null);
  const job = useReportDownload(jobId, settledAt !== null);
  const stop = useStopReportDownload(jobId);
  const { refetch } = job;
  useRunOnMount(() =>
    archive.mutate(undefined, {
      onSettled: () => {
        setSettledAt(Date.now());
        // An answer already on its way may have left the BFF before the last file was counted: ask anew.
        void refetch();
      },
    }),
  );

  const ended = job.data && !isRunning(job.data) ? job.data : undefined;
  const endedAfterZip = ended !== undefined && settledAt !== null && job.dataUpdatedAt >= settledAt;
  const failedAfterZip = job.isError && settledAt !== null && job.errorUpdatedAt >= settledAt;
  const finished = useRef(false);
  useEffect(() => {
    const end = (message: ActionMessage) => {
      if (finished.current) return;
      finished.current = true;
      finish(message);
    };
    // The BFF refused the archive: nothing was streamed.
    if (archive.isError && isProblem(archive.error)) end(failedMessage(archive.error));
    // The server preparing the zip stopped: the zip cannot end, whatever the browser still waits for.
    else if (ended?.reason) end(downloadResultMessage(ended));
    // Broken off without an answer from the BFF: once the job ended (the BFF noticed) or cannot be read.
    else if (archive.isError && (ended || failedAfterZip)) end(failedMessage(archive.error));
    else if (archive.isSuccess && failedAfterZip) {
      save(archive.data);
      end(failedMessage(job.error));
    } else if (archive.isSuccess && endedAfterZip && ended) {
      if (worthSaving(ended)) save(archive.data);
      end(downloadResultMessage(ended));
    }
  }, [archive.isError, archive.isSuccess, archive.error, archive.data, ended, endedAfterZip, failedAfterZip, job.error, save, finish]);

  const count = job.data?.total ?? total;
  const done = job.data?.done ?? 0;
  const stopping = stop.isPending || stop.isSuccess || job.data?.status === 'stopped';
  return (
    <Dialog title="Download Reports" role="alertdialog" isKeyboardDismissDisabled isOpen onOpenChange={() => undefined}>
      <div className="stack">
        <ProgressCount label={DOWNLOAD_TEXTS.wait} done={done} total={count} />
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

/**
 * The progress state from the moment Download is pressed until the BFF has created the job (for the table's whole
 * selection that takes a moment): already "Please wait", and as the running modal, no Esc and no close (spec §4.6:
 * the progress modal cannot be closed while running). Stop needs the job: it is offered once the job exists.
 */
export function DownloadPreparingDialog() {
  return (
    <Dialog title="Download Reports" role="alertdialog" isKeyboardDismissDisabled isOpen onOpenChange={() => undefined}>
      <div className="stack">
        <Loading label={DOWNLOAD_TEXTS.preparing} />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" isDisabled>
          Stop
        </Button>
      </div>
    </Dialog>
  );
}
