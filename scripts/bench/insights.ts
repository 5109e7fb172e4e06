// The insights panels' figures of `npm run bench` (`BENCH_ONLY=insights`; bff/routes/insights/): a coach with 500 and
// 20,000 assessments, one request at a time as a screen asks: the dashboard's pipeline panel and completions per week
// over 12 and 52 weeks (the assessments copy held, made by the first call), credits used per month with the forecast
// (a history of a charge per assessment, held as a copy; and on a BFF holding no copies, read from the stand-in each
// time as it was before) and a team at a glance (the teams list and twelve members, read each time, as the team page
// does). Goal: ≤ 20 ms p50 at 20,000 for each panel with its copies held.
import { signInAs, timed } from './lists.ts';
import { percentile } from './load.ts';
import type { GoalRow } from './shared.ts';

export const INSIGHT_SIZES = [500, 20_000] as const;
const GOAL_P50_MS = 20;
const WARM_UP = 20;
const CALLS = 200;

interface Case {
  name: string;
  url: (rows: number) => string;
  /** Measured on the BFF that holds no copies (the figure before a copy), not held to the goal. */
  uncopied?: true;
}

const CASES: readonly Case[] = [
  { name: 'pipeline, 30 days', url: () => '/api/dashboard/pipeline' },
  { name: 'completions, 12 weeks', url: () => '/api/insights/completions?weeks=12' },
  { name: 'completions, 52 weeks', url: () => '/api/insights/completions?weeks=52' },
  { name: 'credits, 12 months and forecast', url: () => '/api/insights/credits' },
  { name: 'credits, the history read each call (no copy: before)', url: () => '/api/insights/credits', uncopied: true },
  // The stand-in's teams: one per 100 records, the first `7ea70000-…-000000000000`.
  { name: 'team at a glance', url: () => '/api/insights/teams/7ea70000-0000-4000-8000-000000000000' },
];

export interface InsightFigures {
  rows: number;
  name: string;
  uncopied: boolean;
  firstMs: number;
  p50: number;
  p95: number;
}

async function measureCase(bffUrl: string, rows: number, spec: Case): Promise<InsightFigures> {
  const session = await signInAs(bffUrl, rows);
  const call = () => timed(`${bffUrl}${spec.url(rows)}`, session);
  const firstMs = (await call()).ms;
  for (let index = 0; index < WARM_UP; index++) await call();
  const samples: number[] = [];
  for (let index = 0; index < CALLS; index++) samples.push((await call()).ms);
  return { rows, name: spec.name, uncopied: spec.uncopied === true, firstMs, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** Every case at each size; `uncopiedUrl` is a BFF with a copy TTL of 0 (nothing held). */
export async function measureInsights(bffUrl: string, uncopiedUrl: string): Promise<InsightFigures[]> {
  const figures: InsightFigures[] = [];
  for (const rows of INSIGHT_SIZES) {
    for (const spec of CASES) figures.push(await measureCase(spec.uncopied ? uncopiedUrl : bffUrl, rows, spec));
  }
  return figures;
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

export function insightGoals(figures: readonly InsightFigures[], verdict: (met: boolean) => string): GoalRow[] {
  const largest = Math.max(...figures.map((entry) => entry.rows));
  return figures
    .filter((entry) => entry.rows === largest && !entry.uncopied)
    .map((entry) => [
      `insights: ${entry.name} at ${largest.toLocaleString('en')} assessments, p50`,
      `${ms(entry.p50)} ms (p95 ${ms(entry.p95)} ms)`,
      `≤ ${GOAL_P50_MS} ms`,
      verdict(entry.p50 <= GOAL_P50_MS),
    ]);
}

export function insightReport(figures: readonly InsightFigures[], table: (head: string[], rows: string[][]) => string): string[] {
  return [
    `Insights (the dashboard's, Balance's and the team page's panels): ${CALLS} calls one at a time after ${WARM_UP} warm-up ` +
      "ones per case; the first call's time includes the legacy reads (the assessments copy, made once, for the completions).",
    '',
    table(
      ['assessments', 'panel', 'first call (ms)', 'p50 / p95 (ms)'],
      figures.map((entry) => [entry.rows.toLocaleString('en'), entry.name, ms(entry.firstMs), `${ms(entry.p50)} / ${ms(entry.p95)}`]),
    ),
  ];
}
