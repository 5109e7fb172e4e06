// `npm run bench`: what the BFF costs compared with the legacy API itself, a bare proxy of it, the floor of any
// Fastify server and an off-the-shelf Fastify gateway doing the same job (the peer). Not a test: it prints figures
// and the goals, met or not, and never fails on them. The method and the current figures: docs/benchmarks.md, whose
// summary table is the one this prints last. A legacy stand-in, the bare proxy, the Fastify floor, the Fastify peer
// and the BFF each run in their own process on 127.0.0.1; this process generates the load. The full run (about
// 11 minutes on the 2-core machine): the coach read (throughput, CPU and latency in interleaved rounds, then the
// per-piece CPU), the 100 MB download and the batch runner, the batches through the BFF's HTTP API, Download Reports'
// memory, the assessments lists, the sessions of one coach, the shared table in the browser and its opening.
// `BENCH_ONLY=requests|pieces|batches|reports|lists|search|sessions|table|open|metrics|flags` runs
// one part (each described at its function), `BENCH_ONLY=requests,reports` several.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { publishLegacyCall } from '../bff/diagnostics.ts';
import { createBffMetrics } from '../bff/metrics/bff-metrics.ts';
import { type BatchRun, measureBatch } from './bench/batch.ts';
import { batchGoals, bffBatchReport, measureBffBatches } from './bench/bff-batches.ts';
import { CPU_GOAL_VS_BARE, type ProfiledTarget, piecesOf, piecesReport, startProfiling, stopProfiling } from './bench/cpu-pieces.ts';
import { type DownloadRun, measureDownload } from './bench/download.ts';
import { listGoals, listReport, measureLists } from './bench/lists.ts';
import { measureThroughput, median, type OpenLoopRun, openLoop, percentile, type Target, THROUGHPUT_CONNECTIONS } from './bench/load.ts';
import { type BenchProcess, pinToCpu, startProcess } from './bench/processes.ts';
import {
  CONCURRENT_JOBS,
  GROWTH_ALLOWANCE_MB,
  measureReportMemory,
  PEAK_RSS_GOAL_MB,
  reportMemoryReport,
  reportMemoryResults,
  SMALL_YOUNG_GENERATION,
} from './bench/report-memory.ts';
import { measureSearch, searchGoals, searchReport } from './bench/search.ts';
import { measureSessions, SESSIONS_V8_FLAGS, sessionGoals, sessionReport } from './bench/sessions.ts';
import { BENCH_COACH_ID, BENCH_DOWNLOAD_ROUTE, DOWNLOAD_BYTES, type GoalRow, LEGACY_COOKIE, SLOW_CALL_MS } from './bench/shared.ts';
import { signIn } from './bench/sign-in.ts';
import { measureTable, TABLE_ASSESSMENTS, tableReport } from './bench/table.ts';
import { measureTableOpen, tableOpenReport } from './bench/table-open.ts';

const ROUNDS = 5;
const WARM_UP_SECONDS = 12;
const THROUGHPUT_SECONDS = 4;
const RATE = 1_000;
const LATENCY_MS = 4_000;
// For reference: latency at a rate every target sustains, so queueing does not hide the per-request cost.
const LOW_RATE = 200;
const LOW_RATE_MS = 3_000;
const BATCH_ITEMS = 500;
const BATCH_CONCURRENCIES = [1, 4, 16];
const DOWNLOAD_ROUNDS = 3;
const MB = 1024 * 1024;
/** The BFF's throughput goal: at least this many times the Fastify peer's (its CPU goal: CPU_GOAL_VS_BARE). */
const THROUGHPUT_GOAL_VS_PEER = 1.4;
// Extra V8 flags for the servers compared (all of them alike), e.g. with BENCH_PIN=1.
const SERVER_V8_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
// The contract's operation the download would use once implemented (openapi/bff.yaml downloadActivitySummary).
const CONTRACT_DOWNLOAD = '/api/activity-summary';
const COACH_PATH = `/api/v2/coaches/${BENCH_COACH_ID}`;

const log = (line: string) => process.stderr.write(`${line}\n`);

/** BENCH_CPU_PROF=<dir>: the BFF writes a V8 CPU profile of the whole run there when it stops (open it in Chrome DevTools). */
function profileEnv(): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${dir}`.trim() } : {};
}
const processes: BenchProcess[] = [];
// Where the floor, the peer and the BFF write their profiles for the per-piece CPU (scripts/bench/cpu-pieces.ts).
const PIECES_DIR = mkdtempSync(join(tmpdir(), 'bench-pieces-'));
type Profiled = 'floor' | 'peer' | 'bff';
const profileFileOf = (name: Profiled) => ({ BENCH_PROFILE_FILE: join(PIECES_DIR, `${name}.cpuprofile`) });
const PIECES_SECONDS = 6;
const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** What a part of the run prints, and its rows of the summary of goals. */
/** The coach the throughput rounds and the download sign in as. */
const DEMO_EMAIL = 'demo@coachportal.test';

interface Part {
  lines: string[];
  goals: GoalRow[];
}

async function expectOk(target: Target): Promise<void> {
  const { statusCode, body } = await request(target.url, { headers: target.headers });
  await body.dump();
  if (statusCode !== 200) throw new Error(`${target.name} answered ${statusCode} to ${target.url}`);
}

/** Each round visits the targets in a different order, so drift (heat, GC, JIT) does not favour one. */
function rotated<T>(items: readonly T[], round: number): T[] {
  return items.map((_, index) => items[(index + round) % items.length] as T);
}

const ms = (value: number) => value.toFixed(3);
const ratio = (value: number) => `${value.toFixed(2)}×`;
const mbPerS = (run: DownloadRun) => (run.bytes / MB) * (1000 / run.elapsedMs);
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** Each round's ratio of two targets' figures (the rounds interleave them), as the median and the range. */
function pairedRatios(numerator: readonly number[], denominator: readonly number[]): { median: number; low: number; high: number } {
  const ratios = numerator.map((value, index) => value / (denominator[index] ?? Number.NaN));
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}
const ratioWithRange = ({ median: mid, low, high }: ReturnType<typeof pairedRatios>) =>
  `${ratio(mid)} (rounds ${low.toFixed(2)}–${high.toFixed(2)})`;

interface TargetFigures {
  requestsPerSecond: number[];
  cpuMsPerRequest: number[];
  latency: OpenLoopRun[];
  lowRate?: OpenLoopRun;
  non2xx: number;
}

async function requestsAndLatency(targets: Target[]): Promise<Map<string, TargetFigures>> {
  const figures = new Map(
    targets.map((target) => [target.name, { requestsPerSecond: [], cpuMsPerRequest: [], latency: [], non2xx: 0 } as TargetFigures]),
  );
  // The BFF's code reaches its optimised steady state only after ≈ 10 s of load (measured: 0.45 ms of CPU
  // per request in the first seconds, 0.22 ms from the tenth on); the first rounds would measure the JIT.
  log(`warming up (${WARM_UP_SECONDS} s per target)`);
  for (const target of targets) await measureThroughput(target, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of rotated(targets, round)) {
      const result = await measureThroughput(target, THROUGHPUT_SECONDS);
      const entry = figures.get(target.name) as TargetFigures;
      entry.requestsPerSecond.push(result.requestsPerSecond);
      entry.cpuMsPerRequest.push(result.cpuMsPerRequest);
      entry.non2xx += result.non2xx + result.errors;
      log(`round ${round + 1}: ${target.name} ${Math.round(result.requestsPerSecond)} req/s`);
    }
    for (const target of rotated(targets, round)) {
      const run = await openLoop(target, RATE, LATENCY_MS);
      const entry = figures.get(target.name) as TargetFigures;
      entry.latency.push(run);
      entry.non2xx += run.failed;
      log(`round ${round + 1}: ${target.name} p50 ${percentile(run.latenciesMs, 50).toFixed(3)} ms at ${RATE} req/s`);
    }
  }
  for (const target of targets) {
    const run = await openLoop(target, LOW_RATE, LOW_RATE_MS);
    const entry = figures.get(target.name) as TargetFigures;
    entry.lowRate = run;
    entry.non2xx += run.failed;
    log(`${target.name} p50 ${percentile(run.latenciesMs, 50).toFixed(3)} ms at ${LOW_RATE} req/s`);
  }
  return figures;
}

interface Servers {
  proxy: BenchProcess;
  floor: BenchProcess;
  peer: BenchProcess;
  bff: BenchProcess;
}
/** Whether the servers compared run pinned (BENCH_PIN=1, startServers). */
let pinned = false;

/**
 * The servers compared, each in its own process. BENCH_PIN=1: each side on its own core (the load generator and the
 * stand-in on CPU 0, the servers compared on CPU 1, each with all its threads; add BENCH_SERVER_FLAGS=--single-threaded-gc,
 * or V8's GC helpers contend with the main thread there). By default the scheduler places everything, as in a deployment.
 */
async function startServers(upstream: BenchProcess): Promise<Servers> {
  const env = { BENCH_UPSTREAM_URL: upstream.url };
  const script = (name: string) => new URL(`./bench/${name}`, import.meta.url);
  const [proxy, floor, peer, bff] = await Promise.all([
    startProcess('bare proxy', script('bare-proxy.ts'), env, SERVER_V8_FLAGS),
    startProcess('Fastify floor', script('fastify-floor.ts'), { ...env, ...profileFileOf('floor') }, SERVER_V8_FLAGS),
    startProcess('Fastify peer', script('fastify-peer.ts'), { ...env, ...profileFileOf('peer') }, SERVER_V8_FLAGS),
    startProcess('BFF', script('bff-under-test.ts'), { ...env, ...profileEnv(), ...profileFileOf('bff') }, SERVER_V8_FLAGS),
  ]);
  processes.push(proxy, floor, peer, bff);
  pinned =
    process.env.BENCH_PIN === '1' &&
    [pinToCpu(process.pid, 0), pinToCpu(upstream.pid, 0), ...[proxy, floor, peer, bff].map((server) => pinToCpu(server.pid, 1))].every(
      Boolean,
    );
  log(pinned ? 'pinned: load generator and stand-in on CPU 0, the servers compared on CPU 1' : 'not pinned to CPUs');
  return { proxy, floor, peer, bff };
}

/** The coach read on every target: direct and bare proxy the legacy `GET`, the others `GET /api/session`. */
async function coachReadTargets(upstream: BenchProcess, servers: Servers): Promise<Target[]> {
  const { proxy, floor, peer, bff } = servers;
  const targets: Target[] = [
    { name: 'upstream direct', url: `${upstream.url}${COACH_PATH}`, headers: { cookie: LEGACY_COOKIE }, servingPid: upstream.pid },
    { name: 'bare proxy', url: `${proxy.url}${COACH_PATH}`, headers: { cookie: LEGACY_COOKIE }, servingPid: proxy.pid },
    { name: 'Fastify floor', url: `${floor.url}/api/session`, headers: {}, servingPid: floor.pid },
    { name: 'Fastify peer', url: `${peer.url}/api/session`, headers: { cookie: await signIn(peer.url, DEMO_EMAIL) }, servingPid: peer.pid },
    { name: 'BFF', url: `${bff.url}/api/session`, headers: { cookie: await signIn(bff.url, DEMO_EMAIL) }, servingPid: bff.pid },
  ];
  for (const target of targets) await expectOk(target);
  return targets;
}

/** The floor's, the peer's and the BFF's CPU per request piece by piece (scripts/bench/cpu-pieces.ts), profiled once warm. */
async function cpuPieces(targets: Record<Profiled, Target>, cpuMs: Record<Profiled | 'bare', number>): Promise<string[]> {
  const profiled = async (name: Profiled): Promise<ProfiledTarget> => {
    const target = targets[name];
    log(`per-piece CPU: ${target.name} profiled for ${PIECES_SECONDS} s`);
    await startProfiling(target.servingPid);
    const run = await measureThroughput(target, PIECES_SECONDS);
    const profile = await stopProfiling(target.servingPid, profileFileOf(name).BENCH_PROFILE_FILE);
    return { cpuMs: cpuMs[name], micros: piecesOf(profile, REPO_ROOT), requests: run.requests };
  };
  return piecesReport(
    { bareCpuMs: cpuMs.bare, floor: await profiled('floor'), peer: await profiled('peer'), bff: await profiled('bff') },
    table,
  );
}

/**
 * `BENCH_ONLY=requests npm run bench` (about 6 minutes; the first part of the full run): the coach read on every
 * target, throughput and CPU per request (autocannon) then latency (open loop) in interleaved rounds after a warm-up,
 * then the per-piece CPU. Leaves the servers running for the download and the batch runner of the full run.
 */
async function requests(upstream: BenchProcess, servers: Servers): Promise<Part> {
  const targets = await coachReadTargets(upstream, servers);
  const figures = await requestsAndLatency(targets);
  const of = (name: string) => figures.get(name) as TargetFigures;
  const cpuOf = (name: string) => median(of(name).cpuMsPerRequest);
  const byName = (name: string) => targets.find((target) => target.name === name) as Target;
  const pieces = await cpuPieces(
    { floor: byName('Fastify floor'), peer: byName('Fastify peer'), bff: byName('BFF') },
    { bare: cpuOf('bare proxy'), floor: cpuOf('Fastify floor'), peer: cpuOf('Fastify peer'), bff: cpuOf('BFF') },
  );
  const summary = targets.map((target) => {
    const entry = of(target.name);
    const latencies = entry.latency.flatMap((run) => run.latenciesMs);
    return {
      name: target.name,
      rps: median(entry.requestsPerSecond),
      rpsRuns: entry.requestsPerSecond,
      cpuMs: median(entry.cpuMsPerRequest),
      lowP50: percentile(entry.lowRate?.latenciesMs ?? [], 50),
      lowP99: percentile(entry.lowRate?.latenciesMs ?? [], 99),
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
      samples: latencies.length,
      lagP99: percentile(
        entry.latency.flatMap((run) => run.sendLagMs),
        99,
      ),
      failures: entry.non2xx,
    };
  });
  type Row = (typeof summary)[number];
  const row = (name: string) => summary.find((entry) => entry.name === name) as Row;
  const [direct, bare, floor, peer, bff] = ['upstream direct', 'bare proxy', 'Fastify floor', 'Fastify peer', 'BFF'].map(row) as [
    Row,
    Row,
    Row,
    Row,
    Row,
  ];
  const rpsRatio = (a: string, b: string) => pairedRatios(of(a).requestsPerSecond, of(b).requestsPerSecond);
  const cpuRatio = (a: string, b: string) => pairedRatios(of(a).cpuMsPerRequest, of(b).cpuMsPerRequest);
  const bffVsPeer = rpsRatio('BFF', 'Fastify peer');
  const bffCpuVsBare = cpuRatio('BFF', 'bare proxy');
  const goals: GoalRow[] = [
    [
      'BFF throughput ÷ Fastify peer',
      ratioWithRange(bffVsPeer),
      `≥ ${THROUGHPUT_GOAL_VS_PEER}×`,
      verdict(bffVsPeer.median >= THROUGHPUT_GOAL_VS_PEER),
    ],
    [
      'BFF CPU per request ÷ bare proxy',
      `${ratioWithRange(bffCpuVsBare)}: ${(bff.cpuMs * 1000).toFixed(0)} ÷ ${(bare.cpuMs * 1000).toFixed(0)} µs`,
      `≤ ${CPU_GOAL_VS_BARE}×`,
      verdict(bffCpuVsBare.median <= CPU_GOAL_VS_BARE),
    ],
    ['(BFF throughput ÷ bare proxy)', ratioWithRange(rpsRatio('BFF', 'bare proxy')), '–', '–'],
    ['(BFF CPU per request ÷ Fastify peer)', ratioWithRange(cpuRatio('BFF', 'Fastify peer')), '–', '–'],
    [
      '(Fastify peer ÷ bare proxy: throughput; CPU per request)',
      `${ratioWithRange(rpsRatio('Fastify peer', 'bare proxy'))}; ${ratio(cpuRatio('Fastify peer', 'bare proxy').median)}`,
      '–',
      '–',
    ],
    [
      '(Fastify floor ÷ bare proxy: throughput; CPU per request)',
      `${ratioWithRange(rpsRatio('Fastify floor', 'bare proxy'))}; ${ratio(cpuRatio('Fastify floor', 'bare proxy').median)}`,
      '–',
      '–',
    ],
    [
      `BFF added latency p50 over direct at ${RATE.toLocaleString('en')} req/s`,
      `${ms(bff.p50 - direct.p50)} ms`,
      '≤ 0.5 ms',
      verdict(bff.p50 - direct.p50 <= 0.5),
    ],
    [
      `BFF added latency p99 over direct at ${RATE.toLocaleString('en')} req/s`,
      `${ms(bff.p99 - direct.p99)} ms`,
      '≤ 2 ms',
      verdict(bff.p99 - direct.p99 <= 2),
    ],
    [
      '(added p50 / p99 over direct: bare proxy; Fastify peer)',
      `${ms(bare.p50 - direct.p50)} / ${ms(bare.p99 - direct.p99)} ms; ${ms(peer.p50 - direct.p50)} / ${ms(peer.p99 - direct.p99)} ms`,
      '–',
      '–',
    ],
    [
      `(BFF added p50 / p99 over direct at ${LOW_RATE} req/s)`,
      `${ms(bff.lowP50 - direct.lowP50)} / ${ms(bff.lowP99 - direct.lowP99)} ms`,
      '–',
      '–',
    ],
  ];
  const lines = [
    'The coach read. Direct and bare proxy: `GET api/v2/coaches/{coachId}` with the legacy cookie. Fastify floor ' +
      '(scripts/bench/fastify-floor.ts: Fastify with no logger, plugin or hook, the same legacy read through undici dispatch, parsed ' +
      'and mapped to the same Session answer): `GET /api/session`. Fastify peer (scripts/bench/fastify-peer.ts: an off-the-shelf ' +
      'gateway, Fastify request logs, @fastify/helmet, @fastify/cookie with a signed session cookie looked up in a Map, ' +
      '@fastify/rate-limit, @fastify/reply-from forwarding the legacy read with the legacy cookie injected, the answer unmapped): ' +
      '`GET /api/session`. BFF: `GET /api/session` (getSession: session lookup and touch, the legacy cookie injected, one ' +
      '`GET api/v2/coaches/{coachId}`, mapping, rate limiter, JSON logs at info, buffered as in production, to /dev/null). ' +
      `Throughput: autocannon, ${THROUGHPUT_CONNECTIONS} connections, no pipelining, ${THROUGHPUT_SECONDS} s per target per round ` +
      `after ${WARM_UP_SECONDS} s of warm-up each, ${ROUNDS} interleaved rounds (medians; ratios are the median of the rounds' ratios). ` +
      `CPU: the serving process's user + system time (/proc) over the requests answered. Latency: open-loop sender at ` +
      `${RATE.toLocaleString('en')} req/s on a schedule (undici Pool, hrtime), send → last byte, ${LATENCY_MS / 1000} s per target ` +
      'per round, percentiles over all rounds.',
    '',
    table(
      ['', ...summary.map((entry) => entry.name)],
      [
        ['requests/s (median)', ...summary.map((entry) => Math.round(entry.rps).toLocaleString('en'))],
        ['requests/s per round', ...summary.map((entry) => entry.rpsRuns.map((value) => Math.round(value)).join(', '))],
        ['CPU of the serving process per request (µs, median)', ...summary.map((entry) => (entry.cpuMs * 1000).toFixed(0))],
        [
          'CPU per request per round (µs)',
          ...summary.map((entry) =>
            of(entry.name)
              .cpuMsPerRequest.map((value) => (value * 1000).toFixed(0))
              .join(', '),
          ),
        ],
        [`p50 at ${RATE.toLocaleString('en')} req/s (ms)`, ...summary.map((entry) => ms(entry.p50))],
        ['p90 (ms)', ...summary.map((entry) => ms(entry.p90))],
        ['p99 (ms)', ...summary.map((entry) => ms(entry.p99))],
        ['max (ms)', ...summary.map((entry) => ms(entry.max))],
        ['samples', ...summary.map((entry) => String(entry.samples))],
        ['sender lag p99 (ms)', ...summary.map((entry) => ms(entry.lagP99))],
        [
          `p50 / p99 at ${LOW_RATE} req/s (ms, 1 round of ${LOW_RATE_MS / 1000} s)`,
          ...summary.map((entry) => `${ms(entry.lowP50)} / ${ms(entry.lowP99)}`),
        ],
        ['non-2xx or errors', ...summary.map((entry) => String(entry.failures))],
      ],
    ),
    '',
    ...[floor, peer, bff]
      .filter((entry) => entry.rps < RATE)
      .map(
        (entry) =>
          `${entry.name}'s closed-loop maximum here (${Math.round(entry.rps)} req/s) is below ${RATE.toLocaleString('en')} req/s: at that rate ` +
          `its queue grows for the whole run and its percentiles measure queueing; the ${LOW_RATE} req/s row shows the cost per request.`,
      ),
    ...pieces.flatMap((line, index) => (index === 0 ? ['', line] : [line])),
  ];
  return { lines, goals };
}

async function downloads(bff: BenchProcess, proxy: BenchProcess, sessionCookie: string) {
  const upstreamPath = `${COACH_PATH}/downloadActivitySummary`;
  const bffHeaders = { cookie: sessionCookie };
  // The contract's operation when it is implemented (its first answer then doubles as the warm-up).
  const probe = await measureDownload(`${bff.url}${CONTRACT_DOWNLOAD}`, bffHeaders, bff.pid);
  const useContract = probe.status === 200;
  const bffPath = useContract ? CONTRACT_DOWNLOAD : BENCH_DOWNLOAD_ROUTE;
  const route = useContract
    ? `the contract's downloadActivitySummary (GET ${CONTRACT_DOWNLOAD})`
    : `a bench-only route (GET ${BENCH_DOWNLOAD_ROUTE}, bff/downloads/pass-through.ts; downloadActivitySummary answered ${probe.status})`;
  log(`download through the BFF: ${route}`);
  if (!useContract) await measureDownload(`${bff.url}${bffPath}`, bffHeaders, bff.pid);
  await measureDownload(`${proxy.url}${upstreamPath}`, { cookie: LEGACY_COOKIE }, proxy.pid);
  const runs = { proxy: [] as DownloadRun[], bff: [] as DownloadRun[] };
  for (let round = 0; round < DOWNLOAD_ROUNDS; round++) {
    const order = rotated(['proxy', 'bff'] as const, round);
    for (const which of order) {
      const run =
        which === 'bff'
          ? await measureDownload(`${bff.url}${bffPath}`, bffHeaders, bff.pid)
          : await measureDownload(`${proxy.url}${upstreamPath}`, { cookie: LEGACY_COOKIE }, proxy.pid);
      if (run.status !== 200 || run.bytes !== DOWNLOAD_BYTES) throw new Error(`${which} download: ${run.status}, ${run.bytes} bytes`);
      runs[which].push(run);
      log(`download round ${round + 1}: ${which} ${((DOWNLOAD_BYTES / MB) * (1000 / run.elapsedMs)).toFixed(0)} MB/s`);
    }
  }
  return { route, runs };
}

async function batches(upstreamUrl: string): Promise<BatchRun[]> {
  const runs: BatchRun[] = [];
  for (const concurrency of BATCH_CONCURRENCIES) {
    const run = await measureBatch(upstreamUrl, BATCH_ITEMS, concurrency);
    runs.push(run);
    log(`batch of ${BATCH_ITEMS} at concurrency ${concurrency}: ${Math.round(run.elapsedMs)} ms, max ${run.maxInFlight} in flight`);
  }
  return runs;
}

/** The full run's second part, on the servers of the first: the 100 MB download and the batch runner alone. */
async function downloadAndRunner(upstream: BenchProcess, servers: Servers): Promise<Part> {
  const download = await downloads(servers.bff, servers.proxy, await signIn(servers.bff.url, DEMO_EMAIL));
  const batchRuns = await batches(upstream.url);
  const proxyDownload = median(download.runs.proxy.map(mbPerS));
  const bffDownload = median(download.runs.bff.map(mbPerS));
  const growthOf = (runs: DownloadRun[]) => Math.max(...runs.map((run) => run.rssGrowthBytes)) / MB;
  const batch4 = batchRuns.find((run) => run.concurrency === 4) as BatchRun;
  const ideal = (concurrency: number) => Math.ceil(BATCH_ITEMS / concurrency) * SLOW_CALL_MS;
  const lines = [
    `Download: ${DOWNLOAD_BYTES / MB} MB (\`GET ${COACH_PATH}/downloadActivitySummary\`), read as fast as the client can, ` +
      `${DOWNLOAD_ROUNDS} interleaved rounds, on the servers of the coach read; RSS of the serving process: the peak (VmHWM, reset ` +
      `at the start, and 10 ms samples) minus the RSS at the start. BFF route: ${download.route}.`,
    '',
    table(
      ['through', 'MB/s (median)', 'MB/s per round', 'RSS growth, max (MB)', 'peak RSS (MB)'],
      (['proxy', 'bff'] as const).map((which) => [
        which === 'bff' ? 'BFF' : 'bare proxy',
        (which === 'bff' ? bffDownload : proxyDownload).toFixed(0),
        download.runs[which].map((run) => mbPerS(run).toFixed(0)).join(', '),
        growthOf(download.runs[which]).toFixed(1),
        (Math.max(...download.runs[which].map((run) => run.peakRssBytes)) / MB).toFixed(0),
      ]),
    ),
    '',
    `Batch runner: \`runBatch\` over ${BATCH_ITEMS} items in this process, the worker calling \`GET api/v2/tokens/{id}/sendinvite\` ` +
      `through the legacy client; the stand-in answers after ${SLOW_CALL_MS} ms. The last ratio is the runner's own overhead ` +
      '(lanes, timers, result).',
    '',
    table(
      [
        'concurrency',
        'elapsed (ms)',
        `ideal ⌈${BATCH_ITEMS}/c⌉ × ${SLOW_CALL_MS} ms`,
        'ratio',
        'mean call (ms)',
        `elapsed ÷ (⌈${BATCH_ITEMS}/c⌉ × mean call)`,
        'max in flight',
        'succeeded',
      ],
      batchRuns.map((run) => [
        String(run.concurrency),
        String(Math.round(run.elapsedMs)),
        String(ideal(run.concurrency)),
        `${(run.elapsedMs / ideal(run.concurrency)).toFixed(3)}×`,
        run.meanCallMs.toFixed(2),
        `${(run.elapsedMs / (Math.ceil(BATCH_ITEMS / run.concurrency) * run.meanCallMs)).toFixed(3)}×`,
        String(run.maxInFlight),
        String(run.succeeded),
      ]),
    ),
  ];
  const goals: GoalRow[] = [
    [
      `runBatch of ${BATCH_ITEMS} at concurrency 4 vs ${ideal(4)} ms`,
      `${(batch4.elapsedMs / ideal(4)).toFixed(3)}×, max ${batch4.maxInFlight} in flight`,
      '≤ 1.2×, ≤ 4 in flight',
      verdict(batch4.elapsedMs / ideal(4) <= 1.2 && batch4.maxInFlight <= 4 && batch4.succeeded === BATCH_ITEMS),
    ],
    [
      `${DOWNLOAD_BYTES / MB} MB download, BFF ÷ bare proxy`,
      ratio(bffDownload / proxyDownload),
      '≥ 0.8×',
      verdict(bffDownload / proxyDownload >= 0.8),
    ],
    // The memory goals are Download Reports' (reportMemory): growth that does not grow with the download.
    [
      `(${DOWNLOAD_BYTES / MB} MB download, BFF RSS growth)`,
      `${growthOf(download.runs.bff).toFixed(1)} MB (bare proxy ${growthOf(download.runs.proxy).toFixed(1)} MB)`,
      '–',
      '–',
    ],
  ];
  return { lines, goals };
}

/** A BFF process of its own for one part, so its RSS and CPU are that part's alone. */
async function startBff(upstream: BenchProcess, name: string, v8Flags: string[] = []): Promise<BenchProcess> {
  const script = new URL('./bench/bff-under-test.ts', import.meta.url);
  const bff = await startProcess(name, script, { BENCH_UPSTREAM_URL: upstream.url }, [...SERVER_V8_FLAGS, ...v8Flags]);
  processes.push(bff);
  return bff;
}

/**
 * The list figures (scripts/bench/lists.ts) on a BFF process of their own, so no other part's copies or load are in it.
 * `BENCH_ONLY=lists npm run bench` runs only these (about two minutes).
 */
async function lists(upstream: BenchProcess): Promise<Part> {
  log('lists: 500, 5,000 and 20,000 rows');
  const bff = await startBff(upstream, 'BFF (lists)');
  try {
    const run = await measureLists(bff.url, upstream.url);
    return { lines: listReport(run, table), goals: listGoals(run, verdict) };
  } finally {
    await bff.stop();
  }
}

/**
 * The find-anything palette's searches (scripts/bench/search.ts) on a BFF process of their own, at 500 and 20,000
 * assessments with the copies held. `BENCH_ONLY=search npm run bench` (about 15 s).
 */
async function search(upstream: BenchProcess): Promise<Part> {
  log('search: 500 and 20,000 assessments, copies held');
  const bff = await startBff(upstream, 'BFF (search)');
  try {
    const sizes = await measureSearch(bff.url);
    return { lines: searchReport(sizes, table), goals: searchGoals(sizes, verdict) };
  } finally {
    await bff.stop();
  }
}

/**
 * List copies per coach (scripts/bench/sessions.ts) on a BFF process of its own, so its RSS is the sessions' alone:
 * RSS per extra session and per extra coach, and the list reads of N sessions at once after a change.
 * `BENCH_ONLY=sessions npm run bench` (about 15 s).
 */
async function sessions(upstream: BenchProcess): Promise<Part> {
  log('sessions: one coach with a 20,000-row copy, 20 more sessions, then a change and the 20 reading at once');
  const bff = await startBff(upstream, 'BFF (sessions)', SESSIONS_V8_FLAGS);
  try {
    const figures = await measureSessions(bff.url, upstream.url, bff.pid);
    return { lines: sessionReport(figures), goals: sessionGoals(figures, verdict) };
  } finally {
    await bff.stop();
  }
}

/** The batches through the BFF's HTTP API (scripts/bench/bff-batches.ts). `BENCH_ONLY=batches npm run bench` (about 15 s). */
async function bffBatches(upstream: BenchProcess): Promise<Part> {
  log('batches through the BFF: sendInvites, deleteAssessments');
  const bff = await startBff(upstream, 'BFF (batches)');
  try {
    if (!bff.batchConcurrency) throw new Error('the BFF did not report its batch concurrency');
    const figures = await measureBffBatches(bff.url, upstream.url, bff.batchConcurrency);
    return { lines: bffBatchReport(figures, table), goals: batchGoals(figures, verdict) };
  } finally {
    await bff.stop();
  }
}

/**
 * Download Reports' memory (scripts/bench/report-memory.ts): 100 MB and 1 GB downloads, each on a BFF started for it,
 * then 4 jobs of 1 GB at once. `BENCH_ONLY=reports npm run bench` (about 3 minutes).
 */
async function reportMemory(upstream: BenchProcess): Promise<Part> {
  log('Download Reports: 100 MB and 1 GB, then 4 × 1 GB at once');
  let started = 0;
  const figures = await measureReportMemory((v8Flags) => startBff(upstream, `BFF (reports ${++started})`, v8Flags), upstream.url, log);
  const { small, large, peak, peakSmallYoung, everyJobWhole, singleInFlight } = reportMemoryResults(figures);
  const goals: GoalRow[] = [
    [
      'Download Reports 1 GB, BFF RSS growth (median)',
      `${large.toFixed(1)} MB; 100 MB: ${small.toFixed(1)} MB; max ${singleInFlight} PDFs in flight`,
      `≤ 100 MB's + ${GROWTH_ALLOWANCE_MB} MB, ≤ ${figures.concurrency} in flight`,
      verdict(large <= small + GROWTH_ALLOWANCE_MB && singleInFlight <= figures.concurrency && everyJobWhole),
    ],
    // The production BFF runs with SMALL_YOUNG_GENERATION (BFF_NODE_FLAGS: npm start and the Dockerfile).
    [
      `Download Reports ${CONCURRENT_JOBS} × 1 GB at once, BFF peak RSS (\`${SMALL_YOUNG_GENERATION}\`, as in production)`,
      `${peakSmallYoung.toFixed(0)} MB`,
      `≤ ${PEAK_RSS_GOAL_MB} MB`,
      verdict(peakSmallYoung <= PEAK_RSS_GOAL_MB && everyJobWhole),
    ],
    ["(the same with V8's defaults)", `${peak.toFixed(0)} MB`, '–', '–'],
  ];
  return { lines: reportMemoryReport(figures, table), goals };
}

/**
 * `BENCH_ONLY=pieces npm run bench` (about 2 minutes): the bare proxy, the Fastify floor, the peer and the BFF warmed up,
 * their CPU per request measured alike (3 rounds of 4 s), then the per-piece CPU.
 */
async function piecesOnly(upstream: BenchProcess): Promise<Part> {
  const servers = await startServers(upstream);
  const targets = (await coachReadTargets(upstream, servers)).filter((target) => target.name !== 'upstream direct');
  log(`warming up (${WARM_UP_SECONDS} s per target)`);
  for (const target of targets) await measureThroughput(target, WARM_UP_SECONDS);
  const cpu = new Map<string, number[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < 3; round++) {
    for (const target of rotated(targets, round))
      cpu.get(target.name)?.push((await measureThroughput(target, THROUGHPUT_SECONDS)).cpuMsPerRequest);
  }
  const cpuOf = (name: string) => median(cpu.get(name) ?? []);
  const byName = (name: string) => targets.find((target) => target.name === name) as Target;
  const lines = await cpuPieces(
    { floor: byName('Fastify floor'), peer: byName('Fastify peer'), bff: byName('BFF') },
    { bare: cpuOf('bare proxy'), floor: cpuOf('Fastify floor'), peer: cpuOf('Fastify peer'), bff: cpuOf('BFF') },
  );
  return { lines, goals: [] };
}

interface RoundFigures {
  rps: number[];
  cpu: number[];
}

/**
 * `GET /api/session` on each BFF of an A/B run: signed in, warmed up alike, then METRICS_ROUNDS interleaved
 * throughput rounds. Answers each server's figures by name, one entry a round.
 */
async function interleavedSessionRounds(label: string, servers: BenchProcess[]): Promise<(name: string) => RoundFigures> {
  const targets: Target[] = [];
  for (const server of servers) {
    const target = {
      name: server.name,
      url: `${server.url}/api/session`,
      headers: { cookie: await signIn(server.url, DEMO_EMAIL) },
      servingPid: server.pid,
    };
    await expectOk(target);
    targets.push(target);
  }
  log(`${label}: warming up (${WARM_UP_SECONDS} s per BFF)`);
  for (const target of targets) await measureThroughput(target, WARM_UP_SECONDS);
  const runs = new Map<string, RoundFigures>(targets.map((target) => [target.name, { rps: [], cpu: [] }]));
  for (let round = 0; round < METRICS_ROUNDS; round++) {
    for (const target of rotated(targets, round)) {
      const result = await measureThroughput(target, THROUGHPUT_SECONDS);
      runs.get(target.name)?.rps.push(result.requestsPerSecond);
      runs.get(target.name)?.cpu.push(result.cpuMsPerRequest);
      log(`${label} round ${round + 1}: ${target.name} ${Math.round(result.requestsPerSecond)} req/s`);
    }
  }
  return (name) => runs.get(name) ?? { rps: [], cpu: [] };
}

/**
 * `BENCH_ONLY=flags BENCH_AB_FLAGS='--max-semi-space-size=2;--max-semi-space-size=4' npm run bench`: the BFF with each
 * set of V8 flags (`;` between sets) against two BFFs without (their difference is the run's noise), `GET /api/session`
 * in interleaved rounds after the same warm-up: what a production flag costs in throughput and CPU per request.
 */
async function flagsCost(upstream: BenchProcess): Promise<string[]> {
  const variants = (process.env.BENCH_AB_FLAGS ?? '')
    .split(';')
    .map((flags) => flags.trim())
    .filter(Boolean);
  if (variants.length === 0) throw new Error('BENCH_AB_FLAGS names no flags');
  const script = new URL('./bench/bff-under-test.ts', import.meta.url);
  const env = { BENCH_UPSTREAM_URL: upstream.url };
  const servers = await Promise.all([
    startProcess('BFF A (V8 defaults)', script, env),
    ...variants.map((flags) => startProcess(`BFF ${flags}`, script, env, flags.split(' '))),
    startProcess('BFF B (V8 defaults)', script, env),
  ]);
  processes.push(...servers);
  try {
    const run = await interleavedSessionRounds('flags', servers);
    const a = run(servers[0]?.name ?? '');
    const b = run(servers.at(-1)?.name ?? '');
    // Each round's ratio against the mean of A and B in that round, then their median (drift cancels out).
    const vsDefaults = (values: number[], of: 'rps' | 'cpu') =>
      median(values.map((value, index) => value / (((a[of][index] ?? value) + (b[of][index] ?? value)) / 2)));
    return [
      `V8 flags' cost (\`GET /api/session\`, ${METRICS_ROUNDS} interleaved rounds of ${THROUGHPUT_SECONDS} s after ${WARM_UP_SECONDS} s of warm-up each; ` +
        "ratios are the median of the rounds' ratios to the mean of A and B, two BFFs with V8's defaults):",
      '',
      table(
        ['', 'requests/s (median)', 'throughput vs defaults', 'CPU per request (ms, median)', 'CPU vs defaults'],
        servers.map((server) => {
          const own = run(server.name);
          return [
            server.name,
            String(Math.round(median(own.rps))),
            `${vsDefaults(own.rps, 'rps').toFixed(3)}×`,
            median(own.cpu).toFixed(4),
            `${vsDefaults(own.cpu, 'cpu').toFixed(3)}×`,
          ];
        }),
      ),
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Prometheus scrapes every 15 s by default; the metrics run scrapes more often, so the scrapes' cost shows. */
const METRICS_SCRAPE_MS = 5_000;
const METRICS_ROUNDS = 7;

/**
 * The metrics' cost: three BFF processes alike but for METRICS_PORT on the middle one (scraped every 5 s),
 * measured in interleaved throughput rounds after the same warm-up. Two BFFs without metrics, not one: the
 * difference between them is the run's noise floor (on a shared machine two identical processes differ by
 * several per cent). `BENCH_ONLY=metrics npm run bench` (about two minutes).
 */
async function metricsCost(upstream: BenchProcess): Promise<string[]> {
  const metricsPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const script = new URL('./bench/bff-under-test.ts', import.meta.url);
  const env = { BENCH_UPSTREAM_URL: upstream.url };
  const servers = await Promise.all([
    startProcess('BFF A', script, env, SERVER_V8_FLAGS),
    startProcess('BFF with metrics', script, { ...env, BENCH_METRICS_PORT: String(metricsPort) }, SERVER_V8_FLAGS),
    startProcess('BFF B', script, env, SERVER_V8_FLAGS),
  ]);
  processes.push(...servers);
  // BENCH_PIN=1 as in the main run: the load generator and the stand-in on CPU 0, the BFFs on CPU 1.
  const pinned =
    process.env.BENCH_PIN === '1' &&
    [pinToCpu(process.pid, 0), pinToCpu(upstream.pid, 0), ...servers.map((server) => pinToCpu(server.pid, 1))].every(Boolean);
  log(pinned ? 'pinned: load generator and stand-in on CPU 0, the BFFs on CPU 1' : 'not pinned to CPUs');
  let scrapes = 0;
  let scrapeBytes = 0;
  const scraper = setInterval(() => {
    request(`http://127.0.0.1:${metricsPort}/metrics`)
      .then(async ({ statusCode, body }) => {
        const text = await body.text();
        if (statusCode === 200) {
          scrapes += 1;
          scrapeBytes = text.length;
        }
      })
      .catch((error: unknown) => log(`metrics scrape failed: ${String(error)}`));
  }, METRICS_SCRAPE_MS);
  try {
    const run = await interleavedSessionRounds('metrics', servers);
    const row = (name: string) => [
      name,
      String(Math.round(median(run(name).rps))),
      run(name).rps.map(Math.round).join(', '),
      median(run(name).cpu).toFixed(4),
    ];
    const [a, measured, b] = servers.map((server) => run(server.name)) as [
      ReturnType<typeof run>,
      ReturnType<typeof run>,
      ReturnType<typeof run>,
    ];
    // Paired rounds: each round's ratio, then their median (drift between rounds cancels out).
    const pairedRatio = (x: number[], y: number[]) => median(x.map((value, index) => value / (y[index] ?? value)));
    const withMetrics = median(measured.rps.map((rps, index) => rps / (((a.rps[index] ?? rps) + (b.rps[index] ?? rps)) / 2)));
    const floor = pairedRatio(b.rps, a.rps);
    const cpuRatio = median(measured.cpu) / ((median(a.cpu) + median(b.cpu)) / 2);
    const work = metricWorkMicroseconds();
    return [
      `Metric work per request, measured in this process (1,000,000 calls each, after a warm-up): recording an answer ` +
        `${work.request.toFixed(2)} µs, recording a legacy call ${work.legacyCall.toFixed(2)} µs (getSession makes one): ` +
        `${(((work.request + work.legacyCall) / 1000 / median(a.cpu)) * 100).toFixed(1)} % of the BFF's CPU per request.`,
      '',
      `Metrics' cost (\`GET /api/session\`, ${pinned ? 'pinned, ' : ''}${METRICS_ROUNDS} interleaved rounds of ${THROUGHPUT_SECONDS} s after ${WARM_UP_SECONDS} s of warm-up each; ` +
        `the BFF with METRICS_PORT scraped every ${METRICS_SCRAPE_MS / 1000} s: ${scrapes} scrapes of ${scrapeBytes} bytes):`,
      '',
      table(
        ['', 'requests/s (median)', 'requests/s per round', 'CPU per request (ms, median)'],
        servers.map((server) => row(server.name)),
      ),
      '',
      `Throughput with metrics: ${withMetrics.toFixed(3)}× the mean of A and B (median of the rounds' ratios); CPU per request ` +
        `${cpuRatio.toFixed(3)}×. Noise floor: B ${floor.toFixed(3)}× A, two identical processes. Target: at most 3 % lower throughput: ` +
        `${withMetrics >= 0.97 ? 'met' : Math.abs(1 - floor) >= 1 - withMetrics ? 'within the noise floor of this run' : '**not met**'}.`,
    ];
  } finally {
    clearInterval(scraper);
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** CPU µs of the metrics' own work: one answer recorded (counter and histogram), one legacy call published and recorded. */
function metricWorkMicroseconds(): { request: number; legacyCall: number } {
  const metrics = createBffMetrics();
  try {
    const record = metrics.requestsOf('getSession');
    const call = { method: 'GET', path: '/api/v2/coaches/{coachId}', status: 200, durationMs: 1, attempts: 1 };
    const time = (work: (index: number) => void) => {
      for (let index = 0; index < 200_000; index++) work(index);
      const started = process.cpuUsage();
      for (let index = 0; index < 1_000_000; index++) work(index);
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1_000_000;
    };
    return {
      request: time((index) => record(200, (index % 50) / 1000)),
      legacyCall: time(() => publishLegacyCall(call, undefined)),
    };
  } finally {
    metrics.close();
  }
}

/** The run's conditions, first in the output: the machine, the load on it, the servers' flags. */
function conditions(pinned: boolean, loadBefore: number): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return (
    `Benchmark of ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${availableParallelism()} cores (${cpu}), everything on ` +
    '127.0.0.1; ' +
    (pinned
      ? 'pinned with taskset: the load generator and the legacy stand-in on CPU 0, the servers compared on CPU 1 '
      : 'not pinned: the load generator, the legacy stand-in and the servers share the cores ') +
    `(server V8 flags: ${SERVER_V8_FLAGS.join(' ') || 'none'}); 1-minute load average at the start ${loadBefore.toFixed(2)}.`
  );
}

/** The summary of goals, last in the output: the table docs/benchmarks.md shows. */
function summary(goals: GoalRow[], started: number, loadBefore: number): string[] {
  return [
    '## Summary',
    '',
    table(['figure', 'measured', 'goal', 'result'], goals),
    '',
    `Run time: ${Math.round((performance.now() - started) / 1000)} s. Load average (1 min) at the start ${loadBefore.toFixed(2)}, ` +
      `at the end ${(loadavg()[0] ?? 0).toFixed(2)}: other work on the machine slows the wall-clock figures; CPU per request depends on it far less.`,
  ];
}

/**
 * The shared table in Chromium on the production build, the sandbox holding TABLE_ASSESSMENTS assessments for the demo
 * coach (scripts/bench/table.ts): ticks, Uncheck All, sorts, page and page-size changes at 50 and 500 rows per page.
 * `BENCH_ONLY=table npm run bench` (about a minute and a half).
 */
async function browserTable(): Promise<Part> {
  log(`table: the assessments table in Chromium, ${TABLE_ASSESSMENTS.toLocaleString('en')} assessments`);
  return tableReport(await measureTable());
}

/**
 * Opening the assessments table from the dashboard in Chromium, warm (as in production) and cold, at 500 and 20,000
 * assessments (scripts/bench/table-open.ts). `BENCH_ONLY=open npm run bench` (about four minutes).
 */
async function tableOpen(): Promise<Part> {
  log('open: the assessments table opened from the dashboard in Chromium, warm and cold');
  return tableOpenReport(await measureTableOpen());
}

const PARTS: Record<string, (upstream: BenchProcess) => Promise<Part>> = {
  requests: async (upstream) => {
    const servers = await startServers(upstream);
    try {
      return await requests(upstream, servers);
    } finally {
      await Promise.all([servers.proxy, servers.floor, servers.peer, servers.bff].map((server) => server.stop()));
    }
  },
  pieces: piecesOnly,
  batches: bffBatches,
  reports: reportMemory,
  lists,
  search,
  sessions,
  table: browserTable,
  open: tableOpen,
  flags: async (upstream) => ({ lines: await flagsCost(upstream), goals: [] }),
  metrics: async (upstream) => ({ lines: await metricsCost(upstream), goals: [] }),
};

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  const upstream = await startProcess('legacy stand-in', new URL('./bench/legacy-stand-in.ts', import.meta.url));
  processes.push(upstream);
  const only = process.env.BENCH_ONLY;
  const out: string[] = [];
  const goals: GoalRow[] = [];
  const add = (part: Part) => {
    out.push('', ...part.lines);
    goals.push(...part.goals);
  };
  if (only) {
    const names = only.split(',').map((name) => name.trim());
    const unknown = names.filter((name) => !PARTS[name]);
    if (unknown.length > 0) throw new Error(`BENCH_ONLY=${only}: ${unknown.join(', ')} not one of ${Object.keys(PARTS).join(', ')}`);
    for (const name of names) add(await (PARTS[name] as (typeof PARTS)[string])(upstream));
  } else {
    const servers = await startServers(upstream);
    try {
      add(await requests(upstream, servers));
      add(await downloadAndRunner(upstream, servers));
    } finally {
      await Promise.all([servers.proxy, servers.floor, servers.peer, servers.bff].map((server) => server.stop()));
    }
    add(await bffBatches(upstream));
    add(await reportMemory(upstream));
    add(await lists(upstream));
    add(await search(upstream));
    add(await sessions(upstream));
    add(await browserTable());
    add(await tableOpen());
  }
  const closing = goals.length > 0 ? ['', ...summary(goals, started, loadBefore)] : [];
  process.stdout.write(`${[conditions(pinned, loadBefore), ...out, ...closing].join('\n')}\n`);
}

async function stopAll(): Promise<void> {
  await Promise.all(processes.splice(0).map((child) => child.stop()));
  rmSync(PIECES_DIR, { recursive: true, force: true });
}

process.once('SIGINT', () => {
  stopAll().finally(() => process.exit(130));
});
try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
