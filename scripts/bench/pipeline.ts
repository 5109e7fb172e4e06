// The dashboard pipeline panel's figures of `npm run bench` (`BENCH_ONLY=pipeline`;
// bff/routes/shell/dashboard-pipeline-service.ts): a coach with 20,000 assessments (the stand-in's, one an hour up
// to today: the last 365 days hold 8,760 of them), the copies held (the lists read by the first call), one request at
// a time as a coach changes the period, the scope and the thresholds. Goal: ≤ 20 ms p50.
import { signInAs, timed } from './lists.ts';
import { percentile } from './load.ts';
import type { GoalRow } from './shared.ts';

const ROWS = 20_000;
const GOAL_P50_MS = 20;
const WARM_UP = 40;
const CALLS = 240;
// What a coach asks: each period, a project, a company, thresholds changed.
const QUERIES = [
  'days=365',
  'days=90',
  'days=30',
  'days=365&project=Graduate%20Intake',
  'days=365&company=Karoo%20Logistics',
  'days=365&invitedDays=10&startedDays=21&completedDays=5',
  'days=90&invitedDays=3',
];

export interface PipelineFigures {
  rows: number;
  /** The first call of a coach just signed in: the lists read and the copy made (ms). */
  firstMs: number;
  /** Assessments added in the last 365 days (the largest funnel measured). */
  added: number;
  p50: number;
  p95: number;
}

export async function measurePipeline(bffUrl: string): Promise<PipelineFigures> {
  const session = await signInAs(bffUrl, ROWS);
  const ask = (query: string) => timed(`${bffUrl}/api/dashboard/pipeline?${query}`, session);
  const first = await ask(QUERIES[0] as string);
  const added = (JSON.parse(first.body) as { funnel: { count: number }[] }).funnel[0]?.count ?? 0;
  if (added === 0) throw new Error(`the pipeline counted nothing: ${first.body.slice(0, 200)}`);
  for (let index = 0; index < WARM_UP; index++) await ask(QUERIES[index % QUERIES.length] as string);
  const samples: number[] = [];
  for (let index = 0; index < CALLS; index++) samples.push((await ask(QUERIES[index % QUERIES.length] as string)).ms);
  return { rows: ROWS, firstMs: first.ms, added, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

export function pipelineGoals(figures: PipelineFigures, verdict: (met: boolean) => string): GoalRow[] {
  return [
    [
      `dashboard pipeline panel at ${figures.rows.toLocaleString('en')} assessments, copies held, p50`,
      `${ms(figures.p50)} ms (p95 ${ms(figures.p95)} ms)`,
      `≤ ${GOAL_P50_MS} ms`,
      verdict(figures.p50 <= GOAL_P50_MS),
    ],
  ];
}

export function pipelineReport(figures: PipelineFigures, table: (head: string[], rows: string[][]) => string): string[] {
  return [
    `Pipeline panel (GET /api/dashboard/pipeline): ${CALLS} calls one at a time after ${WARM_UP} warm-up ones, cycling through ` +
      `${QUERIES.map((q) => `"${q}"`).join(', ')}; the copies held (made by the first call, whose time includes the legacy reads).`,
    '',
    table(
      ['assessments', 'added in 365 days', 'first call (ms)', 'p50 / p95 (ms)'],
      [
        [
          figures.rows.toLocaleString('en'),
          figures.added.toLocaleString('en'),
          ms(figures.firstMs),
          `${ms(figures.p50)} / ${ms(figures.p95)}`,
        ],
      ],
    ),
  ];
}
