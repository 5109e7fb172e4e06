import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { REPORT_NAMES } from '../../../../lib/labels/assessments.ts';
import type { ReportDownloadJob } from '../../api/get-report-download.ts';

// spec assessments-and-clients §4.6, §8 "Download failures".
export const DOWNLOAD_TEXTS = {
  reportRequired: 'Please select a report to download',
  wait: 'Please wait',
  complete: 'Download Complete',
  stopped: 'Download Stopped',
  notGenerated: 'The following report(s) could not be generated. The team has been notified and will be in touch.',
  unexpected: 'There was an unexpected error',
} as const;

/** The files the BFF could not produce, by client and report, each with the legacy `error.info` beside it. */
function FailedList({ failed }: { failed: ReportDownloadJob['failed'] }) {
  return (
    <>
      <p>{DOWNLOAD_TEXTS.notGenerated}</p>
      <ul className="download-result__failures">
        {failed.map((file) => (
          <li key={`${file.assessmentId} ${file.report}`}>
            {file.name}, {REPORT_NAMES[file.report]}: {file.message}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * How an ended job is reported (spec §4.6): Download Complete, Download Stopped, or the failed list (alert Failed,
 * spec §8); a job the BFF ended early says why when it knows (its server stopped: start again), else it is Failed.
 */
export function downloadResultMessage(job: ReportDownloadJob): ActionMessage {
  if (job.status === 'stopped') {
    return {
      title: 'Please Note',
      body: (
        <>
          <p>{DOWNLOAD_TEXTS.stopped}</p>
          {job.failed.length > 0 && <FailedList failed={job.failed} />}
        </>
      ),
    };
  }
  if (job.status === 'failed' && job.message) {
    return {
      title: 'Failed',
      body: (
        <>
          <p>{job.message}</p>
          {job.failed.length > 0 && <FailedList failed={job.failed} />}
        </>
      ),
    };
  }
  if (job.failed.length > 0) return { title: 'Failed', body: <FailedList failed={job.failed} /> };
  if (job.status === 'failed') return { title: 'Failed', body: <p>{DOWNLOAD_TEXTS.unexpected}</p> };
  return { title: 'Success', body: <p>{DOWNLOAD_TEXTS.complete}</p> };
}
