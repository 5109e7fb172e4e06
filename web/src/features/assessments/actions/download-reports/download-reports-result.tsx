import type { ActionMessage } from '../../../../components/data-table/table-actions.ts';
import { FailureGroups } from '../../../../components/failure-groups.tsx';
import { REPORT_NAMES } from '../../../../lib/labels/assessments.ts';
import type { ReportDownloadJob } from '../../api/get-report-download.ts';

// spec assessments-and-clients §4.5, §4.6, §8 "Download failures"; `stoppedWith` and `nothingSaved` say what a Stop
// left the coach with (the spec names only "Download Stopped").
export const DOWNLOAD_TEXTS = {
  reportRequired: 'Please select a report to download',
  noReports: 'None of the selected assessments has a report to download yet.',
  wait: 'Please wait',
  preparing: 'Please wait: preparing the download...',
  complete: 'Download Complete',
  stopped: 'Download Stopped',
  nothingSaved: 'The download was stopped before any report was written: no zip was saved.',
  notGenerated: 'The following report(s) could not be generated. The team has been notified and will be in touch.',
  unexpected: 'There was an unexpected error',
} as const;

/**
 * The most reports one download holds: the BFF's (`too_many_reports` beyond; bff/downloads/jobs.ts MAX_JOB_FILES, the
 * contract's ReportDownloadJob.total maximum). The dialog states it when the selection could offer more.
 */
export const MAX_REPORTS_PER_DOWNLOAD = 20_000;

/** The limit, said before anything starts. */
export const downloadLimit = () =>
  `A download holds at most ${MAX_REPORTS_PER_DOWNLOAD.toLocaleString('en')} reports: for more, download fewer reports or fewer assessments at a time.`;

/** What the saved zip holds after a Stop: the reports written in full before it, of all the job was to fetch. */
export const stoppedWith = (written: number, total: number) => `The download was stopped: the zip holds ${written} of ${total} reports.`;

/** spec §4.5: the reports only waiting for marking are named, not offered. */
export const waitingForMarking = (names: readonly string[]) => `Waiting for marking: ${names.join(', ')}.`;

/** The reports written into the zip in full: a failed file, even one cut short in the zip, is not one of them. */
export const writtenOf = (job: ReportDownloadJob) => Math.max(0, job.done - job.failed.length);

/** Whether the browser saves the zip: everything but a Stop before any report was written (an empty zip helps nobody). */
export const worthSaving = (job: ReportDownloadJob) => job.status !== 'stopped' || writtenOf(job) > 0;

/**
 * The files the BFF could not produce, by client and report, each with the legacy `error.info`: a few one by one,
 * more grouped by that reason with a count, each group's files shown when asked (`FailureGroups`).
 */
function FailedList({ failed }: { failed: ReportDownloadJob['failed'] }) {
  return (
    <>
      <p>{DOWNLOAD_TEXTS.notGenerated}</p>
      <FailureGroups
        className="download-result__failures"
        items={failed.map((file) => ({
          key: `${file.assessmentId} ${file.report}`,
          name: `${file.name}, ${REPORT_NAMES[file.report]}`,
          code: 'download_failed',
          message: file.message,
        }))}
      />
    </>
  );
}

/**
 * How an ended job is reported (spec §4.6): Download Complete, Download Stopped with what the saved zip holds, or the
 * failed list (alert Failed, spec §8); a job the BFF ended early says why when it knows (its server stopped: start
 * again), else it is Failed.
 */
export function downloadResultMessage(job: ReportDownloadJob): ActionMessage {
  if (job.status === 'stopped') {
    const written = writtenOf(job);
    return {
      title: 'Please Note',
      body: (
        <>
          <p>{DOWNLOAD_TEXTS.stopped}</p>
          <p>{written > 0 ? stoppedWith(written, job.total) : DOWNLOAD_TEXTS.nothingSaved}</p>
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
