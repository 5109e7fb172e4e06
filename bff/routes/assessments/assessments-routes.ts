// The assessments' multi-select actions and the Download Reports job (contract tag `assessments`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import {
  aboutReports,
  deleteAssessments,
  previewInvite,
  previewReportEmail,
  reportRequired,
  sendInvites,
  sendReports,
} from './assessments-service.ts';
import {
  createReportDownload,
  downloadReportArchive,
  downloadReportRequired,
  getReportDownload,
  stopReportDownload,
} from './report-downloads-service.ts';

export const assessmentsRoutes: TagRoutes = ({ jobStore: jobs }, { batch }) => {
  // An empty or missing `reports` answers the spec's toast, not validation_failed.
  const noReport = { rules: [{ when: aboutReports, answer: reportRequired }] };
  return {
    sendInvites: (input, ctx) => sendInvites(input, ctx, batch),
    previewInvite,
    sendReports: { invalid: noReport, handler: (input, ctx) => sendReports(input, ctx, batch) },
    previewReportEmail: { invalid: noReport, handler: previewReportEmail },
    deleteAssessments: (input, ctx) => deleteAssessments(input, ctx, batch),
    createReportDownload: {
      invalid: { rules: [{ when: aboutReports, answer: downloadReportRequired }] },
      handler: (input, ctx) => createReportDownload(input, ctx, jobs),
    },
    getReportDownload: (input, ctx) => getReportDownload(input, ctx, jobs),
    stopReportDownload: (input, ctx) => stopReportDownload(input, ctx, jobs),
    downloadReportArchive: (input, ctx) => downloadReportArchive(input, ctx, jobs, batch),
  };
};
