// The pairs screen and Add Pairs (contract tag `pairs`).
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import {
  createPair,
  deletePairs,
  downloadPairReport,
  listPairs,
  pairFormProblem,
  previewPairReportEmail,
  sendPairReports,
} from './pairs-service.ts';

export const pairsRoutes: TagRoutes = (_app, { batch }) => ({
  listPairs,
  // A missing due date and a selection that is not two assessments answer the spec's toasts.
  createPair: { invalid: { form: pairFormProblem }, changesLists: true, handler: createPair },
  deletePairs: { idempotent: true, handler: (input, ctx) => deletePairs(input, ctx, batch) },
  previewPairReportEmail: (input, ctx) => previewPairReportEmail(input, ctx, batch),
  sendPairReports: { idempotent: true, handler: (input, ctx) => sendPairReports(input, ctx, batch) },
  downloadPairReport,
});
