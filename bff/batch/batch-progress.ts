// The progress of a batch that runs as a job (batch-jobs.ts): the job learns how many items its batch runs and
// each one that settled, so the progress dialog can say "n of m" while it runs. The job's run carries it
// (batch-run.ts).

export interface BatchProgress {
  /** The batch's items are known: `total` to run, `done` of them recorded by an earlier attempt of the same key. */
  begin(total: number, done: number): Promise<void>;
  /** One more item settled (succeeded or failed). The job hears of a Stop pressed on another instance here. */
  settled(): Promise<void>;
}
