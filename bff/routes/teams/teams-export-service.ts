// Export of the Teams table (its More menu; spec coach-shell §2.6): the teams the search keeps in the table's order,
// the columns the coach sees with the table's labels and cells (the web's team-columns.tsx), from the coach's copy of
// the teams list (snapshots/team-pair-snapshots.ts; decision 029).
import type { components as Bff } from '../../../generated/bff.ts';
import type { ReportState, TeamRow } from '../../domain/team-rows.ts';
import type { ExportColumn } from '../../downloads/export-sheet.ts';
import { type TableExport, tableExportAnswer } from '../../downloads/table-export.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { listEntries } from '../../snapshots/list-page.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { Table } from '../../snapshots/table.ts';
import { teamsSnapshot } from '../../snapshots/team-pair-snapshots.ts';
import { TEAM_LIST, type TeamSort, teamSortKey } from './teams-list-service.ts';

type TeamColumn = Bff['schemas']['TeamColumn'];

/** The Report Requested column's pill (web: REPORT_STATE_LABELS), then what was requested. */
const REPORT_STATES: Readonly<Record<ReportState, string>> = {
  notRequested: 'Not Requested',
  requested: 'Requested',
  available: 'Available',
};

function reportRequested(row: TeamRow): string {
  const state = REPORT_STATES[row.reportState];
  return row.reportState !== 'notRequested' && row.reportRequestedDisplay ? `${state}: ${row.reportRequestedDisplay}` : state;
}

/** The Report column: the report's files (its PDF and PPTX buttons), else its status text. */
const report = (row: TeamRow): string =>
  row.reportState === 'available'
    ? row.reportDownloads.map(({ format }) => format.toUpperCase()).join(', ')
    : row.reportStatusText === '-' || row.reportStatusText === null
      ? ''
      : row.reportStatusText;

/** The table's columns (the web's team-columns.tsx), by the contract's TeamColumn. */
const TEAM_EXPORT: TableExport<TeamRow, TeamColumn> = {
  catalogue: {
    name: { label: 'Name', cell: (row) => row.name },
    description: { label: 'Description', cell: (row) => row.description },
    project: { label: 'Project', cell: (row) => row.project },
    memberCount: { label: 'Number of Members', cell: (row) => ({ number: row.memberCount }) },
    createdAt: { label: 'Created', cell: (row) => ({ date: row.createdAt }) },
    reportRequested: { label: 'Report Requested', cell: reportRequested },
    reportDueDate: { label: 'Due Date', cell: (row) => ({ date: row.reportDueDate ?? undefined }) },
    report: { label: 'Report', cell: report },
    givenTo: { label: 'Given To', cell: (row) => row.givenTo.map((coach) => `${coach.name} ${coach.surname}`).join(', ') },
    receivedFrom: { label: 'Received From', cell: (row) => row.receivedFrom?.name ?? '' },
  } satisfies Readonly<Record<TeamColumn, ExportColumn<TeamRow>>>,
  desktop: ['name', 'description', 'project', 'memberCount', 'createdAt', 'reportRequested', 'reportDueDate', 'report'],
  name: 'teams',
};

/** exportTeams: the file of what listTeams would page through for the same query. */
export async function exportTeams(
  { query }: OperationInput<'exportTeams'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
  now = Date.now(),
) {
  const { rows } = await teamsSnapshot(ctx, snapshots);
  return tableExportAnswer(listEntries(new Table<TeamRow, TeamSort>(rows, teamSortKey), query, TEAM_LIST), TEAM_EXPORT, query, now);
}
