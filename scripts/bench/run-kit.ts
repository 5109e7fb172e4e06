// What the parts of `npm run bench` share: the log, the processes started (stopped at the end), the BFF a part
// starts for itself, the summary's table and verdicts, and the order of interleaved rounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { request } from 'undici';
import { builtBffCopy } from '../lib/bff-build.ts';
import { median, type Target } from './load.ts';
import type { LoopStats } from './loop-probe.ts';
import { type BenchProcess, startProcess } from './processes.ts';
import type { GoalRow } from './shared.ts';

export const WARM_UP_SECONDS = 12;
export const THROUGHPUT_SECONDS = 4;
export const MB = 1024 * 1024;
// Extra V8 flags for the servers compared (all of them alike), e.g. with BENCH_PIN=1.
export const SERVER_V8_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
/** The coach the throughput rounds and the download sign in as. */
export const DEMO_EMAIL = 'demo@coachportal.test';

export const log = (line: string) => process.stderr.write(`${line}\n`);

/** Every process the run started: stopped when it ends, however it ends. */
export const processes: BenchProcess[] = [];

/** What a part of the run prints, and its rows of the summary of goals. */
export interface Part {
  lines: string[];
  goals: GoalRow[];
}

export async function expectOk(target: Target): Promise<void> {
  const { statusCode, body } = await request(target.url, { headers: target.headers });
  await body.dump();
  if (statusCode !== 200) throw new Error(`${target.name} answered ${statusCode} to ${target.url}`);
}

/** Each round visits the targets in a different order, so drift (heat, GC, JIT) does not favour one. */
export function rotated<T>(items: readonly T[], round: number): T[] {
  return items.map((_, index) => items[(index + round) % items.length] as T);
}

export const ratio = (value: number) => `${value.toFixed(2)}×`;
export const verdict = (met: boolean) => (met ? 'met' : '**not met**');

export function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** Each round's ratio of two targets' figures (the rounds interleave them), as the median and the range. */
export function pairedRatios(numerator: readonly number[], denominator: readonly number[]): { median: number; low: number; high: number } {
  const ratios = numerator.map((value, index) => value / (denominator[index] ?? Number.NaN));
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}
export const ratioWithRange = ({ median: mid, low, high }: ReturnType<typeof pairedRatios>) =>
  `${ratio(mid)} (rounds ${low.toFixed(2)}–${high.toFixed(2)})`;

let builtRoot: string | undefined;

/** The run's copy of the BFF as JavaScript, as production runs it (scripts/lib/bff-build.ts): made on first use. */
function builtBff(): string {
  builtRoot ??= builtBffCopy(mkdtempSync(join(tmpdir(), 'bench-bff-js-')));
  return builtRoot;
}

/** Removes the run's copy of the BFF as JavaScript, if one was made. */
export function removeBuiltBff(): void {
  if (builtRoot) rmSync(builtRoot, { recursive: true, force: true });
  builtRoot = undefined;
}

/**
 * A BFF process of its own for one part, so its RSS and CPU are that part's alone. `env`: variables of its own; `built`: run from its JavaScript,
 * as production does (the memory parts), instead of its TypeScript through Node's type stripper.
 */
export async function startBff(
  upstream: BenchProcess,
  name: string,
  v8Flags: string[] = [],
  { env = {}, built = false }: { env?: Record<string, string>; built?: boolean } = {},
): Promise<BenchProcess> {
  const script = built
    ? pathToFileURL(join(builtBff(), 'scripts/bench/bff-under-test.js'))
    : new URL('./bff-under-test.ts', import.meta.url);
  const bff = await startProcess(name, script, { ...env, BENCH_UPSTREAM_URL: upstream.url }, [...SERVER_V8_FLAGS, ...v8Flags]);
  processes.push(bff);
  return bff;
}

/** The processes' own event-loop delay and GC pauses (loop-probe.ts) as rows of a table with a column per process. */
export function loopRows(stats: readonly LoopStats[]): string[][] {
  const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
  return [
    [
      'event-loop delay p50 / p99 / max, inside the process (ms)',
      ...stats.map((s) => `${ms(s.delayP50)} / ${ms(s.delayP99)} / ${ms(s.delayMax)}`),
    ],
    ['GC pauses: total / longest (ms), count', ...stats.map((s) => `${ms(s.gcTotalMs)} / ${ms(s.gcMaxMs)}, ${s.gcCount}`)],
  ];
}

/** The process serving a target (the run's processes: the stand-in, the servers). */
export function processOf(pid: number): BenchProcess {
  const found = processes.find((child) => child.pid === pid);
  if (!found) throw new Error(`no process of the run has pid ${pid}`);
  return found;
}
