// Handlers of the coach policy page operations (openapi/bff.yaml, tag `public`); the mapping is in policies-service.ts.
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import { acknowledgePolicy, policyPage } from './policies-service.ts';

export function policyRoutes(): Pick<OperationHandlers, 'getPolicyPage' | 'acknowledgePolicy'> {
  return {
    getPolicyPage: async (request) => policyPage(request, request.params),
    acknowledgePolicy: async (request) => acknowledgePolicy(request, request.params, request.body ?? {}),
  };
}
