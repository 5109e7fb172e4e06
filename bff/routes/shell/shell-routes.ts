// The authenticated shell (contract tag `shell`): the dashboard and its spreadsheet, the messages, the sample reports,
// Leave A Message, the find-anything palette and the updates that keep a coach screen current.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { downloadActivitySummary } from './activity-summary-service.ts';
import { getDashboardPipeline } from './dashboard-pipeline-service.ts';
import { getDashboard } from './dashboard-service.ts';
import { feedbackFormProblem, sendFeedback } from './feedback-service.ts';
import { acknowledgeMessages, listMessages } from './messages-service.ts';
import { listSampleReports } from './samples-service.ts';
import { searchPortal } from './search-service.ts';
import { getUpdates } from './updates-service.ts';

export const shellRoutes: TagRoutes = ({ snapshots, updates }, config) => ({
  getDashboard: (input, ctx) => getDashboard(input, ctx, snapshots),
  getDashboardPipeline: (input, ctx) => getDashboardPipeline(input, ctx, snapshots),
  downloadActivitySummary,
  listMessages,
  acknowledgeMessages,
  listSampleReports: (input, ctx) => listSampleReports(input, ctx, config.sampleReportsUrl),
  sendFeedback: { invalid: { form: feedbackFormProblem }, idempotentCreate: true, handler: sendFeedback },
  getUpdates: (input, ctx) => getUpdates(input, ctx, snapshots, updates),
  searchPortal: (input, ctx) => searchPortal(input, ctx, snapshots),
});
