// The lease every long job of the BFF is held by (Download Reports, batch/downloads; the whole-selection actions,
// batch/batch-jobs.ts): its owner renews it every JOB_HEARTBEAT_MS, and a job whose owner stopped beating (the process
// died, lost Redis, hung) is failed by the next read of it, on any instance.

/** How long a job is kept once it ended, and how long a job nobody started is kept (the contract's `expiresAt`). */
export const JOB_TTL_MS = 30 * 60_000;
/** How often the owner of a running job renews its lease. */
export const JOB_HEARTBEAT_MS = 2_000;
/**
 * How long a running job lives without a beat: five beats, so that a busy event loop or a Redis hiccup of a few
 * seconds never fails a job whose owner still runs it, and a dead owner's job is failed within seconds.
 */
export const JOB_LEASE_MS = 10_000;

/** Thrown into a running job's signal by Stop. */
export class JobStoppedError extends Error {
  constructor(message = 'The job was stopped.') {
    super(message);
    this.name = 'JobStoppedError';
  }
}
