// The find-anything palette's figures of `npm run bench` (`BENCH_ONLY=search`; bff/routes/shell/search-service.ts):
// searches of a coach with 500 and 20,000 assessments (teams one per 100, pairs one per 50: the stand-in's), the
// copies held (the lists read and the search keys folded by the first search), one request at a time as a coach
// types. Goal: ≤ 50 ms p50 at 20,000.
import { signInAs, timed } from './lists.ts';
import { percentile } from './load.ts';
import type { GoalRow } from './shared.ts';

export const SEARCH_SIZES = [500, 20_000] as const;
const GOAL_P50_MS = 50;
const WARM_UP_SEARCHES = 40;
const SEARCHES = 240;
// What a coach types: part of an e-mail, a surname's start (an accent folded), a first name and surname, a company,
// a project, two letters. The stand-in's names: scripts/bench/list-rows.ts.
const QUERIES = ['client1234', 'nt4321@exa', 'sith', 'nov', 'de w', 'thabo mabena', 'karoo', 'table bay', 'graduate', 'ma'];

export interface SearchFigures {
  rows: number;
  /** The first search of a coach just signed in: the lists read, the copies made and their keys folded (ms). */
  firstMs: number;
  p50: number;
  p95: number;
}

async function measureSize(bffUrl: string, rows: number): Promise<SearchFigures> {
  const session = await signInAs(bffUrl, rows);
  const search = (q: string) => timed(`${bffUrl}/api/search?q=${encodeURIComponent(q)}`, session);
  const firstMs = (await search(QUERIES[0] as string)).ms;
  for (let index = 0; index < WARM_UP_SEARCHES; index++) await search(QUERIES[index % QUERIES.length] as string);
  // Not an empty search: a surname's start finds assessments, clients and pairs.
  const { body } = await search('sith');
  const sith = JSON.parse(body) as { clients: unknown[]; assessments: unknown[]; pairs: unknown[] };
  if (!sith.clients.length || !sith.assessments.length || !sith.pairs.length)
    throw new Error(`search found nothing: ${body.slice(0, 200)}`);
  const samples: number[] = [];
  for (let index = 0; index < SEARCHES; index++) samples.push((await search(QUERIES[index % QUERIES.length] as string)).ms);
  return { rows, firstMs, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

export async function measureSearch(bffUrl: string): Promise<SearchFigures[]> {
  const sizes: SearchFigures[] = [];
  for (const rows of SEARCH_SIZES) sizes.push(await measureSize(bffUrl, rows));
  return sizes;
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

export function searchGoals(sizes: readonly SearchFigures[], verdict: (met: boolean) => string): GoalRow[] {
  const largest = sizes.at(-1);
  if (!largest) return [];
  return [
    [
      `find-anything search at ${largest.rows.toLocaleString('en')} assessments, copies held, p50`,
      `${ms(largest.p50)} ms (p95 ${ms(largest.p95)} ms)`,
      `≤ ${GOAL_P50_MS} ms`,
      verdict(largest.p50 <= GOAL_P50_MS),
    ],
  ];
}

export function searchReport(sizes: readonly SearchFigures[], table: (head: string[], rows: string[][]) => string): string[] {
  return [
    `Search (the find-anything palette, GET /api/search, limit 5): ${SEARCHES} searches one at a time after ${WARM_UP_SEARCHES} ` +
      `warm-up ones, cycling through ${QUERIES.map((q) => `"${q}"`).join(', ')}; the copies held (made by the first search, ` +
      'whose time includes the legacy reads and the folding of the search keys).',
    '',
    table(
      ['assessments', 'teams / pairs', 'first search (ms)', 'search p50 / p95 (ms)'],
      sizes.map((size) => [
        size.rows.toLocaleString('en'),
        `${Math.max(1, Math.floor(size.rows / 100))} / ${Math.max(1, Math.floor(size.rows / 50))}`,
        ms(size.firstMs),
        `${ms(size.p50)} / ${ms(size.p95)}`,
      ]),
    ),
  ];
}
