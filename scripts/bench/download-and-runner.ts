// The full run's second part of `npm run bench`, on the servers of the coach read: the 100 MB download through the
// bare proxy and the BFF, and the batch runner (`runBatch`) alone in this process.
import { type BatchRun, measureBatch } from './batch.ts';
import type { Servers } from './coach-read.ts';
import { COACH_PATH } from './coach-read.ts';
import { type DownloadRun, measureDownload } from './download.ts';
import { median } from './load.ts';
import type { BenchProcess } from './processes.ts';
import { DEMO_EMAIL, log, MB, type Part, ratio, rotated, table, verdict } from './run-kit.ts';
import { BENCH_DOWNLOAD_ROUTE, DOWNLOAD_BYTES, type GoalRow, LEGACY_COOKIE, SLOW_CALL_MS } from './shared.ts';
import { signIn } from './sign-in.ts';

const BATCH_ITEMS = 500;
const BATCH_CONCURRENCIES = [1, 4, 16];
const DOWNLOAD_ROUNDS = 3;
// The contract's operation the download would use once implemented (openapi/bff.yaml downloadActivitySummary).
const CONTRACT_DOWNLOAD = '/api/activity-summary';
const mbPerS = (run: DownloadRun) => (run.bytes / MB) * (1000 / run.elapsedMs);

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
export async function downloadAndRunner(upstream: BenchProcess, servers: Servers): Promise<Part> {
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
