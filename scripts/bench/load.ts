// Load generators: closed-loop throughput (autocannon, no pipelining) and an open-loop sender at a fixed
// rate whose sends follow a schedule, never the answers (so a slow answer cannot hide the ones behind it).
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { cpuMsOf } from './processes.ts';

export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The process that answers (the stand-in, the proxy or the BFF), whose CPU time is counted. */
  servingPid: number;
}

export interface Throughput {
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  /** CPU time the serving process spent per answered request (user + system). */
  cpuMsPerRequest: number;
  requests: number;
}

export const THROUGHPUT_CONNECTIONS = 16;

export async function measureThroughput(target: Target, durationSeconds: number): Promise<Throughput> {
  const cpuBefore = cpuMsOf(target.servingPid);
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: THROUGHPUT_CONNECTIONS,
    pipelining: 1,
    duration: durationSeconds,
  });
  const cpuMs = cpuMsOf(target.servingPid) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: cpuMs / Math.max(1, result.requests.total),
    requests: result.requests.total,
  };
}

export interface OpenLoopRun {
  /** Send → last byte of the answer, in ms, one per request that answered 2xx. */
  latenciesMs: number[];
  failed: number;
  /** How late the sends left compared with their schedule (the sender's own jitter). */
  sendLagMs: number[];
}

const NS_PER_MS = 1_000_000;

/**
 * Sends `rate` GETs a second for `durationMs`, each at its scheduled time whatever the earlier ones are
 * doing, over a pool large enough never to queue. Latency is timed from the moment each request left.
 */
export async function openLoop(target: Target, rate: number, durationMs: number): Promise<OpenLoopRun> {
  const url = new URL(target.url);
  const pool = new Pool(url.origin, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
  const total = Math.round((rate * durationMs) / 1000);
  const intervalNs = BigInt(Math.round(1e9 / rate));
  const path = `${url.pathname}${url.search}`;
  const run: OpenLoopRun = { latenciesMs: [], failed: 0, sendLagMs: [] };
  const answers: Promise<void>[] = [];

  const send = async (): Promise<void> => {
    const sentAt = process.hrtime.bigint();
    try {
      const { statusCode, body } = await pool.request({ method: 'GET', path, headers: target.headers });
      await body.dump({ limit: Number.MAX_SAFE_INTEGER });
      if (statusCode >= 200 && statusCode < 300) run.latenciesMs.push(Number(process.hrtime.bigint() - sentAt) / NS_PER_MS);
      else run.failed++;
    } catch {
      run.failed++;
    }
  };

  const start = process.hrtime.bigint() + 5n * BigInt(NS_PER_MS);
  const deadline = start + BigInt(durationMs + 10_000) * BigInt(NS_PER_MS);
  let sent = 0;
  // Bounded: every pass either sends what is due or sleeps until the next send; the deadline ends it regardless.
  while (sent < total) {
    const now = process.hrtime.bigint();
    if (now > deadline) break;
    for (let due = start + BigInt(sent) * intervalNs; sent < total && due <= now; due = start + BigInt(sent) * intervalNs) {
      run.sendLagMs.push(Number(now - due) / NS_PER_MS);
      answers.push(send());
      sent++;
    }
    const next = start + BigInt(sent) * intervalNs;
    if (sent < total) await sleep(Math.max(0, Number(next - process.hrtime.bigint()) / NS_PER_MS));
  }
  await Promise.all(answers);
  await pool.close();
  return run;
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}
