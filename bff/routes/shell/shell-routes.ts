// The authenticated shell (contract tag `shell`): the dashboard and the messages.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { getDashboard } from './dashboard-service.ts';
import { acknowledgeMessages, listMessages } from './messages-service.ts';

export const shellRoutes: TagRoutes = () => ({
  getDashboard,
  listMessages,
  acknowledgeMessages,
});
