import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';
import { type TeamRow, type TeamSort, useTeams } from '../../../lib/api/list-teams.ts';
import { TEAMS_TEXT, TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { TEAM_ACTIONS } from '../actions/registry.ts';
import { exportTeams } from '../api/export-teams.ts';
import { teamColumns } from './team-columns.tsx';
import { type ReportFailure, ReportFailureText, TeamReportDownloads } from './team-report-downloads.tsx';
import './teams.css';

// spec coach-shell §2.2: rows with a name sort by createdAt by default (newest first).
const TABLE_CONFIG: TableStateConfig<TeamSort, never> = {
  sorts: ['name', 'description', 'project', 'memberCount', 'createdAt', 'reportRequested', 'reportDueDate', 'report'],
  defaultSort: 'createdAt',
};

// Enter on a row opens the team's page, as View Team does; a received team has none.
const teamPage = (team: TeamRow) => (team.isReceived ? undefined : `/team?id=${encodeURIComponent(team.id)}`);

/**
 * The Teams page (spec coach-shell §2.6, §4, §5, §8): the coach's own and received teams on the shared table, with
 * the toolbar of `actions/registry.ts` (Add Team also opened by the dashboard's 'Add New Team': `?add=1`) and the
 * report downloads. Received teams only download their reports.
 */
export function TeamsScreen() {
  usePageTitle(TEAMS_TEXT.title);
  const screen = useListScreen({
    table: TABLE_CONFIG,
    useList: useTeams,
    actions: TEAM_ACTIONS,
    addAction: 'add',
    exportList: exportTeams,
    exportName: 'teams',
  });
  const onReportFailure = (failure: ReportFailure) => screen.say({ title: 'Failed', body: <ReportFailureText failure={failure} /> });
  const columns = teamColumns({
    isNarrow: screen.isNarrow,
    showGivenTo: screen.data?.hasGiven ?? false,
    showReceivedFrom: screen.data?.hasReceived ?? false,
    report: (row) =>
      row.reportState === 'available' ? (
        <TeamReportDownloads team={row} toastMs={TEAMS_TOAST_MS} onFailure={onReportFailure} />
      ) : (
        (row.reportStatusText ?? '-')
      ),
  });

  return (
    <section className="teams stack" aria-labelledby="teams-title">
      <h1 id="teams-title">{TEAMS_TEXT.title}</h1>
      <DataTable
        {...screen.table}
        label={TEAMS_TEXT.title}
        columns={columns}
        emptyText="No teams yet. Add a team to start."
        noun="teams"
        rowHref={teamPage}
      />
      {screen.dialogs}
    </section>
  );
}
