// The batches through the BFF's HTTP API (`BENCH_ONLY=batches npm run bench`): one request each of a 500-item
// sendInvites and a 500-item deleteAssessments (openapi/bff.yaml), whose per-item legacy calls the stand-in
// answers after SLOW_CALL_MS, against the ideal ⌈500/c⌉ × SLOW_CALL_MS at the BFF's batch concurrency c. The coach is
// `rows-<n>@bench.test`, whose list (scripts/bench/list-rows.ts) holds enough not-completed, not-registered and
// completed assessments (Download Reports' memory, scripts/bench/report-memory.ts, signs in the same way).
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import type { offeredOf } from '../../bff/domain/report-availability.ts';
import { listRows, rowsCoachId } from './list-rows.ts';
import { type GoalRow, IN_FLIGHT_PATH, SLOW_CALL_MS } from './shared.ts';
import { signIn } from './sign-in.ts';

export const BFF_BATCH_ITEMS = 500;
/** The coach `rows-1400…@bench.test`: its list holds enough assessments of every kind the batches need. */
export const LIST_ROWS = 1_400;

export interface BffBatchRun {
  operation: string;
  items: number;
  elapsedMs: number;
  succeeded: number;
  maxInFlight: number;
}

export interface BffBatchFigures {
  concurrency: number;
  batches: BffBatchRun[];
}

export type Row = Parameters<typeof offeredOf>[0] & { uuid: string; userCompletion: number; userRegistration: number };

/** Signs in as the `label`th session of the list coach (each label its own e-mail of that coach). */
export const signInListCoach = (bffUrl: string, label: number): Promise<string> => signIn(bffUrl, `rows-${LIST_ROWS}.${label}@bench.test`);

export async function call(
  url: string,
  method: 'GET' | 'POST',
  cookie: string,
  payload?: object,
): Promise<{ status: number; json: unknown }> {
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

/** The most per-item calls the stand-in saw at once since the last read (each read starts a new maximum). */
export async function maxInFlightSince(standInUrl: string): Promise<number> {
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

export async function measureBffBatches(bffUrl: string, standInUrl: string, concurrency: number): Promise<BffBatchFigures> {
  const rows = listRows(LIST_ROWS, rowsCoachId(LIST_ROWS)) as Row[];
  const pick = (keep: (row: Row) => boolean, count: number) => {
    const ids = rows.filter(keep).map((row) => row.uuid);
    if (ids.length < count) throw new Error(`the bench list holds ${ids.length} such assessments, not ${count}`);
    return ids.slice(0, count);
  };
  // Invites skip completed assessments; delete refuses registered ones.
  const toInvite = pick((row) => row.userCompletion === 0, BFF_BATCH_ITEMS);
  const toDelete = pick((row) => row.userRegistration === 0, BFF_BATCH_ITEMS);
  const cookie = await signInListCoach(bffUrl, 1);
  // A warm-up: the first request of each kind pays for the BFF's code loading, not the batch.
  const warmUp = await call(`${bffUrl}/api/assessments/invites`, 'POST', cookie, { ids: toInvite.slice(0, 4), serverSend: true });
  if (warmUp.status !== 200) throw new Error(`sendInvites answered ${warmUp.status}: ${JSON.stringify(warmUp.json)}`);
  const batches = [
    await batch(bffUrl, standInUrl, cookie, 'sendInvites', '/api/assessments/invites', { ids: toInvite, serverSend: true }),
    await batch(bffUrl, standInUrl, cookie, 'deleteAssessments', '/api/assessments/deletions', { ids: toDelete }),
  ];
  return { concurrency, batches };
}

export function batchGoals(figures: BffBatchFigures, verdict: (met: boolean) => string): GoalRow[] {
  const c = figures.concurrency;
  const ideal = Math.ceil(BFF_BATCH_ITEMS / c) * SLOW_CALL_MS;
  const met = (run: BffBatchRun) => run.elapsedMs / ideal <= 1.2 && run.maxInFlight <= c && run.succeeded === BFF_BATCH_ITEMS;
  return figures.batches.map((run) => [
    `${run.operation} of ${BFF_BATCH_ITEMS} through the BFF vs ${ideal} ms`,
    `${(run.elapsedMs / ideal).toFixed(3)}×, max ${run.maxInFlight} in flight`,
    `≤ 1.2×, ≤ ${c} in flight`,
    verdict(met(run)),
  ]);
}

export function bffBatchReport(figures: BffBatchFigures, table: (header: string[], rows: string[][]) => string): string[] {
  const c = figures.concurrency;
  const ideal = Math.ceil(BFF_BATCH_ITEMS / c) * SLOW_CALL_MS;
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
  ];
}
