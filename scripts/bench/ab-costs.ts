// The A/B runs of `npm run bench`: what a set of V8 flags (BENCH_ONLY=flags) or the metrics (BENCH_ONLY=metrics)
// cost the BFF in throughput and CPU per request, against two BFFs without (their difference is the run's noise).
import { createServer } from 'node:net';
import { request } from 'undici';
import { publishLegacyCall } from '../../bff/diagnostics.ts';
import { createBffMetrics } from '../../bff/metrics/bff-metrics.ts';
import { measureThroughput, median, type Target } from './load.ts';
import { type BenchProcess, pinToCpu, startProcess } from './processes.ts';
import { DEMO_EMAIL, expectOk, log, processes, rotated, SERVER_V8_FLAGS, THROUGHPUT_SECONDS, table, WARM_UP_SECONDS } from './run-kit.ts';
import { signIn } from './sign-in.ts';

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
export async function flagsCost(upstream: BenchProcess): Promise<string[]> {
  const variants = (process.env.BENCH_AB_FLAGS ?? '')
    .split(';')
    .map((flags) => flags.trim())
    .filter(Boolean);
  if (variants.length === 0) throw new Error('BENCH_AB_FLAGS names no flags');
  const script = new URL('./bff-under-test.ts', import.meta.url);
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
export async function metricsCost(upstream: BenchProcess): Promise<string[]> {
  const metricsPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const script = new URL('./bff-under-test.ts', import.meta.url);
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
