// The BFF's Prometheus metrics (prom-client), one registry per app. Every label value is bounded: an
// operationId of the contract (or `static`, `unmatched`), a legacy path template, an HTTP status, a rate
// limit's name, an outcome. Never an id, an e-mail, a key or a raw URL. Names and meanings: bff/README.md
// "Metrics"; the alert rules and the dashboard in ops/ use them.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import {
  type BatchEvent,
  batchChannel,
  type LegacyCallEvent,
  legacyCallChannel,
  rateLimitChannel,
  type SessionEvent,
  sessionChannel,
  type UpdatesChangesEvent,
  type UpdatesRefreshOutcome,
  updatesChangesChannel,
  updatesRefreshChannel,
} from '../diagnostics.ts';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BATCH_SECONDS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export interface BffMetrics {
  readonly registry: Registry;
  /** The recorder of one operation's answers (made once per route: a request then costs a Map lookup by status). */
  requestsOf(operation: string): (status: number, seconds: number) => void;
  /** A Download Reports zip started streaming from this instance; call the result when it ended, with the bytes sent. */
  downloadStarted(): (bytes: number) => void;
  redisError(kind: 'connection' | 'command'): void;
  /** Reads whether Redis is up on every scrape (unset without REDIS_URL: no gauge). */
  watchRedis(up: () => boolean): void;
  /** Stops listening to the diagnostics channels. */
  close(): void;
}

export function createBffMetrics(): BffMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'bff_http_requests_total',
    help: 'Requests answered, by contract operationId (static: the web client, unmatched: no route) and HTTP status.',
    labelNames: ['operation', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Time from the request to its answer, by operationId.',
    labelNames: ['operation'] as const,
    buckets: SECONDS,
    registers,
  });
  const legacyCalls = new Counter({
    name: 'bff_legacy_requests_total',
    help: 'Legacy API calls by method, path template and status (timeout, aborted or error when no answer came).',
    labelNames: ['method', 'path', 'status'] as const,
    registers,
  });
  const legacySeconds = new Histogram({
    name: 'bff_legacy_request_duration_seconds',
    help: 'Legacy API call time (retries included; a download until its headers), by method and path template.',
    labelNames: ['method', 'path'] as const,
    buckets: SECONDS,
    registers,
  });
  const legacyTimeouts = new Counter({
    name: 'bff_legacy_timeouts_total',
    help: 'Legacy API calls that ran out of UPSTREAM_TIMEOUT_MS, by method and path template.',
    labelNames: ['method', 'path'] as const,
    registers,
  });
  const legacyRetries = new Counter({
    name: 'bff_legacy_retries_total',
    help: 'Legacy API GETs sent again after a connection error, by method and path template.',
    labelNames: ['method', 'path'] as const,
    registers,
  });
  const rateLimited = new Counter({
    name: 'bff_rate_limit_rejections_total',
    help: 'Requests refused with 429 rate_limited, by limit name (never the key).',
    labelNames: ['limit'] as const,
    registers,
  });
  const batchItems = new Counter({
    name: 'bff_batch_items_total',
    help: 'Items of multi-select actions by operation and outcome (succeeded, failed, not_attempted).',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const batchSeconds = new Histogram({
    name: 'bff_batch_duration_seconds',
    help: 'Time a multi-select action took, by operation.',
    labelNames: ['operation'] as const,
    buckets: BATCH_SECONDS,
    registers,
  });
  const downloadsRunning = new Gauge({
    name: 'bff_report_downloads_running',
    help: 'Download Reports zips streaming from this instance now.',
    registers,
  });
  const downloadBytes = new Counter({
    name: 'bff_report_download_bytes_total',
    help: 'Bytes of Download Reports zips sent by this instance.',
    registers,
  });
  const sessions = new Counter({
    name: 'bff_sessions_total',
    help: 'Sessions started (sign-in, impersonation), ended (logout, a new sign-in, a legacy 403) and expired (idle or absolute timeout).',
    labelNames: ['event'] as const,
    registers,
  });
  const redisErrors = new Counter({
    name: 'bff_redis_errors_total',
    help: 'Redis errors: connection (the client lost or could not reach Redis), command (a request met Redis away).',
    labelNames: ['kind'] as const,
    registers,
  });
  const updatesRefreshes = new Counter({
    name: 'bff_updates_refreshes_total',
    help: 'getUpdates calls of coaches by how their lists were made current: read (this call read the legacy lists), shared (another caller had, this interval: no read), failed (the read failed).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const updatesChanges = new Counter({
    name: 'bff_updates_changes_total',
    help: "Changes found in coaches' legacy lists and recorded for their sessions, by kind (the contract's Update.kind).",
    labelNames: ['kind'] as const,
    registers,
  });
  for (const event of ['started', 'ended', 'expired'] satisfies SessionEvent[]) sessions.inc({ event }, 0);
  for (const outcome of ['read', 'shared', 'failed'] satisfies UpdatesRefreshOutcome[]) updatesRefreshes.inc({ outcome }, 0);

  // Children by label values, kept: a request costs a Map lookup rather than prom-client's label hashing.
  const legacyChildren = new Map<string, { calls: Counter.Internal; seconds: Histogram.Internal<'method' | 'path'> }>();
  const legacyChild = (method: string, path: string, status: string) => {
    const key = `${method} ${path} ${status}`;
    let child = legacyChildren.get(key);
    if (!child) {
      child = { calls: legacyCalls.labels(method, path, status), seconds: legacySeconds.labels(method, path) };
      legacyChildren.set(key, child);
    }
    return child;
  };

  const onLegacyCall = (message: unknown) => {
    const { call, failure } = message as LegacyCallEvent;
    const child = legacyChild(call.method, call.path, call.status === null ? (failure ?? 'error') : String(call.status));
    child.calls.inc();
    child.seconds.observe(call.durationMs / 1000);
    if (failure === 'timeout') legacyTimeouts.inc({ method: call.method, path: call.path });
    if (call.attempts > 1) legacyRetries.inc({ method: call.method, path: call.path }, call.attempts - 1);
  };
  const onRateLimited = (message: unknown) => rateLimited.inc({ limit: String(message) });
  const onSession = (message: unknown) => sessions.inc({ event: message as SessionEvent });
  const onBatch = (message: unknown) => {
    const { operation, succeeded, failed, notAttempted, durationMs } = message as BatchEvent;
    batchItems.inc({ operation, outcome: 'succeeded' }, succeeded);
    batchItems.inc({ operation, outcome: 'failed' }, failed);
    batchItems.inc({ operation, outcome: 'not_attempted' }, notAttempted);
    batchSeconds.observe({ operation }, durationMs / 1000);
  };
  const onUpdatesRefresh = (message: unknown) => updatesRefreshes.inc({ outcome: message as UpdatesRefreshOutcome });
  const onUpdatesChanges = (message: unknown) => {
    const { kind, count } = message as UpdatesChangesEvent;
    updatesChanges.inc({ kind }, count);
  };
  const subscriptions: Array<[string, (message: unknown) => void]> = [
    [legacyCallChannel.name as string, onLegacyCall],
    [rateLimitChannel.name as string, onRateLimited],
    [sessionChannel.name as string, onSession],
    [batchChannel.name as string, onBatch],
    [updatesRefreshChannel.name as string, onUpdatesRefresh],
    [updatesChangesChannel.name as string, onUpdatesChanges],
  ];
  for (const [name, listener] of subscriptions) subscribe(name, listener);

  return {
    registry,
    requestsOf(operation) {
      const histogram = requestSeconds.labels(operation);
      const counters = new Map<number, Counter.Internal>();
      return (status, seconds) => {
        let counter = counters.get(status);
        if (!counter) {
          counter = requests.labels(operation, String(status));
          counters.set(status, counter);
        }
        counter.inc();
        histogram.observe(seconds);
      };
    },
    downloadStarted() {
      downloadsRunning.inc();
      let ended = false;
      return (bytes) => {
        if (ended) return;
        ended = true;
        downloadsRunning.dec();
        if (bytes > 0) downloadBytes.inc(bytes);
      };
    },
    redisError(kind) {
      redisErrors.inc({ kind });
    },
    watchRedis(up) {
      redisErrors.inc({ kind: 'connection' }, 0);
      redisErrors.inc({ kind: 'command' }, 0);
      new Gauge({
        name: 'bff_redis_up',
        help: 'Whether this instance can use Redis now (1) or knows it is down (0): the heartbeat, closed connections, timed-out commands.',
        registers,
        collect() {
          this.set(up() ? 1 : 0);
        },
      });
    },
    close() {
      for (const [name, listener] of subscriptions) unsubscribe(name, listener);
    },
  };
}
