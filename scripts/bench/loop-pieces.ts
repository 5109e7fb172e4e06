// What one synchronous task of the heavy path costs on the main thread (thread CPU time, so the machine's other
// work does not count): the 20,000-row copy made from the legacy answer, its first sort on each column, a filter
// and a search, the select-all ids, a 500-row page's JSON, the find-anything palette's first search and a whole
// selection's records (Send Invites of every row: `ROWS=50000` for the largest selection).
// `npx node scripts/bench/loop-pieces.ts` (no server). The heavy-coach part (heavy-coach.ts) measures the same
// through HTTP.
import type { SessionContext } from '../../bff/operation.ts';
import { searchPortal } from '../../bff/routes/shell/search-service.ts';
import { prepareQuery, queryAssessments } from '../../bff/snapshots/assessment-query.ts';
import { assessmentSnapshot } from '../../bff/snapshots/assessment-snapshot.ts';
import { selectionFromCopy } from '../../bff/snapshots/selection-copy.ts';
import { MemorySnapshotVersions, SnapshotCache } from '../../bff/snapshots/snapshot-cache.ts';
import { parseJsonInSlices } from '../../bff/upstream/json-slices.ts';
import { ASSESSMENT_SORTS } from '../lib/assessment-queries.ts';
import { coupleRows, listRows, rowsCoachId, teamRows } from './list-rows.ts';

const ROWS = Number(process.env.ROWS ?? 20_000);
const coachId = rowsCoachId(ROWS);
const text = JSON.stringify(listRows(ROWS, coachId));
const received = JSON.stringify(listRows(3, coachId, ROWS));
const bodies: Record<string, string> = {
  tokensX: text,
  received,
  teams: JSON.stringify(teamRows(ROWS)),
  couples: JSON.stringify(coupleRows(ROWS)),
  coach: JSON.stringify({ countOfReceivedSCOs: 3, countOfGivenSCOs: 0 }),
};
// Parsed once: the legacy client's parse is timed on its own below.
const parsed = new Map(Object.entries(bodies).map(([key, body]) => [key, JSON.parse(body)]));
const answer = (key: string) => ({ data: parsed.get(key), response: { ok: true, status: 200 } });
const legacy = {
  GET: async (path: string, init?: { params?: { query?: { mode?: string } } }) => {
    if (path.endsWith('/tokensX')) return answer(init?.params?.query?.mode === 'received' ? 'received' : 'tokensX');
    if (path.endsWith('/teams')) return answer('teams');
    if (path.endsWith('/couples')) return answer('couples');
    return answer('coach');
  },
};
const noop = () => {};
const ctx = {
  session: { coachId, id: 's', flags: {} },
  legacy,
  log: { error: noop, debug: noop, info: noop, warn: noop },
  signal: new AbortController().signal,
} as unknown as SessionContext;
const snapshots = new SnapshotCache({ ttlMs: 60_000, maxCoaches: 10, maxRows: 1_000_000, versions: new MemorySnapshotVersions() });

const cpu = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
/**
 * The task's CPU time in all, and its longest stretch without a turn of the event loop: a ticker re-arms itself
 * with setImmediate and notes the CPU time between two of its turns (a task that yields lets it turn).
 */
async function timed(name: string, task: () => unknown): Promise<void> {
  let last = cpu();
  let longest = 0;
  let ticking = true;
  const tick = () => {
    const now = cpu();
    longest = Math.max(longest, now - last);
    last = now;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const start = cpu();
  await task();
  ticking = false;
  const total = cpu() - start;
  longest = Math.max(longest, cpu() - last);
  console.log(`${name.padEnd(48)} ${total.toFixed(1).padStart(7)} ms CPU, longest task ${longest.toFixed(1).padStart(6)} ms`);
}

console.log(`${ROWS} rows, the legacy list ${(text.length / 1e6).toFixed(1)} MB`);
await timed('Buffer → string of the legacy list', () => Buffer.from(text).toString('utf8'));
await timed('JSON.parse of the legacy list', () => JSON.parse(text));
const bytes = Buffer.from(text);
await timed('the legacy list parsed as the legacy client does', () => parseJsonInSlices(bytes));
await timed('the copy made (entries, order)', () => assessmentSnapshot(ctx, snapshots, 'own', true));
const copy = await assessmentSnapshot(ctx, snapshots, 'own');
// As listAssessments asks: what the query reads prepared (prepareQuery), then the query.
const query = async (options: Parameters<typeof queryAssessments>[1]) => {
  await prepareQuery(copy, options);
  return queryAssessments(copy, options);
};
for (const sort of ASSESSMENT_SORTS) await timed(`first sort on ${sort}`, () => query({ sort, order: 'asc' }));
await timed('filter notInvitedYet, first', () => query({ filter: 'notInvitedYet' }));
await timed('search "novak", first', () => query({ q: 'novak' }));
await timed('select-all ids + JSON', () => JSON.stringify({ ids: queryAssessments(copy, {}).map((entry) => entry.id) }));
await timed('page of 500 rows, JSON', () =>
  JSON.stringify({
    items: queryAssessments(copy, { sort: 'info' })
      .slice(0, 500)
      .map((e) => e.row),
  }),
);
await timed('find-anything, first search of the copy', () => searchPortal({ query: { q: 'novak' } } as never, ctx, snapshots));
await timed('find-anything, next search', () => searchPortal({ query: { q: 'karoo' } } as never, ctx, snapshots));
await timed("a whole selection's records from the copy", () =>
  selectionFromCopy(
    ctx,
    snapshots,
    copy.table.entries.map((e) => e.id),
  ),
);
