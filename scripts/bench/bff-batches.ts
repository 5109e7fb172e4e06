// The batches through the BFF's HTTP API (`BENCH_ONLY=batches npm run bench`): one request each of a 500-item
// sendInvites and a 500-item deleteAssessments (openapi/bff.yaml), whose per-item legacy calls the stand-in
// answers after SLOW_CALL_MS, against the ideal ⌈500/c⌉ × SLOW_CALL_MS at the BFF's batch concurrency c; and
// Download Reports of 200 assessments × 3 reports (createReportDownload, the archive streamed while
// getReportDownload is polled, as the client does) with the BFF's RSS sampled. The coach is `rows-<n>@bench.test`,
// whose list (scripts/bench/list-rows.ts) holds enough not-completed, not-registered and completed assessments.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { offeredOf, type ReportCode } from '../../bff/routes/assessments/report-availability.ts';
import { listRows, rowsCoachId } from './list-rows.ts';
import { sampleRss } from './processes.ts';
import { IN_FLIGHT_PATH, LEGACY_COOKIE, REPORT_PDF_BYTES, SLOW_CALL_MS } from './shared.ts';

export const BFF_BATCH_ITEMS = 500;
export const DOWNLOAD_ASSESSMENTS = 200;
export const DOWNLOAD_REPORTS: readonly ReportCode[] = ['enneaOverview', 'clientSummary', 'basic'];
const LIST_ROWS = 1_400;
const POLL_MS = 100;
const MB = 1024 * 1024;

export interface BffBatchRun {
  operation: string;
  items: number;
  elapsedMs: number;
  succeeded: number;
  maxInFlight: number;
}

export interface ReportDownloadRun {
  files: number;
  elapsedMs: number;
  zipBytes: number;
  status: string;
  done: number;
  failed: number;
  polls: number;
  maxInFlight: number;
  rssGrowthBytes: number;
  peakRssBytes: number;
}

/** The same report PDFs fetched through the bare proxy, `concurrency` at a time and drained: the baseline's RSS. */
export interface BareDownloadRun {
  files: number;
  bytes: number;
  elapsedMs: number;
  rssGrowthBytes: number;
}

export interface BffBatchFigures {
  concurrency: number;
  batches: BffBatchRun[];
  download: ReportDownloadRun;
  bare: BareDownloadRun;
}

type Row = Parameters<typeof offeredOf>[0] & { uuid: string; userCompletion: number; userRegistration: number };

async function signIn(bffUrl: string, label: number): Promise<string> {
  const { statusCode, headers, body } = await request(`${bffUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ email: `rows-${LIST_ROWS}.${label}@bench.test`, password: 'bench-password' }),
  });
  await body.dump();
  const pair = [headers['set-cookie'] ?? []]
    .flat()
    .map((cookie) => cookie.split(';', 1)[0] ?? '')
    .find((cookie) => cookie.startsWith('__Host-portal_session='));
  if (statusCode !== 200 || !pair) throw new Error(`BFF login failed with ${statusCode}`);
  return pair;
}

async function call(url: string, method: 'GET' | 'POST', cookie: string, payload?: object): Promise<{ status: number; json: unknown }> {
  const { statusCode, body } = await request(url, {
    method,
    headers: {
      cookie,
      'x-csrf': '1',
      ...(payload ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
    },
    body: payload ? JSON.stringify(payload) : null,
  });
  const text = await body.text();
  return { status: statusCode, json: text ? JSON.parse(text) : null };
}

async function maxInFlightSince(standInUrl: string): Promise<number> {
  const { json } = await call(`${standInUrl}${IN_FLIGHT_PATH}`, 'GET', '');
  return (json as { maxInFlight: number }).maxInFlight;
}

async function batch(bffUrl: string, standInUrl: string, cookie: string, operation: string, path: string, payload: object) {
  await maxInFlightSince(standInUrl);
  const started = performance.now();
  const { status, json } = await call(`${bffUrl}${path}`, 'POST', cookie, payload);
  const elapsedMs = performance.now() - started;
  if (status !== 200) throw new Error(`${operation} answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  const result = json as { total: number; succeeded: number };
  return { operation, items: result.total, elapsedMs, succeeded: result.succeeded, maxInFlight: await maxInFlightSince(standInUrl) };
}

async function reportDownload(
  bffUrl: string,
  standInUrl: string,
  cookie: string,
  bffPid: number,
  ids: string[],
): Promise<ReportDownloadRun> {
  const created = await call(`${bffUrl}/api/report-downloads`, 'POST', cookie, { ids, reports: DOWNLOAD_REPORTS, language: 'english' });
  if (created.status !== 201) throw new Error(`createReportDownload answered ${created.status}: ${JSON.stringify(created.json)}`);
  const { jobId, total } = created.json as { jobId: string; total: number };
  await maxInFlightSince(standInUrl);
  const stopSampling = sampleRss(bffPid);
  const started = performance.now();
  const archive = request(`${bffUrl}/api/report-downloads/${jobId}/archive`, { headers: { cookie } });
  // The progress modal's polling, while the zip streams.
  let polls = 0;
  let job = { status: 'pending', done: 0, failed: [] as unknown[] };
  let streaming = true;
  const polling = (async () => {
    while (streaming || job.status === 'pending' || job.status === 'running') {
      const { status, json } = await call(`${bffUrl}/api/report-downloads/${jobId}`, 'GET', cookie);
      if (status !== 200) throw new Error(`getReportDownload answered ${status}`);
      polls++;
      job = json as typeof job;
      if (!streaming && job.status !== 'pending' && job.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  const { statusCode, body } = await archive;
  let zipBytes = 0;
  for await (const chunk of body) zipBytes += (chunk as Buffer).length;
  streaming = false;
  const elapsedMs = performance.now() - started;
  await polling;
  const { startBytes, peakBytes } = stopSampling();
  if (statusCode !== 200) throw new Error(`downloadReportArchive answered ${statusCode}`);
  return {
    files: total,
    elapsedMs,
    zipBytes,
    status: job.status,
    done: job.done,
    failed: job.failed.length,
    polls,
    maxInFlight: await maxInFlightSince(standInUrl),
    rssGrowthBytes: peakBytes - startBytes,
    peakRssBytes: peakBytes,
  };
}

/**
 * The baseline of the download's memory: the same files moved by the bare proxy (scripts/bench/bare-proxy.ts), as
 * many at a time as the BFF fetches, each drained by this client as it comes. What its RSS grows by is what a Node
 * process pays for streaming that many bytes at all (buffers waiting for the garbage collector), without any zip.
 */
async function bareDownload(proxy: { url: string; pid: number }, ids: readonly string[], concurrency: number): Promise<BareDownloadRun> {
  const coachId = rowsCoachId(LIST_ROWS);
  const paths = ids.flatMap((id) => DOWNLOAD_REPORTS.map((code) => `/publish/reports/coach/${code}/${coachId}/${id}?pdf=1`));
  const stopSampling = sampleRss(proxy.pid);
  const started = performance.now();
  let bytes = 0;
  let next = 0;
  const lane = async () => {
    while (next < paths.length) {
      const path = paths[next++] ?? '';
      const { statusCode, body } = await request(`${proxy.url}${path}`, { headers: { cookie: LEGACY_COOKIE } });
      for await (const chunk of body) bytes += (chunk as Buffer).length;
      if (statusCode !== 200) throw new Error(`the bare proxy answered ${statusCode} for ${path}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsedMs = performance.now() - started;
  const { startBytes, peakBytes } = stopSampling();
  return { files: paths.length, bytes, elapsedMs, rssGrowthBytes: peakBytes - startBytes };
}

export async function measureBffBatches(
  bffUrl: string,
  standInUrl: string,
  bffPid: number,
  concurrency: number,
  proxy: { url: string; pid: number },
): Promise<BffBatchFigures> {
  const rows = listRows(LIST_ROWS, rowsCoachId(LIST_ROWS)) as Row[];
  const pick = (keep: (row: Row) => boolean, count: number) => {
    const ids = rows.filter(keep).map((row) => row.uuid);
    if (ids.length < count) throw new Error(`the bench list holds ${ids.length} such assessments, not ${count}`);
    return ids.slice(0, count);
  };
  // Invites skip completed assessments; delete refuses registered ones; the download needs all three reports.
  const toInvite = pick((row) => row.userCompletion === 0, BFF_BATCH_ITEMS);
  const toDelete = pick((row) => row.userRegistration === 0, BFF_BATCH_ITEMS);
  const toDownload = pick((row) => offeredOf(row, DOWNLOAD_REPORTS).length === DOWNLOAD_REPORTS.length, DOWNLOAD_ASSESSMENTS);
  const cookie = await signIn(bffUrl, 1);
  // A warm-up: the first request of each kind pays for the BFF's code loading, not the batch.
  const warmUp = await call(`${bffUrl}/api/assessments/invites`, 'POST', cookie, { ids: toInvite.slice(0, 4), serverSend: true });
  if (warmUp.status !== 200) throw new Error(`sendInvites answered ${warmUp.status}: ${JSON.stringify(warmUp.json)}`);
  const batches = [
    await batch(bffUrl, standInUrl, cookie, 'sendInvites', '/api/assessments/invites', { ids: toInvite, serverSend: true }),
    await batch(bffUrl, standInUrl, cookie, 'deleteAssessments', '/api/assessments/deletions', { ids: toDelete }),
  ];
  const download = await reportDownload(bffUrl, standInUrl, cookie, bffPid, toDownload);
  const bare = await bareDownload(proxy, toDownload, concurrency);
  return { concurrency, batches, download, bare };
}

export function bffBatchReport(
  figures: BffBatchFigures,
  table: (header: string[], rows: string[][]) => string,
  verdict: (met: boolean) => string,
): string[] {
  const c = figures.concurrency;
  const ideal = Math.ceil(BFF_BATCH_ITEMS / c) * SLOW_CALL_MS;
  const { download, bare } = figures;
  const growth = download.rssGrowthBytes / MB;
  const bareGrowth = bare.rssGrowthBytes / MB;
  const batchMet = (run: BffBatchRun) => run.elapsedMs / ideal <= 1.2 && run.maxInFlight <= c && run.succeeded === BFF_BATCH_ITEMS;
  return [
    `Batches through the BFF's HTTP API (a BFF process of its own; batch concurrency c = ${c}, bff/config.ts): one POST of ` +
      `${BFF_BATCH_ITEMS} ids each, the stand-in answering every per-item legacy call after ${SLOW_CALL_MS} ms ` +
      '(`GET api/v2/tokens/{uuid}/sendinvite`, `DELETE api/v2/tokens/{uuid}`); elapsed is the whole request (the list read, ' +
      'the batch, the answer). Max in flight: the per-item calls the stand-in saw at once.',
    '',
    table(
      ['operation', 'elapsed (ms)', `ideal ⌈${BFF_BATCH_ITEMS}/${c}⌉ × ${SLOW_CALL_MS} ms`, 'ratio', 'max in flight', 'succeeded'],
      figures.batches.map((run) => [
        run.operation,
        String(Math.round(run.elapsedMs)),
        String(ideal),
        `${(run.elapsedMs / ideal).toFixed(3)}×`,
        String(run.maxInFlight),
        `${run.succeeded} of ${run.items}`,
      ]),
    ),
    '',
    `Download Reports: ${DOWNLOAD_ASSESSMENTS} assessments × ${DOWNLOAD_REPORTS.length} reports (${DOWNLOAD_REPORTS.join(', ')}), ` +
      `each PDF ${REPORT_PDF_BYTES / 1024} KB after ${SLOW_CALL_MS} ms: createReportDownload, then downloadReportArchive streamed ` +
      `while getReportDownload is polled every ${POLL_MS} ms; the BFF's RSS sampled every 10 ms from /proc.`,
    '',
    table(
      ['files', 'elapsed (ms)', 'zip (MB)', 'job status', 'done / failed', 'polls', 'max in flight', 'RSS growth (MB)', 'peak RSS (MB)'],
      [
        [
          String(download.files),
          String(Math.round(download.elapsedMs)),
          (download.zipBytes / MB).toFixed(1),
          download.status,
          `${download.done} / ${download.failed}`,
          String(download.polls),
          String(download.maxInFlight),
          growth.toFixed(1),
          (download.peakRssBytes / MB).toFixed(0),
        ],
      ],
    ),
    '',
    `Baseline: the same ${bare.files} PDFs through the bare proxy (its own process), ${c} at a time, each drained as it ` +
      `comes and no zip: ${(bare.bytes / MB).toFixed(1)} MB in ${Math.round(bare.elapsedMs)} ms, the proxy's RSS growth ` +
      `${bareGrowth.toFixed(1)} MB. That growth is Node's own (buffers waiting for the garbage collector), not data held; ` +
      `the BFF's zip adds ${(growth - bareGrowth).toFixed(1)} MB to it.`,
    '',
    table(
      ['target', 'measured', 'goal', 'result'],
      [
        ...figures.batches.map((run) => [
          `${run.operation} of ${BFF_BATCH_ITEMS} vs ${ideal} ms`,
          `${(run.elapsedMs / ideal).toFixed(3)}×, max ${run.maxInFlight} in flight`,
          `≤ 1.2×, ≤ ${c} in flight`,
          verdict(batchMet(run)),
        ]),
        [
          `Download Reports ${download.files} files, BFF RSS growth`,
          `${growth.toFixed(1)} MB (bare proxy ${bareGrowth.toFixed(1)} MB), max ${download.maxInFlight} in flight`,
          `≤ 32 MB, ≤ ${c} in flight`,
          verdict(growth <= 32 && download.maxInFlight <= c && download.status === 'complete' && download.failed === 0),
        ],
      ],
    ),
  ];
}
