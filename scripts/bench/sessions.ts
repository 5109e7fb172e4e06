// List copies per coach, not per session (`BENCH_ONLY=sessions npm run bench`; bff/README.md "List copies"): the
// RSS one more session of a coach adds when that coach's 20,000-row copy is already held, what one more coach with
// such a copy adds for contrast, and the legacy list reads caused by N sessions of the coach reading the list at
// once after a change (single-flight: one). The change is a Send Reports of one assessment, an operation whose
// effect on the lists the BFF does not know, so it drops the coach's copy; the stand-in counts the list reads.
import { request } from 'undici';
import { offeredOf } from '../../bff/domain/report-availability.ts';
import { call, type Row } from './bff-batches.ts';
import { listRows, rowsCoachId } from './list-rows.ts';
import { rssOf } from './processes.ts';
import { BENCH_GC_ROUTE, type GoalRow, LIST_READS_PATH } from './shared.ts';
import { signInRowsCoach } from './sign-in.ts';

const ROWS = 20_000;
/** The extra sessions of the coach measured, then the sessions reading at once after the change. */
const SESSIONS = 20;
// Sessions and table reads before the measured ones, not counted: the first sessions' work grows the BFF's code,
// its heap's spaces and malloc's arenas by some 15 MB, whoever does it (measured: the first session reading 20 times
// more grows RSS as much as 20 new sessions do).
const WARM_UP_SESSIONS = 3;
const WARM_UP_USES = 20;
// Sign-ins: 1 + WARM_UP_SESSIONS + SESSIONS + COACHES in all. The copies (20,000 rows each) stay under SNAPSHOT_MAX_ROWS (200,000): none is dropped.
const COACHES = 4;
const RSS_PER_SESSION_GOAL_MB = 1;
const MB = 1024 * 1024;
/** The BFF is started with `--expose-gc`: each RSS is read after full collections (BENCH_GC_ROUTE). */
export const SESSIONS_V8_FLAGS = ['--expose-gc'];

export interface SessionFigures {
  rssPerSessionMb: number;
  rssPerCoachMb: number;
  /** The same per extra session, for the JS heap in use. */
  heapPerSessionMb: number;
  /** The stand-in's list reads while the SESSIONS sessions read the list at once after the change. */
  reads: { own: number; received: number; given: number };
  /** How many of those sessions were answered the whole list. */
  answered: number;
}

/** One read of the table; answers its total. */
async function read(bffUrl: string, cookie: string, query = ''): Promise<number> {
  const { status, json } = await call(`${bffUrl}/api/assessments?${query}`, 'GET', cookie);
  if (status !== 200) throw new Error(`listAssessments answered ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  return (json as { total: number }).total;
}

/** What a session does with the table: pages, a sort, a filter and a search. */
async function use(bffUrl: string, cookie: string): Promise<void> {
  for (const query of ['', 'page=3', 'sort=info', 'filter=wrapped&q=novak', 'sort=score&order=asc&page=2'])
    await read(bffUrl, cookie, query);
}

interface Memory {
  rss: number;
  heapUsed: number;
}

/** The BFF's memory after full collections: what it keeps, not the garbage of the requests before. */
async function collected(bffUrl: string, bffPid: number): Promise<Memory> {
  const { status, json } = await call(`${bffUrl}${BENCH_GC_ROUTE}`, 'GET', '');
  if (status !== 200) throw new Error(`${BENCH_GC_ROUTE} answered ${status}: the BFF needs --expose-gc`);
  return { rss: rssOf(bffPid), heapUsed: (json as { heapUsed: number }).heapUsed };
}

async function listReads(standInUrl: string): Promise<SessionFigures['reads']> {
  const { json } = await call(`${standInUrl}${LIST_READS_PATH}`, 'GET', '');
  return json as SessionFigures['reads'];
}

export async function measureSessions(bffUrl: string, standInUrl: string, bffPid: number): Promise<SessionFigures> {
  // The first session makes the coach's copy; the warm-up's work is done before the first measure.
  const first = await signInRowsCoach(bffUrl, ROWS);
  for (let index = 0; index < WARM_UP_USES; index++) await use(bffUrl, first);
  for (let index = 0; index < WARM_UP_SESSIONS; index++) await use(bffUrl, await signInRowsCoach(bffUrl, ROWS));
  const before = await collected(bffUrl, bffPid);
  const sessions: string[] = [];
  for (let index = 0; index < SESSIONS; index++) {
    sessions.push(await signInRowsCoach(bffUrl, ROWS));
    await use(bffUrl, sessions[index] as string);
  }
  const withSessions = await collected(bffUrl, bffPid);
  // A coach of their own each (one more row each), one session reading the list once.
  for (let index = 1; index <= COACHES; index++) await read(bffUrl, await signInRowsCoach(bffUrl, ROWS + index), 'sort=info');
  const withCoaches = await collected(bffUrl, bffPid);

  // The change: Send Reports of one completed assessment. Its effect on the lists is not known to the BFF, which
  // drops the coach's copy when the call ends (it reads the list itself first: those reads are not counted).
  const sent = (listRows(ROWS, rowsCoachId(ROWS)) as Row[]).find((row) => offeredOf(row, ['enneaOverview']).length > 0);
  if (!sent) throw new Error('the bench list holds no assessment offering enneaOverview');
  const change = await call(`${bffUrl}/api/assessments/report-emails`, 'POST', first, {
    ids: [sent.uuid],
    reports: ['enneaOverview'],
    serverSend: true,
  });
  if (change.status !== 200 || (change.json as { succeeded: number }).succeeded !== 1)
    throw new Error(`sendReports answered ${change.status}: ${JSON.stringify(change.json).slice(0, 300)}`);
  await listReads(standInUrl);
  const totals = await Promise.all(sessions.map((cookie) => read(bffUrl, cookie)));
  return {
    rssPerSessionMb: (withSessions.rss - before.rss) / SESSIONS / MB,
    rssPerCoachMb: (withCoaches.rss - withSessions.rss) / COACHES / MB,
    heapPerSessionMb: (withSessions.heapUsed - before.heapUsed) / SESSIONS / MB,
    reads: await listReads(standInUrl),
    answered: totals.filter((total) => total >= ROWS).length,
  };
}

/** The sessions' goals and figure, as rows of the bench's summary (what, measured, goal, result). */
export function sessionGoals(figures: SessionFigures, verdict: (met: boolean) => string): GoalRow[] {
  const { own, received, given } = figures.reads;
  return [
    [
      `RSS per extra session of a coach whose ${ROWS.toLocaleString('en')}-row copy is held`,
      `${figures.rssPerSessionMb.toFixed(2)} MB (${SESSIONS} sessions; JS heap ${figures.heapPerSessionMb.toFixed(3)} MB)`,
      `≤ ${RSS_PER_SESSION_GOAL_MB} MB`,
      verdict(figures.rssPerSessionMb <= RSS_PER_SESSION_GOAL_MB),
    ],
    [
      `(RSS per extra coach with a ${ROWS.toLocaleString('en')}-row copy)`,
      `${figures.rssPerCoachMb.toFixed(1)} MB (${COACHES} coaches)`,
      '–',
      '–',
    ],
    [
      `legacy list reads when ${SESSIONS} sessions of one coach read at once after a change`,
      `${own} (the received list: ${received}; ${figures.answered} of ${SESSIONS} answered)`,
      '= 1',
      verdict(own === 1 && received <= 1 && given === 0 && figures.answered === SESSIONS),
    ],
  ];
}

export function sessionReport(figures: SessionFigures): string[] {
  return [
    `Sessions of one coach (a BFF process of its own): the coach \`rows-${ROWS}@bench.test\` signs in once and uses the table ` +
      `(its ${ROWS.toLocaleString('en')}-row copy is made) ${WARM_UP_USES} times, ${WARM_UP_SESSIONS} more sessions use it once (a ` +
      `warm-up, not counted), then ${SESSIONS} more sessions of the coach each use it (5 reads: pages, ` +
      `a sort, a filter with a search): RSS growth ÷ ${SESSIONS}, each RSS read after two full collections (the BFF started with ` +
      '`--expose-gc`; otherwise the garbage of the requests moves RSS by tens of MB whatever is kept). ' +
      `Then ${COACHES} other coaches of ${ROWS.toLocaleString('en')} rows ` +
      `read once each: RSS growth ÷ ${COACHES}. Then a change (Send Reports of one assessment: its effect is not known, the ` +
      `coach's copy is dropped) and the ${SESSIONS} sessions read the list at once: the stand-in counted ${figures.reads.own} ` +
      `read(s) of the own list and ${figures.reads.received} of the received list.`,
  ];
}
