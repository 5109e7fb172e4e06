// What the soak run records: every answer (or its absence) the simulated coaches got, the batches and Download
// Reports jobs with their outcomes, the sessions lost, the chaos events, and the processes' memory over time.
// Times are ms since the run started.
import type { components } from '../../generated/bff.ts';

export type InviteBatchResult = components['schemas']['InviteBatchResult'];
export type ReportDownloadJob = components['schemas']['ReportDownloadJob'];

/** Operation groups the latency is reported by (the list pages each on their own). */
export const GROUPS = [
  'sign-in',
  'dashboard',
  'list: first page',
  'list: next page',
  'list: sort',
  'list: search',
  'list: filter',
  'invites',
  'report job',
  'report archive',
  'sign-out',
] as const;
export type Group = (typeof GROUPS)[number];
export const isListGroup = (group: Group) => group.startsWith('list:');

/** One call of the soak as recorded: which operation, where, when, how long and how it was answered. */
export interface CallRecord {
  /** The contract's operationId. */
  operation: string;
  group: Group;
  coach: number;
  instance: string;
  at: number;
  ms: number;
  /** HTTP status; 0 when no answer came (connection cut, refused by both instances). */
  status: number;
  /** The problem+json `code` of a non-2xx answer, or why there was no answer. */
  code?: string;
  /** A non-2xx answer that was not problem+json (with a code and status). */
  notProblemJson?: boolean;
  /** Set when the run meant to get this answer (the sign-in guesser): why. */
  meant?: string;
}

export interface BatchRecord {
  coach: number;
  key: string;
  /** The selection, with each client's address (every client is in one batch of the run at most). */
  items: { id: string; clientEmail: string }[];
  attempts: number;
  /** The answer that ended the retries (200: the outcome), or the last one. */
  status: number;
  outcome?: InviteBatchResult;
  /** The first attempt's start and the outcome's time. */
  startedAt: number;
  endedAt: number;
}

export interface JobRecord {
  coach: number;
  jobId: string;
  /** `stopped` when the coach pressed Stop; `downloaded` when the archive was read to its end. */
  plan: 'download' | 'stop';
  archiveStatus: number;
  archiveBytes: number;
  /** The last status polled. */
  finalStatus: string;
  /** The archive ended without an answer, and polling did not see the job end: the coach left it. */
  abandoned: boolean;
}

export interface SessionLoss {
  coach: number;
  at: number;
  operation: string;
  instance: string;
}

export interface ChaosEvent {
  kind: 'kill' | 'redis' | 'faults';
  /** What was done, as printed. */
  what: string;
  from: number;
  to: number;
  /** kill: the instance; redis: ms from Redis being back to each instance serving again. */
  instance?: string;
  backMs?: Record<string, number>;
}

export interface RssSample {
  at: number;
  process: string;
  bytes: number;
  /** CPU time (user + system) the process has used since it started, ms. */
  cpuMs: number;
}

export interface LoadSample {
  at: number;
  /** The machine's 1-minute load average. */
  load: number;
}

export class Recorder {
  readonly answers: CallRecord[] = [];
  readonly batches: BatchRecord[] = [];
  readonly jobs: JobRecord[] = [];
  readonly sessionLosses: SessionLoss[] = [];
  readonly chaos: ChaosEvent[] = [];
  readonly rss: RssSample[] = [];
  readonly load: LoadSample[] = [];
  /** Connections refused by one instance and sent to the other (the balancer's health check, in effect). */
  rerouted = 0;
  #startedAt = performance.now();

  /** Starts the run's clock (once the processes serve). */
  start(): void {
    this.#startedAt = performance.now();
  }

  now(): number {
    return performance.now() - this.#startedAt;
  }
}
