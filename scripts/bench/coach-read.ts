// The coach read of `npm run bench`: the legacy stand-in read directly, through a bare proxy, the Fastify floor,
// the Fastify peer and the BFF, each in its own process; throughput and CPU per request then latency in
// interleaved rounds after a warm-up, and the per-piece CPU of the floor, the peer and the BFF.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CPU_GOAL_VS_BARE, type ProfiledTarget, piecesOf, piecesReport, startProfiling, stopProfiling } from './cpu-pieces.ts';
import { measureThroughput, median, type OpenLoopRun, openLoop, percentile, type Target, THROUGHPUT_CONNECTIONS } from './load.ts';
import type { LoopStats } from './loop-probe.ts';
import { type BenchProcess, pinToCpu, startProcess } from './processes.ts';
import {
  DEMO_EMAIL,
  expectOk,
  log,
  loopRows,
  type Part,
  pairedRatios,
  processes,
  processOf,
  ratio,
  ratioWithRange,
  rotated,
  SERVER_V8_FLAGS,
  THROUGHPUT_SECONDS,
  table,
  verdict,
  WARM_UP_SECONDS,
} from './run-kit.ts';
import { BENCH_COACH_ID, type GoalRow, LEGACY_COOKIE } from './shared.ts';
import { signIn } from './sign-in.ts';

const ROUNDS = 5;
const RATE = 1_000;
const LATENCY_MS = 4_000;
// For reference: latency at a rate every target sustains, so queueing does not hide the per-request cost.
const LOW_RATE = 200;
const LOW_RATE_MS = 3_000;
/** The BFF's throughput goal: at least this many times the Fastify peer's (its CPU goal: CPU_GOAL_VS_BARE). */
const THROUGHPUT_GOAL_VS_PEER = 1.4;
export const COACH_PATH = `/api/v2/coaches/${BENCH_COACH_ID}`;

/** BENCH_CPU_PROF=<dir>: the BFF writes a V8 CPU profile of the whole run there when it stops (open it in Chrome DevTools). */
function profileEnv(): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${dir}`.trim() } : {};
}
// Where the floor, the peer and the BFF write their profiles for the per-piece CPU (scripts/bench/cpu-pieces.ts).
export const PIECES_DIR = mkdtempSync(join(tmpdir(), 'bench-pieces-'));
type Profiled = 'floor' | 'peer' | 'bff';
const profileFileOf = (name: Profiled) => ({ BENCH_PROFILE_FILE: join(PIECES_DIR, `${name}.cpuprofile`) });
const PIECES_SECONDS = 6;
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const ms = (value: number) => value.toFixed(3);

interface TargetFigures {
  requestsPerSecond: number[];
  cpuMsPerRequest: number[];
  latency: OpenLoopRun[];
  lowRate?: OpenLoopRun;
  non2xx: number;
  /** The serving process's event-loop delay and GC pauses over the measured rounds (loop-probe.ts). */
  loop?: LoopStats;
}

async function requestsAndLatency(targets: Target[]): Promise<Map<string, TargetFigures>> {
  const figures = new Map(
    targets.map((target) => [target.name, { requestsPerSecond: [], cpuMsPerRequest: [], latency: [], non2xx: 0 } as TargetFigures]),
  );
  // The BFF's code reaches its optimised steady state only after ≈ 10 s of load (measured: 0.45 ms of CPU
  // per request in the first seconds, 0.22 ms from the tenth on); the first rounds would measure the JIT.
  log(`warming up (${WARM_UP_SECONDS} s per target)`);
  for (const target of targets) await measureThroughput(target, WARM_UP_SECONDS);
  for (const target of targets) await processOf(target.servingPid).loopStats(true);
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
  for (const target of targets) (figures.get(target.name) as TargetFigures).loop = await processOf(target.servingPid).loopStats(true);
  return figures;
}

export interface Servers {
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
export async function startServers(upstream: BenchProcess): Promise<Servers> {
  const env = { BENCH_UPSTREAM_URL: upstream.url };
  const script = (name: string) => new URL(`./${name}`, import.meta.url);
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

/** Whether the servers compared run pinned (for the run's conditions). */
export const serversPinned = () => pinned;

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
export async function requests(upstream: BenchProcess, servers: Servers): Promise<Part> {
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
        ...loopRows(summary.map((entry) => of(entry.name).loop as LoopStats)),
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

/**
 * `BENCH_ONLY=pieces npm run bench` (about 2 minutes): the bare proxy, the Fastify floor, the peer and the BFF warmed up,
 * their CPU per request measured alike (3 rounds of 4 s), then the per-piece CPU.
 */
export async function piecesOnly(upstream: BenchProcess): Promise<Part> {
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
