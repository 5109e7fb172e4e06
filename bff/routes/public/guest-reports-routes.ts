// Handlers of the guest report operations (openapi/bff.yaml, tag `public`); the mapping is in guest-reports-service.ts.
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import { guestReport } from './guest-reports-service.ts';

// downloadGuestReport stays 501: the guest results name no coach, and GET publish/reports/coach/{reportCode}/{coachId}/{assessmentId}
// needs the coach's id and the coach's legacy session, which a guest does not have.
export function guestReportRoutes(): Pick<OperationHandlers, 'getGuestReport'> {
  return {
    getGuestReport: async (request) => guestReport(request, request.params.guestId, request.params.reportCode, request.query ?? {}),
  };
}
