// The authenticated shell (contract tag `shell`): the dashboard and its spreadsheet, the messages, the sample reports
// and Leave A Message.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { downloadActivitySummary } from './activity-summary-service.ts';
import { getDashboard } from './dashboard-service.ts';
import { feedbackFormProblem, sendFeedback } from './feedback-service.ts';
import { acknowledgeMessages, listMessages } from './messages-service.ts';
import { listSampleReports } from './samples-service.ts';

export const shellRoutes: TagRoutes = ({ snapshots }, config) => ({
  getDashboard: (input, ctx) => getDashboard(input, ctx, snapshots),
  downloadActivitySummary,
  listMessages,
  acknowledgeMessages,
  listSampleReports: (input, ctx) => listSampleReports(input, ctx, config.sampleReportsUrl),
  sendFeedback: { invalid: { form: feedbackFormProblem }, handler: sendFeedback },
});
