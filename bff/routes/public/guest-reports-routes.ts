// Handlers of the guest report operations (openapi/bff.yaml, tag `public`); the mapping is in guest-reports-service.ts.
import type { OperationHandlers } from '../../plugins/app/openapi-routes.ts';
import { guestReport } from './guest-reports-service.ts';

// The viewer offers no PDF: GET publish/reports/coach/{reportCode}/{coachId}/{assessmentId} needs the coach's
// id and legacy session, which a guest does not have (the coach downloads PDFs from the assessments area).
export function guestReportRoutes(): Pick<OperationHandlers, 'getGuestReport'> {
  return {
    getGuestReport: async (request) => guestReport(request, request.params.guestId, request.params.reportCode, request.query ?? {}),
  };
}
