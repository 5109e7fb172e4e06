// The coach's teams and pairs as the find-anything palette searches them (searchPortal): one copy per coach and list
// in the snapshot cache (`teams`, `pairs`), beside the assessments copies, the rows shaped once by the mappers the
// Teams and Pairs tables use. The tables themselves still read the legacy lists on every call. A team or pair
// operation drops only its own list's copy (`changesOnly`), so the assessments copy is not read again for it.
import { type LegacyCouple, type PairRow, pairRowOf, readPairs } from '../domain/pair-rows.ts';
import { readTeams, type TeamRow, teamRowOf } from '../domain/team-rows.ts';
import type { SessionContext } from '../operation.ts';
import type { CopyChange, SnapshotCache } from './snapshot-cache.ts';

export const TEAMS_LIST = 'teams';
export const PAIRS_LIST = 'pairs';

/** A copy of one of these lists: its rows newest first (ties in the legacy order). */
export interface RowsSnapshot<R> {
  rows: readonly R[];
}

const newestFirst = <R>(rows: R[], timeOf: (row: R) => string): R[] =>
  rows.sort((a, b) => (timeOf(a) < timeOf(b) ? 1 : timeOf(a) > timeOf(b) ? -1 : 0));

/** The coach's teams, own and received, as listTeams shows them. */
export function teamsSnapshot(ctx: SessionContext, snapshots: SnapshotCache): Promise<RowsSnapshot<TeamRow>> {
  return snapshots.get({
    coachId: ctx.session.coachId,
    list: TEAMS_LIST,
    load: async () => {
      const list = await readTeams(ctx);
      const now = Date.now();
      return {
        rows: newestFirst(
          [...list.teams].map((team) => teamRowOf(ctx, team, list, now)),
          (row) => row.createdAt,
        ),
      };
    },
    rowsOf: (copy) => copy.rows.length,
    signal: ctx.signal,
  });
}

/** The coach's pairs as listPairs shows them, the latest changed first. */
export function pairsSnapshot(ctx: SessionContext, snapshots: SnapshotCache): Promise<RowsSnapshot<PairRow>> {
  return snapshots.get({
    coachId: ctx.session.coachId,
    list: PAIRS_LIST,
    load: async () => {
      const couples: LegacyCouple[] = [...(await readPairs(ctx)).values()];
      return {
        rows: newestFirst(
          couples.map((couple) => pairRowOf(ctx, couple)),
          (row) => row.updatedAt,
        ),
      };
    },
    rowsOf: (copy) => copy.rows.length,
    signal: ctx.signal,
  });
}

/**
 * Reports a change that touches one list only (a team's or a pair's): that list's copy is dropped when the call ends,
 * whatever the call did, and every other copy of the coach is kept on this instance. A call that throws is still
 * an unknown change (every copy dropped: plugins/app/assessment-snapshots.ts).
 */
export function changesOnly(change: CopyChange, list: typeof TEAMS_LIST | typeof PAIRS_LIST): void {
  change.patch((copy, name) => (name === list ? null : copy));
}
