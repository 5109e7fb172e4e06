// The BFF's resting memory (`BENCH_ONLY=resting npm run bench`): a BFF process started with the production V8 flags,
// warmed up as Download Reports' BFFs are (sessions signed in, one small download), then left idle; its RSS, how the
// kernel sees it (/proc/<pid>/smaps: the binary's pages, malloc's heap, V8's reservations) and how the process sees
// it (process.memoryUsage(), V8's heap spaces). With BENCH_HEAP_SNAPSHOT=<dir> it writes a heap snapshot there and
// accounts for it (scripts/bench/heap-account.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BFF_NODE_FLAGS } from '../lib/stack.ts';
import { call } from './bff-batches.ts';
import { type HeapAccount, heapAccount } from './heap-account.ts';
import { type BenchProcess, rssOf } from './processes.ts';
import { reportIds, warmUp } from './report-memory.ts';
import { BENCH_MEMORY_ROUTE, type memoryAccount } from './shared.ts';

const MB = 1024 * 1024;
/** The goal: a warmed BFF at rest holds at most this much RSS. */
export const RESTING_RSS_GOAL_MB = 120;
const SESSIONS = 4;
const IDLE_MS = 2_000;
const ROUNDS = 3;

export interface RestingMemory {
  rssBytes: number;
  /** RSS by kind of mapping (kB → bytes): the node binary, malloc's heap, other anonymous memory, other files. */
  mappings: Record<string, number>;
  account: ReturnType<typeof memoryAccount>;
  snapshot?: HeapAccount | undefined;
}

/** RSS of a process's mappings, grouped: the node binary's pages, `[heap]` (malloc), anonymous mappings, the rest. */
export function rssByMapping(pid: number): Record<string, number> {
  const groups: Record<string, number> = {};
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const path = header[1] ?? '';
      name = path === '' ? 'anonymous' : path === '[heap]' ? 'malloc heap' : path.endsWith('/node') ? 'node binary' : 'other';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB$/.exec(line);
    if (rss) groups[name] = (groups[name] ?? 0) + Number(rss[1]) * 1024;
  }
  return groups;
}

/** One BFF, started with the production flags, warmed up and idle: its resting memory. */
async function measureOnce(startBff: (v8Flags: string[]) => Promise<BenchProcess>, standInUrl: string, snapshotPath?: string) {
  const bff = await startBff([...BFF_NODE_FLAGS]);
  try {
    await warmUp(bff.url, standInUrl, reportIds(), SESSIONS);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rssBytes = rssOf(bff.pid);
    const mappings = rssByMapping(bff.pid);
    const { json } = await call(`${bff.url}${BENCH_MEMORY_ROUTE}`, 'GET', '');
    let snapshot: HeapAccount | undefined;
    if (snapshotPath) {
      await call(`${bff.url}${BENCH_MEMORY_ROUTE}?snapshot=${encodeURIComponent(snapshotPath)}`, 'GET', '');
      snapshot = heapAccount(snapshotPath);
    }
    return { rssBytes, mappings, account: json as RestingMemory['account'], snapshot };
  } finally {
    await bff.stop();
  }
}

export async function measureRestingMemory(
  startBff: (v8Flags: string[]) => Promise<BenchProcess>,
  standInUrl: string,
  log: (line: string) => void,
): Promise<RestingMemory[]> {
  const dir = process.env.BENCH_HEAP_SNAPSHOT;
  const runs: RestingMemory[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const run = await measureOnce(startBff, standInUrl, dir && round === 0 ? join(dir, 'bff-resting.heapsnapshot') : undefined);
    log(`resting BFF: RSS ${(run.rssBytes / MB).toFixed(0)} MB`);
    runs.push(run);
  }
  return runs;
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1] ?? Number.NaN;
export const restingRssMb = (runs: RestingMemory[]) => median(runs.map((run) => run.rssBytes)) / MB;

export function restingReport(runs: RestingMemory[], table: (header: string[], rows: string[][]) => string): string[] {
  const run = runs[0];
  if (!run) return [];
  const { usage, spaces, code } = run.account;
  const lines = [
    `The BFF at rest: ${ROUNDS} processes started with \`${BFF_NODE_FLAGS.join(' ')}\` (production), each with ${SESSIONS} ` +
      `sessions signed in and one small Download Reports, then idle for ${IDLE_MS / 1000} s. RSS: ` +
      `${runs.map((each) => mb(each.rssBytes)).join(', ')} MB. The first, by mapping (/proc/<pid>/smaps) and as the process sees it:`,
    '',
    table(
      ['part', 'MB'],
      [
        ...Object.entries(run.mappings)
          .sort(([, a], [, b]) => b - a)
          .map(([name, bytes]) => [`RSS: ${name}`, mb(bytes)]),
        ['V8 heap: committed (heapTotal)', mb(usage.heapTotal)],
        ['V8 heap: used (heapUsed)', mb(usage.heapUsed)],
        ...spaces.map((space) => [
          `V8 heap: ${space.space_name} (used of committed)`,
          `${mb(space.space_used_size)} of ${mb(space.space_size)}`,
        ]),
        ['V8 heap: code and its metadata', mb(code.code_and_metadata_size + code.bytecode_and_metadata_size)],
        ['outside V8: external (arrayBuffers)', `${mb(usage.external)} (${mb(usage.arrayBuffers)})`],
      ],
    ),
  ];
  if (run.snapshot)
    lines.push(
      '',
      'Heap snapshot of the first, retained sizes:',
      '',
      table(
        ['part', 'MB'],
        run.snapshot.rows.map(([name, bytes]) => [name, mb(bytes)]),
      ),
    );
  return lines;
}
