// The one wrapper of every routes entry that sets a batch flag (operation.ts RouteFlag): it checks the four flags
// against the contract, then gives each flagged call one run (batch/batch-run.ts) and passes it, through the
// flags' wrappers in the order below, to the handler (docs/decisions/024-one-batch-run-passed-explicitly.md).
import type { BatchJobStore, JobOperation } from '../../batch/batch-jobs.ts';
import { runsAsJob } from '../../batch/batch-jobs.ts';
import { contextIn, newRun, type RunHandler } from '../../batch/batch-run.ts';
import type { IdempotencyStore } from '../../batch/idempotency-store.ts';
import { idempotent } from '../../batch/idempotent.ts';
import { type IdempotentCreateOptions, idempotentCreate } from '../../batch/idempotent-create.ts';
import type { OperationHandler, OperationHandlers, OperationId, OperationRoute, RouteFlag } from '../../operation.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { checkListFlags, listChanges } from './assessment-snapshots.ts';
import { auditJobEnd, checkJobFlags } from './batch-jobs.ts';
import { checkIdempotentFlags, emptyAnswerOf } from './idempotency.ts';

export interface BatchRunsOptions {
  idempotency: IdempotencyStore;
  snapshots: SnapshotCache;
  jobs: BatchJobStore;
  /** How long a repeated create waits for the first one's outcome (the legacy timeout). */
  create: IdempotentCreateOptions;
}

/**
 * The flags' wrappers, outermost first: the order a call meets them, and the order the run is filled in.
 * 1. `job`: a call asking for a job answers 202 at once; the rest runs for the job, its run's signal the job's Stop,
 *    its legacy client detached from the browser, its progress the job's. Outermost, so that everything below runs
 *    exactly as it would have for the call.
 * 2. `changesLists`: the run gets the change the action reports into; it is applied when everything below ended,
 *    Idempotency-Key and all, so a failure anywhere below counts as an unknown effect.
 * 3. `idempotent` (a batch: the run gets the key's ledger, its legacy client detached) or `idempotentCreate` (the run's
 *    legacy clients watched): innermost, nearest the legacy calls they record.
 */
const ORDER = ['job', 'changesLists', 'idempotent', 'idempotentCreate'] as const satisfies readonly RouteFlag[];

type Wrap = (operationId: OperationId, handler: RunHandler<OperationId>) => RunHandler<OperationId>;

/** Every flagged routes entry wrapped, the others unchanged; throws (the app does not start) when a flag and the contract disagree. */
export function batchRuns(handlers: OperationHandlers, { idempotency, snapshots, jobs, create }: BatchRunsOptions): OperationHandlers {
  checkIdempotentFlags(handlers);
  checkListFlags(handlers);
  checkJobFlags(handlers);
  const wraps: Record<(typeof ORDER)[number], Wrap> = {
    job: (operationId, handler) => runsAsJob(operationId as JobOperation & OperationId, handler, jobs, { onEnd: auditJobEnd }),
    changesLists: (_operationId, handler) => listChanges(handler, snapshots),
    idempotent: (operationId, handler) => idempotent(operationId, handler, idempotency, emptyAnswerOf(operationId)),
    idempotentCreate: (operationId, handler) => idempotentCreate(operationId, handler, idempotency, create),
  };
  const wrapped: Record<string, unknown> = { ...handlers };
  for (const [operationId, entry] of Object.entries(handlers) as [OperationId, OperationHandlers[OperationId]][]) {
    if (typeof entry !== 'object') continue;
    const route = entry as OperationRoute<OperationId>;
    const flags = ORDER.filter((flag) => route[flag] === true);
    if (flags.length === 0) continue;
    // The handler gets the request's context with the run's clients, signal and log, and the run itself.
    const inner: RunHandler<OperationId> = (input, ctx, run) => route.handler(input, contextIn(ctx, run), run);
    const outer = flags.reduceRight((handler, flag) => wraps[flag](operationId, handler), inner);
    const handler: OperationHandler<OperationId> = (input, ctx) => outer(input, ctx, newRun(ctx));
    wrapped[operationId] = { ...route, handler };
  }
  return wrapped as OperationHandlers;
}
