// The coach's profile (contract tag `profile`): the policies to sign or accept and their alert.
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { getPolicyAlert, listPolicies } from './policies-service.ts';

export const profileRoutes: TagRoutes = () => ({
  listPolicies,
  getPolicyAlert,
});
