// The pairs screen and Add Pairs (contract tag `pairs`).
import type { SessionContext } from '../../operation.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { changesOnly, PAIRS_LIST } from '../../snapshots/team-pair-snapshots.ts';
import {
  createPair,
  deletePairs,
  downloadPairReport,
  listPairs,
  pairFormProblem,
  previewPairReportEmail,
  sendPairReports,
} from './pairs-service.ts';

export const pairsRoutes: TagRoutes = ({ snapshots }, { batch }) => {
  // Deleting pairs and sending their reports change the pairs copy the palette searches
  // (snapshots/team-pair-snapshots.ts) and no other: `changesLists` with only that copy dropped.
  const pairsChange = <T>(ctx: SessionContext, run: () => Promise<T>): Promise<T> => {
    changesOnly(snapshots.changeOf(ctx), PAIRS_LIST);
    return run();
  };
  return {
    listPairs,
    // A missing due date and a selection that is not two assessments answer the spec's toasts. Its effect on the
    // lists is not known (every copy is dropped).
    createPair: { invalid: { form: pairFormProblem }, idempotentCreate: true, changesLists: true, handler: createPair },
    deletePairs: { idempotent: true, changesLists: true, handler: (input, ctx) => pairsChange(ctx, () => deletePairs(input, ctx, batch)) },
    previewPairReportEmail: (input, ctx) => previewPairReportEmail(input, ctx, batch),
    sendPairReports: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx) => pairsChange(ctx, () => sendPairReports(input, ctx, batch)),
    },
    downloadPairReport,
  };
};
