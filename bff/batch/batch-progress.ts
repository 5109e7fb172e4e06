// The progress of a batch that runs as a job (batch-jobs.ts): the job learns how many items its batch runs and
// each one that settled, so the progress dialog can say "n of m" while it runs. Kept beside the request's context,
// as the ledger is (batch-ledger.ts), so that `batchContext(ctx)` finds it without the handler knowing of it.

export interface BatchProgress {
  /** The batch's items are known: `total` to run, `done` of them recorded by an earlier attempt of the same key. */
  begin(total: number, done: number): Promise<void>;
  /** One more item settled (succeeded or failed). The job hears of a Stop pressed on another instance here. */
  settled(): Promise<void>;
}

const progresses = new WeakMap<object, BatchProgress>();

/** Gives the request's batch its progress (batch-jobs.ts, for a call that runs as a job). */
export const attachProgress = (ctx: object, progress: BatchProgress): void => void progresses.set(ctx, progress);

/** The request's progress, if it runs as a job. */
export const progressOf = (ctx: object): BatchProgress | undefined => progresses.get(ctx);
