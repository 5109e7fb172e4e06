// `npm run bench`: what the BFF costs compared with the legacy API itself, a bare proxy of it, the floor of any
// Fastify server and an off-the-shelf Fastify gateway doing the same job (the peer). Not a test: it prints figures
// and the goals, met or not, and never fails on them. The method and the current figures: docs/benchmarks.md, whose
// summary table is the one this prints last. A legacy stand-in, the bare proxy, the Fastify floor, the Fastify peer
// and the BFF each run in their own process on 127.0.0.1; this process generates the load. The full run (about
// 11 minutes on the 2-core machine): the coach read (throughput, CPU and latency in interleaved rounds, then the
// per-piece CPU), the 100 MB download and the batch runner, the batches through the BFF's HTTP API, the BFF at rest,
// Download Reports' memory, the assessments lists, the sessions of one coach, the shared table in the browser and its opening.
// `BENCH_ONLY=requests|pieces|batches|resting|reports|lists|search|pipeline|insights|export|sessions|heavy-coach|table|open|metrics|flags` runs
// one part (each described at its function), `BENCH_ONLY=requests,reports` several.
import { rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { flagsCost, metricsCost } from './bench/ab-costs.ts';
import { batchGoals, bffBatchReport, measureBffBatches } from './bench/bff-batches.ts';
import { PIECES_DIR, piecesOnly, requests, serversPinned, startServers } from './bench/coach-read.ts';
import { downloadAndRunner } from './bench/download-and-runner.ts';
import { exportGoals, exportReport, measureExport } from './bench/export.ts';
import { HEAVY_ROWS, heavyCoachGoals, heavyCoachReport, measureHeavyCoach } from './bench/heavy-coach.ts';
import { insightGoals, insightReport, measureInsights } from './bench/insights.ts';
import { listGoals, listReport, measureLists } from './bench/lists.ts';
import { measurePipeline, pipelineGoals, pipelineReport } from './bench/pipeline.ts';
import { type BenchProcess, startProcess } from './bench/processes.ts';
import {
  CONCURRENT_JOBS,
  GROWTH_ALLOWANCE_MB,
  measureReportMemory,
  PEAK_RSS_GOAL_MB,
  reportMemoryReport,
  reportMemoryResults,
  SMALL_YOUNG_GENERATION,
} from './bench/report-memory.ts';
import { measureRestingMemory, RESTING_RSS_GOAL_MB, restingReport, restingRssMb } from './bench/resting-memory.ts';
import { log, loopRows, type Part, processes, removeBuiltBff, SERVER_V8_FLAGS, startBff, table, verdict } from './bench/run-kit.ts';
import { measureSearch, searchGoals, searchReport } from './bench/search.ts';
import { measureSessions, SESSIONS_V8_FLAGS, sessionGoals, sessionReport } from './bench/sessions.ts';
import type { GoalRow } from './bench/shared.ts';
import { measureTable, TABLE_ASSESSMENTS, tableReport } from './bench/table.ts';
import { measureTableOpen, tableOpenReport } from './bench/table-open.ts';

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
 * The dashboard's pipeline panel (scripts/bench/pipeline.ts) on a BFF process of its own, at 20,000 assessments with
 * the copies held. `BENCH_ONLY=pipeline npm run bench` (about 15 s).
 */
async function pipeline(upstream: BenchProcess): Promise<Part> {
  log('pipeline: the dashboard pipeline panel at 20,000 assessments, copies held');
  const bff = await startBff(upstream, 'BFF (pipeline)');
  try {
    const figures = await measurePipeline(bff.url);
    return { lines: pipelineReport(figures, table), goals: pipelineGoals(figures, verdict) };
  } finally {
    await bff.stop();
  }
}

/**
 * The insights panels (scripts/bench/insights.ts) on a BFF process of their own, at 500 and 20,000 assessments.
 * `BENCH_ONLY=insights npm run bench` (about 30 s).
 */
async function insights(upstream: BenchProcess): Promise<Part> {
  log('insights: the pipeline, completions, credits and a team at 500 and 20,000 assessments');
  const bff = await startBff(upstream, 'BFF (insights)');
  // The same BFF holding no copy (a TTL of 0): the credits panel as it was before its history was held.
  const uncopied = await startBff(upstream, 'BFF (insights, no copies)', [], { env: { BENCH_SNAPSHOT_TTL_MS: '0' } });
  try {
    const figures = await measureInsights(bff.url, uncopied.url);
    return { lines: insightReport(figures, table), goals: insightGoals(figures, verdict) };
  } finally {
    await Promise.all([bff.stop(), uncopied.stop()]);
  }
}

/**
 * The table export (scripts/bench/export.ts) on a BFF process of its own: 20,000 assessments as CSV and XLSX through
 * the BFF, and the writers' time and heap at 20,000 and 50,000 rows. `BENCH_ONLY=export npm run bench` (about 30 s).
 */
async function tableExport(upstream: BenchProcess): Promise<Part> {
  log('export: 20,000 assessments as CSV and XLSX; the writers at 20,000 and 50,000 rows');
  const bff = await startBff(upstream, 'BFF (export)');
  try {
    const figures = await measureExport(bff.url);
    return { lines: exportReport(figures, table), goals: exportGoals(figures, verdict) };
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

/**
 * A heavy coach beside light ones (scripts/bench/heavy-coach.ts) on a BFF process of its own: the light reads' p99
 * beside the heavy coach against alone, and the BFF's longest event-loop block. `BENCH_ONLY=heavy-coach` (about a minute).
 */
async function heavyCoach(upstream: BenchProcess): Promise<Part> {
  log(`heavy coach: light reads of 16 coaches alone and beside the ${HEAVY_ROWS.toLocaleString('en')}-row coach`);
  const bff = await startBff(upstream, 'BFF (heavy coach)');
  try {
    const figures = await measureHeavyCoach(bff);
    return { lines: heavyCoachReport(figures, table, loopRows), goals: heavyCoachGoals(figures, verdict) };
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
 * The BFF at rest (scripts/bench/resting-memory.ts): 3 BFFs with the production flags, warmed up, then idle; their RSS
 * and where it is. `BENCH_ONLY=resting npm run bench` (about a minute); `BENCH_HEAP_SNAPSHOT=<dir>` adds the first one's
 * heap snapshot, accounted for.
 */
async function resting(upstream: BenchProcess): Promise<Part> {
  log('resting: the BFF warmed up, then idle');
  let started = 0;
  const runs = await measureRestingMemory(
    (v8Flags) => startBff(upstream, `BFF (resting ${++started})`, v8Flags, { built: true }),
    upstream.url,
    log,
  );
  const rss = restingRssMb(runs);
  const goals: GoalRow[] = [
    [
      'BFF resting RSS after warm-up (median of 3, production flags)',
      `${rss.toFixed(0)} MB (${runs.map((run) => (run.rssBytes / 1024 / 1024).toFixed(0)).join(', ')})`,
      `≤ ${RESTING_RSS_GOAL_MB} MB`,
      verdict(rss <= RESTING_RSS_GOAL_MB),
    ],
  ];
  return { lines: restingReport(runs, table), goals };
}

/**
 * Download Reports' memory (scripts/bench/report-memory.ts): 100 MB and 1 GB downloads, each on a BFF started for it,
 * then 4 jobs of 1 GB at once. `BENCH_ONLY=reports npm run bench` (about 3 minutes).
 */
async function reportMemory(upstream: BenchProcess): Promise<Part> {
  log('Download Reports: 100 MB and 1 GB, then 4 × 1 GB at once');
  let started = 0;
  const figures = await measureReportMemory(
    (v8Flags) => startBff(upstream, `BFF (reports ${++started})`, v8Flags, { built: true }),
    upstream.url,
    log,
  );
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
  resting,
  reports: reportMemory,
  lists,
  search,
  pipeline,
  insights,
  export: tableExport,
  sessions,
  'heavy-coach': heavyCoach,
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
    add(await resting(upstream));
    add(await reportMemory(upstream));
    add(await lists(upstream));
    add(await search(upstream));
    add(await pipeline(upstream));
    add(await insights(upstream));
    add(await tableExport(upstream));
    add(await sessions(upstream));
    add(await heavyCoach(upstream));
    add(await browserTable());
    add(await tableOpen());
  }
  const closing = goals.length > 0 ? ['', ...summary(goals, started, loadBefore)] : [];
  process.stdout.write(`${[conditions(serversPinned(), loadBefore), ...out, ...closing].join('\n')}\n`);
}

async function stopAll(): Promise<void> {
  await Promise.all(processes.splice(0).map((child) => child.stop()));
  rmSync(PIECES_DIR, { recursive: true, force: true });
  removeBuiltBff();
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
