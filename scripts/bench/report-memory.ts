// Download Reports' memory (`BENCH_ONLY=reports npm run bench`): the zip streams, so the BFF's memory must not grow
// with the download. 200 assessments × 3 reports (createReportDownload, then downloadReportArchive read as fast as
// this client can while getReportDownload is polled, as the client does); the stand-in generates each PDF at the
// size asked (REPORT_BYTES_PATH), so the same 600 files make 100 MB or 1 GB. Each measured download runs on a BFF
// process of its own, started for it and warmed up with a small download, so every one starts alike; the 100 MB and
// 1 GB downloads alternate over the rounds. Then one BFF runs 4 jobs of 1 GB at once, of 4 sessions, and another the
// same with a smaller young generation (SMALL_YOUNG_GENERATION). RSS: the kernel's peak (VmHWM, reset when the
// download starts) and samples every 10 ms, both from /proc.
import { request } from 'undici';
import { offeredOf, type ReportCode } from '../../bff/domain/report-availability.ts';
import { call, LIST_ROWS, maxInFlightSince, type Row, signInListCoach } from './bff-batches.ts';
import { listRows, rowsCoachId } from './list-rows.ts';
import { type BenchProcess, type RssSample, sampleRss } from './processes.ts';
import { REPORT_BYTES_PATH, REPORT_PDF_BYTES, SLOW_CALL_MS } from './shared.ts';

const MB = 1024 * 1024;
export const REPORT_ASSESSMENTS = 200;
export const REPORTS: readonly ReportCode[] = ['enneaOverview', 'clientSummary', 'basic'];
const FILES = REPORT_ASSESSMENTS * REPORTS.length;
/** The sizes compared: one download of each per round, on a fresh BFF each. */
export const SMALL_BYTES = 100 * MB;
export const LARGE_BYTES = 1024 * MB;
const ROUNDS = 3;
export const CONCURRENT_JOBS = 4;
/** The goals: 1 GB's growth at most 100 MB's + this, and the peak RSS of CONCURRENT_JOBS 1 GB jobs at once. */
export const GROWTH_ALLOWANCE_MB = 16;
export const PEAK_RSS_GOAL_MB = 250;
/**
 * V8's young generation in Node 24 grows to two semi-spaces of 64 MB, whatever the memory: the BFF reaches it while
 * it starts (≈ 45 MB of it in use) and keeps it. Capped, the BFF starts smaller and collects the sockets' 64 KB read
 * buffers sooner (a scavenge frees a dead Buffer's memory; V8 otherwise waits for 64 MB of them). The concurrent
 * downloads are measured with it too; what it costs the requests: `BENCH_ONLY=flags` (docs/benchmarks.md).
 */
export const SMALL_YOUNG_GENERATION = '--max-semi-space-size=8';
const WARM_UP_ASSESSMENTS = 10;
const POLL_MS = 100;
const ENDED_WITHIN_MS = 30_000;

export interface ReportDownloadRun {
  files: number;
  elapsedMs: number;
  zipBytes: number;
  status: string;
  failed: number;
  polls: number;
}

export interface MeasuredDownload {
  bytes: number;
  jobs: number;
  runs: ReportDownloadRun[];
  rss: RssSample;
  /** The per-file calls the stand-in saw at once (a single job: at most the BFF's batch concurrency). */
  maxInFlight: number;
  /** The BFF's batch concurrency (bff/config.ts): the PDFs one job fetches at once. */
  concurrency: number;
}

export interface ReportMemoryFigures {
  concurrency: number;
  /** In the order measured (the sizes alternate). */
  single: MeasuredDownload[];
  concurrent: MeasuredDownload;
  /** The same with SMALL_YOUNG_GENERATION added to the BFF's V8 flags. */
  concurrentSmallYoung: MeasuredDownload;
}

/** One Download Reports job, start to end: created, its zip read to the end while its progress is polled. */
async function reportDownload(bffUrl: string, cookie: string, ids: readonly string[]): Promise<ReportDownloadRun> {
  const created = await call(`${bffUrl}/api/report-downloads`, 'POST', cookie, { ids, reports: REPORTS, language: 'english' });
  if (created.status !== 201) throw new Error(`createReportDownload answered ${created.status}: ${JSON.stringify(created.json)}`);
  const { jobId, total } = created.json as { jobId: string; total: number };
  const started = performance.now();
  const archive = request(`${bffUrl}/api/report-downloads/${jobId}/archive`, { headers: { cookie } });
  let polls = 0;
  let job = { status: 'pending', failed: [] as unknown[] };
  let streaming = true;
  let streamedAt = Number.POSITIVE_INFINITY;
  const polling = (async () => {
    // Bounded: a job still running ENDED_WITHIN_MS after its zip was read to the end is a failure of the run.
    while (performance.now() - streamedAt < ENDED_WITHIN_MS) {
      const { status, json } = await call(`${bffUrl}/api/report-downloads/${jobId}`, 'GET', cookie);
      if (status !== 200) throw new Error(`getReportDownload answered ${status}`);
      polls++;
      job = json as typeof job;
      if (!streaming && job.status !== 'pending' && job.status !== 'running') return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`job ${jobId} still ${job.status} ${ENDED_WITHIN_MS / 1000} s after its zip ended`);
  })();
  // Settled below; this only keeps an early failure from being an unhandled rejection meanwhile.
  polling.catch(() => {});
  const { statusCode, body } = await archive;
  let zipBytes = 0;
  for await (const chunk of body) zipBytes += (chunk as Buffer).length;
  streaming = false;
  streamedAt = performance.now();
  const elapsedMs = streamedAt - started;
  await polling;
  if (statusCode !== 200) throw new Error(`downloadReportArchive answered ${statusCode}`);
  return { files: total, elapsedMs, zipBytes, status: job.status, failed: job.failed.length, polls };
}

async function setReportBytes(standInUrl: string, bytes: number): Promise<void> {
  const { status } = await call(`${standInUrl}${REPORT_BYTES_PATH}?bytes=${bytes}`, 'GET', '');
  if (status !== 200) throw new Error(`the stand-in answered ${status} to ${REPORT_BYTES_PATH}`);
}

/** The assessments every report download of the bench takes: REPORT_ASSESSMENTS of the list coach's, each offering all REPORTS. */
export function reportIds(): string[] {
  const rows = listRows(LIST_ROWS, rowsCoachId(LIST_ROWS)) as Row[];
  const ids = rows.filter((row) => offeredOf(row, REPORTS).length === REPORTS.length).map((row) => row.uuid);
  if (ids.length < REPORT_ASSESSMENTS) throw new Error(`the bench list offers all ${REPORTS.length} reports for ${ids.length} assessments`);
  return ids.slice(0, REPORT_ASSESSMENTS);
}

/**
 * A BFF's warm-up before its memory is measured: `sessions` sessions of the list coach signed in, then one small
 * download (the code's first run and the first buffers are not what is measured). Answers the sessions' cookies.
 */
export async function warmUp(bffUrl: string, standInUrl: string, ids: readonly string[], sessions: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let label = 1; label <= sessions; label++) cookies.push(await signInListCoach(bffUrl, label));
  await setReportBytes(standInUrl, REPORT_PDF_BYTES);
  const small = await reportDownload(bffUrl, cookies[0] ?? '', ids.slice(0, WARM_UP_ASSESSMENTS));
  if (small.status !== 'complete') throw new Error(`the warm-up download ended ${small.status}`);
  return cookies;
}

/**
 * `jobs` downloads of `bytes` each at once, on a BFF started for them: each of its own session, after a warm-up
 * download of small PDFs (the code's first run and the first buffers are not the download's).
 */
async function measure(
  startBff: (v8Flags: string[]) => Promise<BenchProcess>,
  standInUrl: string,
  ids: readonly string[],
  bytes: number,
  jobs: number,
  log: (line: string) => void,
  v8Flags: string[] = [],
): Promise<MeasuredDownload> {
  const bff = await startBff(v8Flags);
  try {
    const cookies = await warmUp(bff.url, standInUrl, ids, jobs);
    await setReportBytes(standInUrl, Math.round(bytes / FILES));
    await maxInFlightSince(standInUrl);
    const stopSampling = sampleRss(bff.pid);
    const runs = await Promise.all(cookies.map((cookie) => reportDownload(bff.url, cookie, ids)));
    const rss = stopSampling();
    const maxInFlight = await maxInFlightSince(standInUrl);
    for (const run of runs) {
      if (run.status !== 'complete' || run.failed > 0 || run.files !== FILES) {
        throw new Error(`a download of ${bytes / MB} MB ended ${run.status} with ${run.failed} of ${run.files} files failed`);
      }
    }
    const slowest = Math.max(...runs.map((run) => run.elapsedMs));
    log(
      `Download Reports ${jobs > 1 ? `${jobs} × ` : ''}${bytes / MB} MB${v8Flags.length ? ` (${v8Flags.join(' ')})` : ''}: ${(slowest / 1000).toFixed(1)} s, ` +
        `RSS ${(rss.startBytes / MB).toFixed(0)} → peak ${(rss.peakBytes / MB).toFixed(0)} MB`,
    );
    return { bytes, jobs, runs, rss, maxInFlight, concurrency: bff.batchConcurrency ?? 0 };
  } finally {
    await Promise.all([bff.stop(), setReportBytes(standInUrl, REPORT_PDF_BYTES)]);
  }
}

export async function measureReportMemory(
  startBff: (v8Flags: string[]) => Promise<BenchProcess>,
  standInUrl: string,
  log: (line: string) => void,
): Promise<ReportMemoryFigures> {
  const chosen = reportIds();
  const single: MeasuredDownload[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const sizes = round % 2 === 0 ? [SMALL_BYTES, LARGE_BYTES] : [LARGE_BYTES, SMALL_BYTES];
    for (const bytes of sizes) single.push(await measure(startBff, standInUrl, chosen, bytes, 1, log));
  }
  const concurrent = await measure(startBff, standInUrl, chosen, LARGE_BYTES, CONCURRENT_JOBS, log);
  const concurrentSmallYoung = await measure(startBff, standInUrl, chosen, LARGE_BYTES, CONCURRENT_JOBS, log, [SMALL_YOUNG_GENERATION]);
  return { concurrency: concurrent.concurrency, single, concurrent, concurrentSmallYoung };
}

const growthMb = (download: MeasuredDownload) => (download.rss.peakBytes - download.rss.startBytes) / MB;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1] ?? Number.NaN;
const ofSize = (figures: ReportMemoryFigures, bytes: number) => figures.single.filter((download) => download.bytes === bytes);

/** The goals' figures: the median growth of each size, and the concurrent jobs' peak RSS. */
export function reportMemoryResults(figures: ReportMemoryFigures) {
  const small = median(ofSize(figures, SMALL_BYTES).map(growthMb));
  const large = median(ofSize(figures, LARGE_BYTES).map(growthMb));
  const peak = figures.concurrent.rss.peakBytes / MB;
  const peakSmallYoung = figures.concurrentSmallYoung.rss.peakBytes / MB;
  const everyJobWhole = [...figures.single, figures.concurrent, figures.concurrentSmallYoung].every((download) =>
    download.runs.every((run) => run.status === 'complete' && run.failed === 0),
  );
  const singleInFlight = Math.max(...figures.single.map((download) => download.maxInFlight));
  return { small, large, peak, peakSmallYoung, everyJobWhole, singleInFlight };
}

export function reportMemoryReport(figures: ReportMemoryFigures, table: (header: string[], rows: string[][]) => string): string[] {
  const zipMb = (download: MeasuredDownload) => download.runs.reduce((sum, run) => sum + run.zipBytes, 0) / MB;
  // All the jobs' bytes over the time the last one took.
  const mbPerS = (download: MeasuredDownload) => zipMb(download) / (Math.max(...download.runs.map((run) => run.elapsedMs)) / 1000);
  const row = (label: string, downloads: MeasuredDownload[]) => [
    label,
    downloads[0] ? zipMb(downloads[0]).toFixed(0) : '–',
    downloads.map((download) => mbPerS(download).toFixed(0)).join(', '),
    downloads.map((download) => (download.rss.startBytes / MB).toFixed(0)).join(', '),
    downloads.map((download) => growthMb(download).toFixed(1)).join(', '),
    median(downloads.map(growthMb)).toFixed(1),
    downloads.map((download) => (download.rss.peakBytes / MB).toFixed(0)).join(', '),
    String(Math.max(...downloads.map((download) => download.maxInFlight))),
  ];
  const c = figures.concurrency;
  return [
    `Download Reports' memory: ${REPORT_ASSESSMENTS} assessments × ${REPORTS.length} reports (${REPORTS.join(', ')}), ` +
      `each PDF generated by the stand-in at the size that makes the total (after ${SLOW_CALL_MS} ms), read as fast as ` +
      `this client can while getReportDownload is polled every ${POLL_MS} ms. Each row's downloads run on a BFF process ` +
      `started for each (batch concurrency c = ${c}) and warmed up with ${WARM_UP_ASSESSMENTS * REPORTS.length} small PDFs; ` +
      `100 MB and 1 GB alternate over ${ROUNDS} rounds. RSS growth: the peak (VmHWM, reset at the start, and 10 ms samples) ` +
      `minus the RSS at the start. The last row adds \`${SMALL_YOUNG_GENERATION}\` to the BFF's V8 flags.`,
    '',
    table(
      [
        'download',
        'zip (MB)',
        'MB/s per round',
        'RSS at start (MB)',
        'RSS growth per round (MB)',
        'RSS growth, median (MB)',
        'peak RSS (MB)',
        'max PDFs in flight',
      ],
      [
        row('100 MB', ofSize(figures, SMALL_BYTES)),
        row('1 GB', ofSize(figures, LARGE_BYTES)),
        row(`${CONCURRENT_JOBS} × 1 GB at once, ${CONCURRENT_JOBS} sessions`, [figures.concurrent]),
        row(`the same, \`${SMALL_YOUNG_GENERATION}\``, [figures.concurrentSmallYoung]),
      ],
    ),
  ];
}
