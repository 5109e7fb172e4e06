// A heavy coach beside light ones (`BENCH_ONLY=heavy-coach npm run bench`): does one coach's work on a large list
// stall everyone else's requests? 16 sessions of other coaches (small lists) read what a coach opens most (the
// session, the dashboard, a page of 50 of the table), each read followed by a pause; alone, then beside the heavy
// coach, in interleaved phases. The heavy coach, the 20,000-row one, in a loop without pauses: pages of 500 under
// rotating sorts, filters and searches, one read in 7 with `refresh=true` (the copy made again), the select-all
// ids and the find-anything palette; beside it the same coach's largest selection, 50,000 assessments (the most a
// selection holds; the 50,000-row list of the stand-in, as a 20,000-row list cannot hold 50,000 ids): the
// select-all ids, Send Invites started as a job, stopped after a second, waited for, again. Goals: the light
// reads' p99 beside the heavy coach within 2× of the same reads alone, and no event-loop block of the BFF over
// 20 ms (measured inside it: loop-probe.ts).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { ASSESSMENT_FILTERS, ASSESSMENT_SORTS } from '../lib/assessment-queries.ts';
import { listRows, rowsCoachId } from './list-rows.ts';
import { percentile } from './load.ts';
import type { LoopStats } from './loop-probe.ts';
import type { BenchProcess } from './processes.ts';
import { log } from './run-kit.ts';
import type { GoalRow } from './shared.ts';
import { signInRowsCoach } from './sign-in.ts';

const LIGHT_SESSIONS = 16;
/** The light coaches' lists: 200, 201, … rows (each a coach of its own). */
const LIGHT_ROWS = 200;
const LIGHT_PAUSE_MS = 100;
export const HEAVY_ROWS = 20_000;
export const BATCH_ROWS = 50_000;
const HEAVY_SESSIONS = 2;
const PHASE_MS = 10_000;
const ROUNDS = 2;
const WARM_UP_MS = 8_000;
const BATCH_RUNS_MS = 1_000;
export const RATIO_GOAL = 2;
export const BLOCK_GOAL_MS = 20;
const SEARCHES = ['tha', 'novak', 'karoo', 'leader', 'client12', 'szab', 'graduate', 'rossi'];

type Phase = 'alone' | 'beside' | 'off';

export interface HeavyCoachFigures {
  /** The light reads' latencies (ms) by phase. */
  light: Record<'alone' | 'beside', number[]>;
  /** The BFF's loop figures per phase, each phase's own (the worst of the rounds). */
  loop: Record<'alone' | 'beside', LoopStats>;
  heavyReads: number;
  batches: number;
  errors: string[];
}

async function get(url: string, cookie: string): Promise<{ status: number; text: string }> {
  const { statusCode, body } = await request(url, { headers: { cookie, 'x-csrf': '1' } });
  return { status: statusCode, text: await body.text() };
}

function worst(a: LoopStats | undefined, b: LoopStats): LoopStats {
  if (!a) return b;
  return {
    delayP50: Math.max(a.delayP50, b.delayP50),
    delayP99: Math.max(a.delayP99, b.delayP99),
    delayMax: Math.max(a.delayMax, b.delayMax),
    gcCount: a.gcCount + b.gcCount,
    gcTotalMs: a.gcTotalMs + b.gcTotalMs,
    gcMaxMs: Math.max(a.gcMaxMs, b.gcMaxMs),
  };
}

/** The heavy coach's table, read after read: what the loop of one session asks. */
function heavyQuery(i: number): string {
  const sort = ASSESSMENT_SORTS[i % ASSESSMENT_SORTS.length];
  const search = i % 3 === 0 ? `&q=${SEARCHES[i % SEARCHES.length]}` : '';
  const filter = i % 4 === 1 ? `&filter=${ASSESSMENT_FILTERS[i % ASSESSMENT_FILTERS.length]}` : '';
  const refresh = i % 7 === 6 ? '&refresh=true' : '';
  return `pageSize=500&sort=${sort}&order=${i % 2 ? 'asc' : 'desc'}&page=${1 + (i % 5)}${search}${filter}${refresh}`;
}

export async function measureHeavyCoach(bff: BenchProcess): Promise<HeavyCoachFigures> {
  const url = bff.url;
  const figures: HeavyCoachFigures = {
    light: { alone: [], beside: [] },
    loop: {} as HeavyCoachFigures['loop'],
    heavyReads: 0,
    batches: 0,
    errors: [],
  };
  const fail = (what: string, status: number, text: string) => {
    if (figures.errors.length < 5) figures.errors.push(`${what} answered ${status}: ${text.slice(0, 160)}`);
  };
  let phase: Phase = 'off';
  let heavyOn = true;
  let running = true;

  const lightCookies = await Promise.all(Array.from({ length: LIGHT_SESSIONS }, (_, i) => signInRowsCoach(url, LIGHT_ROWS + i)));
  const heavyCookies = await Promise.all(Array.from({ length: HEAVY_SESSIONS }, () => signInRowsCoach(url, HEAVY_ROWS)));
  const batchCookie = await signInRowsCoach(url, BATCH_ROWS);

  const light = async (cookie: string, n: number) => {
    const paths = ['/api/session', '/api/dashboard', '/api/assessments?pageSize=50'];
    for (let i = n; running; i++) {
      const at = phase;
      const started = performance.now();
      const path = paths[i % paths.length] as string;
      const { status, text } = await get(`${url}${path}`, cookie);
      const ms = performance.now() - started;
      if (status !== 200) fail(path, status, text);
      else if (at !== 'off' && at === phase) figures.light[at].push(ms);
      await sleep(LIGHT_PAUSE_MS);
    }
  };
  const heavy = async (cookie: string, n: number) => {
    for (let i = n; running; i++) {
      if (!heavyOn) {
        await sleep(50);
        continue;
      }
      const path =
        i % 5 === 3
          ? '/api/assessments/ids'
          : i % 5 === 4
            ? `/api/search?q=${SEARCHES[i % SEARCHES.length]}`
            : `/api/assessments?${heavyQuery(i)}`;
      const { status, text } = await get(`${url}${path}`, cookie);
      if (status !== 200) fail(path, status, text);
      figures.heavyReads++;
    }
  };
  // The select-all ids hold the 3 received assessments too: Send Invites refuses those (not the coach's to invite).
  const received = new Set((listRows(3, rowsCoachId(BATCH_ROWS), BATCH_ROWS) as { uuid: string }[]).map((row) => row.uuid));
  const batch = async () => {
    while (running) {
      if (!heavyOn) {
        await sleep(50);
        continue;
      }
      const ids = await get(`${url}/api/assessments/ids`, batchCookie);
      if (ids.status !== 200) {
        fail('listAssessmentIds', ids.status, ids.text);
        continue;
      }
      const started = await request(`${url}/api/assessments/invites`, {
        method: 'POST',
        headers: {
          cookie: batchCookie,
          'x-csrf': '1',
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          prefer: 'respond-async',
        },
        body: JSON.stringify({ ids: (JSON.parse(ids.text) as { ids: string[] }).ids.filter((id) => !received.has(id)), serverSend: true }),
      });
      const startText = await started.body.text();
      if (started.statusCode !== 202) {
        fail('sendInvites', started.statusCode, startText);
        continue;
      }
      const { jobId } = JSON.parse(startText) as { jobId: string };
      await sleep(BATCH_RUNS_MS);
      await (
        await request(`${url}/api/assessments/batch-jobs/${jobId}`, { method: 'DELETE', headers: { cookie: batchCookie, 'x-csrf': '1' } })
      ).body.dump();
      for (;;) {
        const job = await get(`${url}/api/assessments/batch-jobs/${jobId}`, batchCookie);
        if (job.status !== 200 || (JSON.parse(job.text) as { status: string }).status !== 'running') break;
        await sleep(100);
      }
      figures.batches++;
    }
  };

  // Made once before the loops start (the stand-in serialises each list on its first read, the BFF makes the copies):
  // at 50,000 rows that first read takes seconds on a loaded machine, longer than the legacy call's timeout.
  for (const cookie of [...heavyCookies.slice(0, 1), batchCookie]) {
    const first = await get(`${url}/api/assessments`, cookie);
    if (first.status !== 200) fail('the first page', first.status, first.text);
  }
  const loops = [...lightCookies.map((cookie, n) => light(cookie, n)), ...heavyCookies.map((cookie, n) => heavy(cookie, n * 11)), batch()];
  try {
    log(`heavy coach: warm-up ${WARM_UP_MS / 1000} s`);
    await sleep(WARM_UP_MS);
    for (let round = 0; round < ROUNDS; round++) {
      for (const next of ['alone', 'beside'] as const) {
        heavyOn = next === 'beside';
        // The heavy coach's requests in flight finish before the light reads are counted alone.
        await sleep(next === 'alone' ? 3_000 : 500);
        await bff.loopStats(true);
        phase = next;
        await sleep(PHASE_MS);
        phase = 'off';
        figures.loop[next] = worst(figures.loop[next], await bff.loopStats(true));
        log(`heavy coach, round ${round + 1} ${next}: light p99 ${percentile(figures.light[next], 99).toFixed(1)} ms so far`);
      }
    }
  } finally {
    running = false;
    await Promise.allSettled(loops);
  }
  return figures;
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

export function heavyCoachGoals(figures: HeavyCoachFigures, verdict: (met: boolean) => string): GoalRow[] {
  const alone = percentile(figures.light.alone, 99);
  const beside = percentile(figures.light.beside, 99);
  const block = figures.loop.beside.delayMax;
  return [
    [
      `light reads' p99 beside the ${HEAVY_ROWS.toLocaleString('en')}-row coach ÷ alone`,
      `${(beside / alone).toFixed(2)}×: ${ms(beside)} ÷ ${ms(alone)} ms`,
      `≤ ${RATIO_GOAL}×`,
      verdict(beside / alone <= RATIO_GOAL && figures.errors.length === 0),
    ],
    [
      'BFF longest event-loop block beside the heavy coach',
      `${ms(block)} ms (alone ${ms(figures.loop.alone.delayMax)} ms)`,
      `≤ ${BLOCK_GOAL_MS} ms`,
      verdict(block <= BLOCK_GOAL_MS),
    ],
  ];
}

export function heavyCoachReport(
  figures: HeavyCoachFigures,
  table: (head: string[], rows: string[][]) => string,
  loopRows: (s: LoopStats[]) => string[][],
): string[] {
  const row = (name: 'alone' | 'beside') => {
    const values = figures.light[name];
    return `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))} / ${ms(percentile(values, 100))} (${values.length})`;
  };
  return [
    `Heavy coach (a BFF process of its own): ${LIGHT_SESSIONS} sessions of other coaches (lists of ${LIGHT_ROWS}–${LIGHT_ROWS + LIGHT_SESSIONS - 1} rows) ` +
      `read the session, the dashboard and a page of 50 in turn, ${LIGHT_PAUSE_MS} ms apart; alone, then beside ${HEAVY_SESSIONS} sessions of the ` +
      `${HEAVY_ROWS.toLocaleString('en')}-row coach reading without pause (pages of 500 under rotating sorts, filters and searches, 1 read in 7 ` +
      `with \`refresh=true\`, the select-all ids, the find-anything palette) and the ${BATCH_ROWS.toLocaleString('en')}-row selection's loop ` +
      `(the select-all ids, Send Invites of all of them as a job, stopped after ${BATCH_RUNS_MS / 1000} s). ${ROUNDS} rounds of ${PHASE_MS / 1000} s ` +
      `per phase after ${WARM_UP_MS / 1000} s of warm-up; the event loop and GC measured inside the BFF (the worst round's percentiles). ` +
      `Heavy reads: ${figures.heavyReads}; batches started and stopped: ${figures.batches}.` +
      (figures.errors.length ? ` Errors: ${figures.errors.join('; ')}.` : ''),
    '',
    table(
      ['', 'light reads alone', 'beside the heavy coach'],
      [['light reads p50 / p99 / max (ms) (count)', row('alone'), row('beside')], ...loopRows([figures.loop.alone, figures.loop.beside])],
    ),
  ];
}
