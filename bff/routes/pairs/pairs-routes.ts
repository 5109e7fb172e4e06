// The pairs screen and Add Pairs (contract tag `pairs`).
import { type BatchRun, listChange, runOf } from '../../batch/batch-run.ts';
import type { TagRoutes } from '../../plugins/app/openapi-routes.ts';
import { changesOnly, PAIRS_LIST } from '../../snapshots/team-pair-snapshots.ts';
import { exportPairs } from './pairs-export-service.ts';
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
  const pairsChange = <T>(run: BatchRun | undefined, action: (run: BatchRun) => Promise<T>): Promise<T> => {
    changesOnly(listChange(run), PAIRS_LIST);
    return action(runOf(run));
  };
  return {
    listPairs,
    exportPairs: (input, ctx) => exportPairs(input, ctx, snapshots),
    // A missing due date and a selection that is not two assessments answer the spec's toasts. Its effect on the
    // lists is not known (every copy is dropped).
    createPair: { invalid: { form: pairFormProblem }, idempotentCreate: true, changesLists: true, handler: createPair },
    deletePairs: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => pairsChange(run, (run) => deletePairs(input, ctx, batch, run)),
    },
    previewPairReportEmail: (input, ctx) => previewPairReportEmail(input, ctx, batch),
    sendPairReports: {
      idempotent: true,
      changesLists: true,
      handler: (input, ctx, run) => pairsChange(run, (run) => sendPairReports(input, ctx, batch, run)),
    },
    downloadPairReport,
  };
};
