// The list figures of `npm run bench` (the assessments table over the coach's copy of the legacy list,
// bff/snapshots/): the first page after sign-in against the bare legacy list fetch, later pages, sorts and
// filter+search and the select-all ids (the RSS of the copies: sessions.ts). Requests are sent one at a time (a
// user's table), so the figures are latencies, not throughput.
import { request } from 'undici';
import { ASSESSMENT_FILTERS, ASSESSMENT_SORTS } from '../lib/assessment-queries.ts';
import { rowsCoachId } from './list-rows.ts';
import { median, percentile } from './load.ts';
import { type GoalRow, LEGACY_COOKIE } from './shared.ts';
import { signInRowsCoach } from './sign-in.ts';

export const LIST_SIZES = [500, 5_000, 20_000] as const;
// Every sign-in uses its own e-mail of the same coach, 12 in all (the BFF's rate limits count failed sign-ins only).
const FIRST_PAGE_ROUNDS = 25;
const FIRST_PAGE_ROUNDS_LARGE = 12;
const SIGN_IN_ROUNDS = 3;
// Copies made (and bare fetches) before the measured rounds of each size: the first copies run the BFF's code cold
// (measured: ≈ 18 ms for a 500-row first page in the first rounds, ≈ 10 ms once optimised, the bare fetch ≈ 8 ms).
const WARM_UP_FIRST_PAGES = 20;
const LATER_REQUESTS = 120;
const IDS_REQUESTS = 30;
const SEARCHES = ['tha', 'novak', 'karoo', 'leader', 'client12', 'szab', 'graduate', 'rossi', 'zulu', 'executive', 'ani', 'ven'];

export interface ListFigures {
  rows: number;
  /** Direct GET of the legacy list and JSON.parse of it, ms (median). */
  legacyFetchMs: number;
  /** The first page with its copy made afresh: the list read and shaped (median, ms). */
  firstPageMs: number;
  /** Each round's first page ÷ that round's bare fetch, their median (drift between rounds cancels out). */
  firstPageRatio: number;
  /** The first page of a session just signed in (median of SIGN_IN_ROUNDS, ms). */
  signInFirstPageMs: number;
  later: { name: string; p50: number; p95: number }[];
  idsMs: { p50: number; p95: number };
  idsCount: number;
}

export interface ListRun {
  sizes: ListFigures[];
}

export async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const { statusCode, body } = await request(url, { headers });
  const text = await body.text();
  const ms = performance.now() - start;
  if (statusCode !== 200) throw new Error(`${url} answered ${statusCode}: ${text.slice(0, 200)}`);
  return { ms, body: text };
}

/** A new session of the coach with `rows` assessments, as request headers. */
export async function signInAs(bffUrl: string, rows: number): Promise<Record<string, string>> {
  return { cookie: await signInRowsCoach(bffUrl, rows) };
}

async function series(count: number, next: (index: number) => Promise<number>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let index = 0; index < count; index++) samples.push(await next(index));
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function measureSize(bffUrl: string, standInUrl: string, rows: number): Promise<ListFigures> {
  const legacyUrl = `${standInUrl}/api/v2/coaches/${rowsCoachId(rows)}/tokensX`;
  const legacyRuns: number[] = [];
  const firstRuns: number[] = [];
  // Warm-up, not counted: the stand-in's answers of this size, and the BFF's code that makes a copy optimised as
  // in a BFF that has served first pages before (a copy made again with `refresh`, one session: no sign-in each).
  const session = await signInAs(bffUrl, rows);
  for (let round = 0; round < WARM_UP_FIRST_PAGES; round++) {
    JSON.parse((await timed(legacyUrl, { cookie: LEGACY_COOKIE })).body);
    await timed(`${bffUrl}/api/assessments?refresh=true`, session);
  }
  // Measured: pairs of the bare fetch and a copy made afresh (`refresh`: the same read, shaping and first page as
  // the first request after a sign-in), each pair's ratio taken (drift cancels out), then their median.
  const rounds = rows >= 20_000 ? FIRST_PAGE_ROUNDS_LARGE : FIRST_PAGE_ROUNDS;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const { body } = await timed(legacyUrl, { cookie: LEGACY_COOKIE });
    JSON.parse(body);
    legacyRuns.push(performance.now() - start);
    firstRuns.push((await timed(`${bffUrl}/api/assessments?refresh=true`, session)).ms);
  }
  // The same first page after real sign-ins, as a check (few: sign-in is rate limited).
  const signInRuns: number[] = [];
  for (let round = 0; round < SIGN_IN_ROUNDS; round++) {
    signInRuns.push((await timed(`${bffUrl}/api/assessments`, await signInAs(bffUrl, rows))).ms);
  }
  await timed(`${bffUrl}/api/assessments`, session);
  const pages = Math.max(1, Math.floor(rows / 50));
  const list = (query: string) => timed(`${bffUrl}/api/assessments?${query}`, session).then((answer) => answer.ms);
  const later = [
    { name: 'later page (same sort)', p: await series(LATER_REQUESTS, (i) => list(`page=${1 + ((i * 7) % pages)}`)) },
    {
      name: 'sort (10 columns × 2 orders, each sorted once per copy)',
      p: await series(LATER_REQUESTS, (i) =>
        list(`sort=${ASSESSMENT_SORTS[i % ASSESSMENT_SORTS.length]}&order=${i % 2 ? 'asc' : 'desc'}&page=${1 + (i % 3)}`),
      ),
    },
    {
      name: 'filter + search (mostly new: not yet remembered)',
      p: await series(LATER_REQUESTS, (i) =>
        list(
          `filter=${ASSESSMENT_FILTERS[i % ASSESSMENT_FILTERS.length]}&q=${SEARCHES[(i * 5) % SEARCHES.length]}${i % 3 ? '' : 'e'}&sort=info`,
        ),
      ),
    },
  ].map(({ name, p }) => ({ name, ...p }));
  let idsCount = 0;
  const idsMs = await series(IDS_REQUESTS, async () => {
    const answer = await timed(`${bffUrl}/api/assessments/ids`, session);
    idsCount = JSON.parse(answer.body).filteredTotal;
    return answer.ms;
  });
  return {
    rows,
    legacyFetchMs: median(legacyRuns),
    firstPageMs: median(firstRuns),
    firstPageRatio: median(firstRuns.map((value, index) => value / (legacyRuns[index] ?? value))),
    signInFirstPageMs: median(signInRuns),
    later,
    idsMs,
    idsCount,
  };
}

export async function measureLists(bffUrl: string, standInUrl: string): Promise<ListRun> {
  const sizes: ListFigures[] = [];
  for (const rows of LIST_SIZES) sizes.push(await measureSize(bffUrl, standInUrl, rows));
  return { sizes };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** The list goals, as rows of the bench's summary (what, measured, goal, result). */
export function listGoals(run: ListRun, verdict: (met: boolean) => string): GoalRow[] {
  const smallest = run.sizes[0];
  const largest = run.sizes.at(-1);
  return [
    ...run.sizes.map(
      (size): GoalRow => [
        // What the coach waits for is the table opened from the dashboard (scripts/bench/table-open.ts, warm): this
        // cold read stays as a figure.
        `(first page after sign-in, ${size.rows.toLocaleString('en')} rows)`,
        `${size.firstPageRatio.toFixed(2)}× the bare fetch`,
        '–',
        '–',
      ],
    ),
    ...(largest?.later ?? []).map((later, index): GoalRow => {
      const small = smallest?.later[index]?.p50 ?? later.p50;
      return [
        `${later.name} at ${largest?.rows.toLocaleString('en')} rows, p50`,
        `${ms(later.p50)} ms, ${(later.p50 / small).toFixed(2)}× the ${smallest?.rows.toLocaleString('en')}-row figure`,
        '≤ 25 ms and ≤ 3×',
        verdict(later.p50 <= 25 && later.p50 / small <= 3),
      ];
    }),
    [
      `select-all of ${largest?.idsCount.toLocaleString('en')} ids, p50`,
      `${ms(largest?.idsMs.p50 ?? 0)} ms`,
      '≤ 100 ms',
      verdict((largest?.idsMs.p50 ?? Number.POSITIVE_INFINITY) <= 100),
    ],
  ];
}

/** The list figures as markdown lines (their goals: listGoals). */
export function listReport(run: ListRun, table: (head: string[], rows: string[][]) => string): string[] {
  return [
    `Lists: the assessments table of a coach with ${run.sizes.map((size) => size.rows.toLocaleString('en')).join(', ')} records ` +
      '(plus 3 received), one request at a time; the copy of the list lives 30 s (SNAPSHOT_TTL_MS). ' +
      `After ${WARM_UP_FIRST_PAGES} warm-up rounds, ${FIRST_PAGE_ROUNDS} rounds (${FIRST_PAGE_ROUNDS_LARGE} at 20,000) of the bare fetch then ` +
      'the first page with its copy made afresh (`refresh=true`: the read, shaping and page of the first request after a sign-in); ' +
      `medians, the ratio the median of the rounds' ratios. The first page of ${SIGN_IN_ROUNDS} real sign-ins as a check; ` +
      `p50/p95 of ${LATER_REQUESTS} requests for the later ones.`,
    '',
    table(
      [
        'rows',
        'bare legacy list fetch + parse (ms)',
        'first page, copy made afresh (ms)',
        'first page ÷ bare fetch',
        'first page after a sign-in (ms)',
        ...(run.sizes[0]?.later ?? []).map((l) => `${l.name} p50 / p95 (ms)`),
        'select-all ids p50 / p95 (ms)',
      ],
      run.sizes.map((size) => [
        size.rows.toLocaleString('en'),
        ms(size.legacyFetchMs),
        ms(size.firstPageMs),
        `${size.firstPageRatio.toFixed(2)}×`,
        ms(size.signInFirstPageMs),
        ...size.later.map((l) => `${ms(l.p50)} / ${ms(l.p95)}`),
        `${ms(size.idsMs.p50)} / ${ms(size.idsMs.p95)} (${size.idsCount.toLocaleString('en')} ids)`,
      ]),
    ),
  ];
}
