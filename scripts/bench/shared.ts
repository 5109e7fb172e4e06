// What the benchmark's processes agree on, and how a child process tells scripts/bench.ts it is listening.
import type { Server } from 'node:net';
import { getHeapCodeStatistics, getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

export const BENCH_COACH_ID = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
/** The `name=value` the stand-in's login sets and its other calls require. */
export const LEGACY_COOKIE = 'portal_session=s%3Abench-legacy-session';
export const DOWNLOAD_BYTES = 100 * 1024 * 1024;
/** The stand-in's latency for the batch's calls. */
export const SLOW_CALL_MS = 20;
/** The bench-only download route (registered only while the contract's download operation is not implemented). */
export const BENCH_DOWNLOAD_ROUTE = '/bench/activity-summary';
/** Bench-only, in a BFF started with `--expose-gc`: two full collections, then `{ heapUsed }` (bytes). */
export const BENCH_GC_ROUTE = '/bench/gc';
/** Bench-only: the BFF's memory as it sees it (memoryAccount); `?snapshot=<path>` writes a heap snapshot there first. */
export const BENCH_MEMORY_ROUTE = '/bench/memory';
/** The size of each report PDF the stand-in serves for Download Reports, until REPORT_BYTES_PATH sets another. */
export const REPORT_PDF_BYTES = 200 * 1024;
/** `GET /bench/report-bytes?bytes=<n>`: the stand-in serves every later report PDF with n bytes (generated, never stored). */
export const REPORT_BYTES_PATH = '/bench/report-bytes';
/** The stand-in's count of its slow calls in flight: `{ inFlight, maxInFlight }`; each read starts a new maximum. */
export const IN_FLIGHT_PATH = '/bench/in-flight';
/** The stand-in's count of the coaches' list reads (`tokensX`) by list: `{ own, received, given }`; each read starts at 0 again. */
export const LIST_READS_PATH = '/bench/list-reads';

/** A row of the bench's summary of goals: what, measured, the goal, met or not (or `–` for a figure shown beside them). */
export type GoalRow = [what: string, measured: string, goal: string, result: string];

export interface ReadyMessage {
  port: number;
  /** The BFF's configured batch concurrency (bff/config.ts `batch.concurrency`), from the BFF processes. */
  batchConcurrency?: number | undefined;
}

/** Reports the port to the parent, and ends this process with the parent (IPC closed) or on SIGTERM. */
export function readyMessage(
  server: Server,
  close: () => Promise<unknown> = async () => undefined,
  details: Omit<ReadyMessage, 'port'> = {},
): void {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const exit = () => {
    close().finally(() => process.exit(0));
  };
  process.once('disconnect', exit);
  process.once('SIGTERM', exit);
  process.send?.({ port, ...details } satisfies ReadyMessage);
}

/** A process's own view of its memory (bytes): process.memoryUsage(), V8's heap spaces and its code. */
export function memoryAccount() {
  return {
    usage: process.memoryUsage(),
    heap: getHeapStatistics(),
    spaces: getHeapSpaceStatistics().map(({ space_name, space_size, space_used_size }) => ({ space_name, space_size, space_used_size })),
    code: getHeapCodeStatistics(),
  };
}
