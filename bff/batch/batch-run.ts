// One run of an action whose routes entry sets a batch flag (`job`, `changesLists`, `idempotent`,
// `idempotentCreate`): what its wrappers give it, made once by `batchRuns` (plugins/app/batch-runs.ts) and handed from
// wrapper to wrapper and to the handler as an argument, never kept beside the request's context
// (docs/decisions/024-one-batch-run-passed-explicitly.md). Each wrapper hands on a copy with its part set:
// - the job (outermost): `signal` is the job's Stop, `legacy` no longer follows the browser, `progress` tells the job;
// - the list change: `change`, which the action reports its effect on the coach's list copies into;
// - the Idempotency-Key: a batch's `ledger` (and `legacy` detached: items in flight finish when the browser leaves),
//   or a create's `legacy` and `publicLegacy` watched (whether a call that may change something went out).
import type { ContextOf, Log, OperationContext, OperationHandler, OperationId, OperationInput } from '../operation.ts';
import type { CopyChange } from '../snapshots/snapshot-cache.ts';
import type { LegacyClient } from '../upstream/legacy-client.ts';
import type { BatchLedger } from './batch-ledger.ts';
import type { BatchProgress } from './batch-progress.ts';

export interface BatchRun {
  /** The browser leaving, or for a job its Stop: nothing new starts. */
  readonly signal: AbortSignal;
  /** The legacy client the action calls through (the session's cookie). */
  readonly legacy: LegacyClient;
  /** The legacy client without a cookie (public pages). */
  readonly publicLegacy: LegacyClient;
  readonly log: Log;
  /** Under an Idempotency-Key, a batch's per-item ledger (batch/idempotent.ts). */
  readonly ledger?: BatchLedger | undefined;
  /** As a job, its progress (batch/batch-jobs.ts). */
  readonly progress?: BatchProgress | undefined;
  /** With `changesLists`, the change the action reports into (plugins/app/assessment-snapshots.ts). */
  readonly change?: CopyChange | undefined;
}

/** A wrapper's inner action, or the routes entry's handler, with the run passed to it. */
export type RunHandler<K extends OperationId> = (
  input: OperationInput<K>,
  ctx: ContextOf<K>,
  run: BatchRun,
) => ReturnType<OperationHandler<K>>;

/** The run a flagged call starts with: the request's own signal, clients and log. */
export const newRun = (ctx: OperationContext): BatchRun => ({
  signal: ctx.signal,
  legacy: ctx.legacy,
  publicLegacy: ctx.publicLegacy,
  log: ctx.log,
});

/**
 * The context the handler gets under its run: the request's (session, headers…) with the run's clients, signal and
 * log, so a service that calls `ctx.legacy` calls what the run says (a job's calls never follow the browser).
 */
export const contextIn = <K extends OperationId>(ctx: ContextOf<K>, run: BatchRun): ContextOf<K> =>
  ({ ...ctx, legacy: run.legacy, publicLegacy: run.publicLegacy, signal: run.signal, log: run.log }) as ContextOf<K>;

/** What `runBatch` takes from the run: Stop or the browser leaving, the log, the ledger and the job's progress. */
export const batchOptions = (run: BatchRun) => ({ signal: run.signal, log: run.log, ledger: run.ledger, progress: run.progress });

/** The run a routes entry's handler got; none means its entry sets no batch flag (a wiring mistake, caught in tests). */
export function runOf(run: BatchRun | undefined): BatchRun {
  if (!run) throw new Error('this operation sets none of `idempotent`, `idempotentCreate`, `changesLists`, `job` in its routes entry');
  return run;
}

/** The change the run reports into: an operation that changes the lists but is not wrapped would leave every copy stale. */
export function listChange(run: BatchRun | undefined): CopyChange {
  const change = run?.change;
  if (!change) throw new Error('this operation does not say `changesLists: true` in its routes entry');
  return change.report();
}
