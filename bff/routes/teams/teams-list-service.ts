// The Teams page's table (spec coach-shell §2.2, §2.6), also the team picker of the assessments toolbar's 'Add To
// Team': the legacy list of own and received teams, searched, sorted and paged by the BFF with the shared table.
import type { components as Bff } from '../../../generated/bff.ts';
import { readTeams, type TeamRow, teamRowOf } from '../../domain/team-rows.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { listPage } from '../../snapshots/list-page.ts';
import { fold, type SortKey, Table } from '../../snapshots/table.ts';

type TeamPage = Bff['schemas']['TeamPage'];
export type TeamSort = NonNullable<OperationInput<'listTeams'>['query']['sort']>;
type Column = TeamSort;

const REPORT_ORDER: Readonly<Record<TeamRow['reportState'], number>> = { notRequested: 0, requested: 1, available: 2 };

/** A team's key in a column's sort (listTeams and exportTeams). */
export function teamSortKey(row: TeamRow, column: Column): SortKey {
  switch (column) {
    case 'name':
      return fold(row.name);
    case 'description':
      return row.description === '' ? null : fold(row.description);
    case 'project':
      return fold(row.project);
    case 'memberCount':
      return row.memberCount;
    case 'createdAt':
      return row.createdAt;
    case 'reportRequested':
      return row.reportRequestedDisplay === null ? null : fold(row.reportRequestedDisplay);
    case 'reportDueDate':
      return row.reportDueDate;
    case 'report':
      return REPORT_ORDER[row.reportState];
  }
}

/** What a search text is matched against: every column the table shows (dates cut to 10 characters, spec §2.2). */
function searchText(row: TeamRow): string {
  const shown = [
    row.name,
    row.description,
    row.project,
    String(row.memberCount),
    row.createdAt.slice(0, 10),
    row.reportRequestedDisplay ?? '',
    row.reportDueDate ?? '',
    row.reportStatusText ?? '',
    row.receivedFrom?.name ?? '',
    ...row.givenTo.map((coach) => `${coach.name} ${coach.surname}`),
  ];
  return fold(shown.join('\n'));
}

/** The Teams table's default order and search (listTeams and exportTeams). */
export const TEAM_LIST = { sort: 'createdAt', search: { text: searchText } } as const;

/** listTeams: the legacy order (newest first) is the default; `total` counts every team, `filteredTotal` the matches. */
export async function listTeams({ query }: OperationInput<'listTeams'>, ctx: SessionContext): Promise<TeamPage> {
  const list = await readTeams(ctx);
  const now = Date.now();
  const rows = list.teams.map((team) => teamRowOf(ctx, team, list, now));
  return {
    ...listPage(new Table<TeamRow, Column>(rows, teamSortKey), query, TEAM_LIST),
    hasGiven: rows.some((row) => row.givenTo.length > 0),
    hasReceived: rows.some((row) => row.isReceived),
  };
}
