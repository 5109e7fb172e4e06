// The authenticated shell (contract tag `shell`): the dashboard and its spreadsheet, the messages and Leave A Message.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { downloadActivitySummary } from './activity-summary-service.ts';
import { getDashboard } from './dashboard-service.ts';
import { feedbackFormProblem, sendFeedback } from './feedback-service.ts';
import { acknowledgeMessages, listMessages } from './messages-service.ts';

export const shellRoutes: TagRoutes = () => ({
  getDashboard,
  downloadActivitySummary,
  listMessages,
  acknowledgeMessages,
  sendFeedback: { invalid: { form: feedbackFormProblem }, handler: sendFeedback },
});
