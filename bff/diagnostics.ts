// What the building blocks tell whoever listens (the metrics plugin), through Node's diagnostics channels:
// a publish costs nothing while nobody subscribes (`hasSubscribers` is checked before a message is made),
// and the code that publishes needs to know nothing of Prometheus. Every value is bounded: operation
// names, path templates, limit names, never an id, a key or a URL.
import { channel } from 'node:diagnostics_channel';

/** One legacy call as the request's log line and the metrics see it. */
export interface UpstreamCall {
  method: string;
  /** The contract's path template, never the raw URL (guest tokens and reset codes live in paths). */
  path: string;
  status: number | null;
  durationMs: number;
  attempts: number;
}

/** How a legacy call ended when it has no status: its timeout, the caller leaving (or Stop), or a broken connection. */
export type LegacyFailure = 'timeout' | 'aborted' | 'error';

export interface LegacyCallEvent {
  readonly call: UpstreamCall;
  /** Set when the call got no answer (status null). */
  readonly failure: LegacyFailure | undefined;
}

export type SessionEvent = 'started' | 'ended' | 'expired';

/** A multi-select action answered: its item counts and how long it took. */
export interface BatchEvent {
  readonly operation: string;
  readonly succeeded: number;
  readonly failed: number;
  readonly notAttempted: number;
  readonly durationMs: number;
}

/** How a getUpdates call got its coach's lists current: it read them, another caller had (this interval), or its read failed. */
export type UpdatesRefreshOutcome = 'read' | 'shared' | 'failed';

/** Changes a refresh found and recorded, of one kind (the contract's Update.kind). */
export interface UpdatesChangesEvent {
  readonly kind: string;
  readonly count: number;
}

export const legacyCallChannel = channel('coach-portal:legacy-call');
export const rateLimitChannel = channel('coach-portal:rate-limited');
export const sessionChannel = channel('coach-portal:session');
export const batchChannel = channel('coach-portal:batch');
export const updatesRefreshChannel = channel('coach-portal:updates-refresh');
export const updatesChangesChannel = channel('coach-portal:updates-changes');

export function publishLegacyCall(call: UpstreamCall, failure: LegacyFailure | undefined): void {
  if (legacyCallChannel.hasSubscribers) legacyCallChannel.publish({ call, failure } satisfies LegacyCallEvent);
}

/** A request refused by the rate limit of this name. */
export function publishRateLimited(limit: string): void {
  if (rateLimitChannel.hasSubscribers) rateLimitChannel.publish(limit);
}

export function publishSession(event: SessionEvent): void {
  if (sessionChannel.hasSubscribers) sessionChannel.publish(event);
}

export function publishBatch(event: BatchEvent): void {
  if (batchChannel.hasSubscribers) batchChannel.publish(event);
}

export function publishUpdatesRefresh(outcome: UpdatesRefreshOutcome): void {
  if (updatesRefreshChannel.hasSubscribers) updatesRefreshChannel.publish(outcome);
}

export function publishUpdatesChanges(event: UpdatesChangesEvent): void {
  if (updatesChangesChannel.hasSubscribers) updatesChangesChannel.publish(event);
}
