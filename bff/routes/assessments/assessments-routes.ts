// The assessments table and its reads, the multi-select actions (those taking the whole selection may run as a job)
// and the Download Reports job (contract tag `assessments`).
import { listChange, runOf } from '../../batch/batch-run.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { getAssessmentBatchJob, stopAssessmentBatchJob } from './assessment-batch-jobs-service.ts';
import { combineAssessments } from './assessment-combine-service.ts';
import { deleteAssessments } from './assessment-delete-service.ts';
import { aboutClientEmail, editAssessments, invalidClientEmail } from './assessment-edit-service.ts';
import { exportAssessments } from './assessment-export-service.ts';
import { downloadAssessmentReport, downloadMailingDetails } from './assessment-files-service.ts';
import { copyAssessmentLink, listAssessmentHistory } from './assessment-history-service.ts';
import { previewInvite, sendInvites } from './assessment-invites-service.ts';
import { listAssessmentDetails, listAssessmentIds, listAssessmentProjects, listAssessments } from './assessment-list-service.ts';
import { aboutReports, previewReportEmail, reportRequired, sendReports } from './assessment-report-emails-service.ts';
import { summarizeAssessmentSelection } from './assessment-selection-service.ts';
import { setAssessmentsWrapped } from './assessment-wrap-service.ts';
import {
  createReportDownload,
  downloadReportArchive,
  downloadReportRequired,
  getReportDownload,
  stopReportDownload,
} from './report-downloads-service.ts';

/**
 * The body limit of the calls that take the table's whole selection (`AssessmentSelection`, 50,000 ids): 50,000 ×
 * 39 bytes (a quoted uuid and its comma) is 1.95 MB, with room for the options; every other route keeps Fastify's 1 MiB.
 */
export const SELECTION_BODY_LIMIT = 2 * 1024 * 1024;

export const assessmentsRoutes: TagRoutes = ({ jobStore: jobs, batchJobs, snapshots }, { batch, legacyApiUrl }) => {
  // An empty or missing `reports` answers the spec's toast, not validation_failed.
  const noReport = { rules: [{ when: aboutReports, answer: reportRequired }] };
  // The actions that take the table's whole selection, and may run as a job (batch/batch-jobs.ts).
  const wholeSelection = { bodyLimit: SELECTION_BODY_LIMIT } as const;
  const asJob = { job: true, idempotent: true, changesLists: true, bodyLimit: SELECTION_BODY_LIMIT } as const;
  return {
    listAssessments: (input, ctx) => listAssessments(input, ctx, snapshots),
    listAssessmentIds: (input, ctx) => listAssessmentIds(input, ctx, snapshots),
    exportAssessments: (input, ctx) => exportAssessments(input, ctx, snapshots),
    listAssessmentProjects: (input, ctx) => listAssessmentProjects(input, ctx, snapshots),
    listAssessmentDetails: (input, ctx) => listAssessmentDetails(input, ctx, snapshots),
    downloadMailingDetails,
    listAssessmentHistory,
    // The client's link lives on the legacy portal's host (spec §2.1 `/register/token?userToken=`).
    copyAssessmentLink: {
      changesLists: true,
      handler: (input, ctx, run) => copyAssessmentLink(input, ctx, snapshots, legacyApiUrl, listChange(run)),
    },
    downloadAssessmentReport: (input, ctx) => downloadAssessmentReport(input, ctx, snapshots),
    summarizeAssessmentSelection: { ...wholeSelection, handler: (input, ctx) => summarizeAssessmentSelection(input, ctx, snapshots) },
    sendInvites: { ...asJob, handler: (input, ctx, run) => sendInvites(input, ctx, batch, runOf(run), snapshots) },
    previewInvite: { ...wholeSelection, handler: (input, ctx) => previewInvite(input, ctx, snapshots) },
    sendReports: { ...asJob, invalid: noReport, handler: (input, ctx, run) => sendReports(input, ctx, batch, runOf(run)) },
    previewReportEmail: { ...wholeSelection, invalid: noReport, handler: previewReportEmail },
    deleteAssessments: { ...asJob, handler: (input, ctx, run) => deleteAssessments(input, ctx, batch, runOf(run)) },
    getAssessmentBatchJob: (input, ctx) => getAssessmentBatchJob(input, ctx, batchJobs),
    stopAssessmentBatchJob: (input, ctx) => stopAssessmentBatchJob(input, ctx, batchJobs),
    combineAssessments: { idempotentCreate: true, changesLists: true, handler: combineAssessments },
    setAssessmentsWrapped: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => setAssessmentsWrapped(input, ctx, batch, runOf(run)),
    },
    editAssessments: {
      invalid: { rules: [{ when: aboutClientEmail, answer: invalidClientEmail }] },
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => editAssessments(input, ctx, batch, runOf(run)),
    },
    createReportDownload: {
      ...wholeSelection,
      invalid: { rules: [{ when: aboutReports, answer: downloadReportRequired }] },
      handler: (input, ctx) => createReportDownload(input, ctx, jobs),
    },
    getReportDownload: (input, ctx) => getReportDownload(input, ctx, jobs),
    stopReportDownload: (input, ctx) => stopReportDownload(input, ctx, jobs),
    downloadReportArchive: (input, ctx) => downloadReportArchive(input, ctx, jobs, batch),
  };
};
