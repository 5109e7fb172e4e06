// The assessments table and its reads, the multi-select actions and the Download Reports job (contract tag `assessments`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { combineAssessments } from './assessment-combine-service.ts';
import { deleteAssessments } from './assessment-delete-service.ts';
import { aboutClientEmail, editAssessments, invalidClientEmail } from './assessment-edit-service.ts';
import { downloadAssessmentReport, downloadMailingDetails } from './assessment-files-service.ts';
import { copyAssessmentLink, listAssessmentHistory } from './assessment-history-service.ts';
import { previewInvite, sendInvites } from './assessment-invites-service.ts';
import { listAssessmentDetails, listAssessmentIds, listAssessmentProjects, listAssessments } from './assessment-list-service.ts';
import { aboutReports, previewReportEmail, reportRequired, sendReports } from './assessment-report-emails-service.ts';
import { setAssessmentsWrapped } from './assessment-wrap-service.ts';
import {
  createReportDownload,
  downloadReportArchive,
  downloadReportRequired,
  getReportDownload,
  stopReportDownload,
} from './report-downloads-service.ts';

export const assessmentsRoutes: TagRoutes = ({ jobStore: jobs, snapshots }, { batch, legacyApiUrl }) => {
  // An empty or missing `reports` answers the spec's toast, not validation_failed.
  const noReport = { rules: [{ when: aboutReports, answer: reportRequired }] };
  return {
    listAssessments: (input, ctx) => listAssessments(input, ctx, snapshots),
    listAssessmentIds: (input, ctx) => listAssessmentIds(input, ctx, snapshots),
    listAssessmentProjects: (input, ctx) => listAssessmentProjects(input, ctx, snapshots),
    listAssessmentDetails: (input, ctx) => listAssessmentDetails(input, ctx, snapshots),
    downloadMailingDetails,
    listAssessmentHistory,
    // The client's link lives on the legacy portal's host (spec §2.1 `/register/token?userToken=`).
    copyAssessmentLink: {
      changesLists: true,
      handler: (input, ctx) => copyAssessmentLink(input, ctx, snapshots, legacyApiUrl, snapshots.changeOf(ctx)),
    },
    downloadAssessmentReport: (input, ctx) => downloadAssessmentReport(input, ctx, snapshots),
    sendInvites: { idempotent: true, changesLists: true, handler: (input, ctx) => sendInvites(input, ctx, batch, snapshots.changeOf(ctx)) },
    previewInvite,
    sendReports: { invalid: noReport, idempotent: true, changesLists: true, handler: (input, ctx) => sendReports(input, ctx, batch) },
    previewReportEmail: { invalid: noReport, handler: previewReportEmail },
    deleteAssessments: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => deleteAssessments(input, ctx, batch, snapshots.changeOf(ctx)),
    },
    combineAssessments: { changesLists: true, handler: combineAssessments },
    setAssessmentsWrapped: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => setAssessmentsWrapped(input, ctx, batch, snapshots.changeOf(ctx)),
    },
    editAssessments: {
      invalid: { rules: [{ when: aboutClientEmail, answer: invalidClientEmail }] },
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => editAssessments(input, ctx, batch, snapshots.changeOf(ctx)),
    },
    createReportDownload: {
      invalid: { rules: [{ when: aboutReports, answer: downloadReportRequired }] },
      handler: (input, ctx) => createReportDownload(input, ctx, jobs),
    },
    getReportDownload: (input, ctx) => getReportDownload(input, ctx, jobs),
    stopReportDownload: (input, ctx) => stopReportDownload(input, ctx, jobs),
    downloadReportArchive: (input, ctx) => downloadReportArchive(input, ctx, jobs, batch),
  };
};
