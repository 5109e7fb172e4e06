// Handler of the dashboard operation (openapi/bff.yaml, tag `shell`); the mapping is in dashboard-service.ts.
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import { getDashboard } from './dashboard-service.ts';

export function dashboardRoutes(): Pick<OperationHandlers, 'getDashboard'> {
  return {
    getDashboard: async (request) => getDashboard(request),
  };
}
