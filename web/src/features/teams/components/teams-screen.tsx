import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { BatchResultMessage } from '../../../components/batch-result.tsx';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table.tsx';
import type { TableAction } from '../../../components/data-table/table-actions.ts';
import { type TableStateConfig, tableDate } from '../../../components/data-table/table-state.ts';
import { useTableSelection, useTableState } from '../../../components/data-table/use-table-state.ts';
import type { MessageTitle } from '../../../components/ui/message-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { type TeamRow, type TeamSort, useTeams } from '../../../lib/api/list-teams.ts';
import { receivedTeamMessage, removedCount, TEAMS_TEXT, TEAMS_TOAST_MS } from '../../../lib/labels/teams.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { problemMessage } from '../../../lib/problem.ts';
import { useNarrowLayout } from '../../../lib/use-narrow-layout.ts';
import { useDeleteTeams } from '../api/delete-teams.ts';
import { type ReportFailure, ReportFailureText, TeamReportDownloads } from './team-report-downloads.tsx';
import './teams.css';

// The dialogs load when first opened (the coach routes' 170 KB budget).
const TeamFormDialog = lazy(() => import('./team-form-dialog.tsx'));
const DuplicateTeamDialog = lazy(() => import('./duplicate-team-dialog.tsx'));
const AssignScoDialog = lazy(() => import('./assign-sco-dialog.tsx'));
const RevokeScoDialog = lazy(() => import('./revoke-sco-dialog.tsx'));
const RequestReportAction = lazy(() => import('./request-report-action.tsx'));
const MessageDialog = lazy(async () => ({ default: (await import('../../../components/ui/message-dialog.tsx')).MessageDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/ui/confirm-dialog.tsx')).ConfirmDialog }));

// spec coach-shell §2.2: rows with a name sort by createdAt by default (newest first).
const TABLE_CONFIG: TableStateConfig<TeamSort, never> = {
  sorts: ['name', 'description', 'project', 'memberCount', 'createdAt', 'reportRequested', 'reportDueDate', 'report'],
  defaultSort: 'createdAt',
};

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; team: TeamRow }
  | { kind: 'duplicate'; team: TeamRow }
  | { kind: 'assignSco'; ids: string[] }
  | { kind: 'revoke'; team: TeamRow }
  | { kind: 'requestReport'; team: TeamRow }
  | { kind: 'confirmDelete'; ids: string[] }
  | null;
type Message = { title: MessageTitle; body: ReactNode } | null;

/**
 * The Teams page (spec coach-shell §2.6, §4, §5, §8): the coach's own and received teams on the shared table, with
 * Add Team (also opened by the dashboard's 'Add New Team': `?add=1`), View Team, Edit, Duplicate Team, Request
 * Report, Add Team Members, Delete, Assign SCO and Revoke, and the report downloads. Received teams only download their reports.
 */
export function TeamsScreen() {
  usePageTitle(TEAMS_TEXT.title);
  const [state, update] = useTableState(TABLE_CONFIG);
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const isNarrow = useNarrowLayout();
  const selection = useTableSelection();
  const { data, error, isPlaceholderData } = useTeams({
    q: state.q || undefined,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
  });
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState<Message>(null);
  const deleteTeams = useDeleteTeams();

  // The teams seen on any page, so that a selection made across pages still knows its rows.
  const seen = useRef(new Map<string, TeamRow>());
  for (const row of data?.items ?? []) seen.current.set(row.id, row);
  const selectedIds = useMemo(() => [...selection.selected], [selection.selected]);
  const selectedTeam = (): TeamRow | undefined => seen.current.get(selectedIds[0] ?? '');

  // spec §2.3: the dashboard's 'Add New Team' opens the add dialog here (the re-route flag, once).
  const addFlag = params.get('add') === '1';
  useEffect(() => {
    if (!addFlag) return;
    setOpen({ kind: 'add' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('add');
        return next;
      },
      { replace: true },
    );
  }, [addFlag, setParams]);

  const note = (body: ReactNode, title: MessageTitle = 'Please Note') => setMessage({ title, body: <p>{body}</p> });

  /** View, Edit, Duplicate and Request Report refuse a received team with the spec's text (§8). */
  const ownTeam = (action: Parameters<typeof receivedTeamMessage>[0]): TeamRow | undefined => {
    const team = selectedTeam();
    if (team?.isReceived) {
      note(receivedTeamMessage(action, team.reportState === 'available'));
      return undefined;
    }
    return team;
  };

  const onDelete = (ids: string[]) => {
    setOpen(null);
    deleteTeams.mutate(
      { body: { ids }, params: { header: { 'Idempotency-Key': crypto.randomUUID() } } },
      {
        onSuccess: (result) => {
          selection.clear();
          const text = removedCount(result.succeeded, result.total);
          if (result.succeeded === result.total) {
            showToast(text, 'success', TEAMS_TOAST_MS);
            return;
          }
          setMessage({
            title: result.succeeded > 0 ? TEAMS_TEXT.partlyDeleted : 'Failed',
            body: <BatchResultMessage summary={text} result={result} />,
          });
        },
        onError: (failure) => note(problemMessage(failure), 'Failed'),
      },
    );
  };

  const actions: TableAction[] = [
    { id: 'add', label: TEAMS_TEXT.addTeam, group: 'frequent', min: 0, onAction: () => setOpen({ kind: 'add' }) },
    {
      id: 'view',
      label: TEAMS_TEXT.viewTeam,
      group: 'frequent',
      min: 1,
      max: 1,
      onAction: () => {
        const team = ownTeam('view');
        if (team) navigate(`/team?id=${encodeURIComponent(team.id)}`);
      },
    },
    {
      id: 'edit',
      label: TEAMS_TEXT.edit,
      group: 'frequent',
      min: 1,
      max: 1,
      onAction: () => {
        const team = ownTeam('edit');
        if (team) setOpen({ kind: 'edit', team });
      },
    },
    {
      id: 'duplicate',
      label: TEAMS_TEXT.duplicateTeam,
      group: 'more',
      min: 1,
      max: 1,
      onAction: () => {
        const team = ownTeam('duplicate');
        if (!team) return;
        // spec §4: duplicating is allowed only once a report has been requested or is available.
        if (team.canDuplicate) setOpen({ kind: 'duplicate', team });
        else note(TEAMS_TEXT.duplicateNeedsReport);
      },
    },
    {
      id: 'requestReport',
      label: TEAMS_TEXT.requestReport,
      group: 'more',
      min: 1,
      max: 1,
      onAction: () => {
        const team = ownTeam('request a report for');
        if (team) setOpen({ kind: 'requestReport', team });
      },
    },
    // spec §2.6: members are added from the assessments page ('Add To Team').
    {
      id: 'addMembers',
      label: TEAMS_TEXT.addMembers,
      group: 'more',
      min: 0,
      // spec §2.6: to the assessments page; with one own team selected, Add To Team there has it preselected.
      onAction: () => {
        const team = selectedIds.length === 1 ? selectedTeam() : undefined;
        navigate(team && !team.isReceived ? `/assessments?addToTeam=${encodeURIComponent(team.id)}` : '/assessments');
      },
    },
    { id: 'delete', label: TEAMS_TEXT.delete, group: 'more', min: 1, onAction: () => setOpen({ kind: 'confirmDelete', ids: selectedIds }) },
    {
      id: 'assignSco',
      label: TEAMS_TEXT.assignSco,
      group: 'more',
      min: 1,
      onAction: () => setOpen({ kind: 'assignSco', ids: selectedIds }),
    },
    {
      id: 'revokeSco',
      label: TEAMS_TEXT.revokeSco,
      group: 'more',
      min: 1,
      max: 1,
      onAction: () => {
        const team = selectedTeam();
        if (team) setOpen({ kind: 'revoke', team });
      },
    },
  ];

  const onReportFailure = (failure: ReportFailure) => setMessage({ title: 'Failed', body: <ReportFailureText failure={failure} /> });
  const columns = teamColumns({
    isNarrow,
    showGivenTo: data?.hasGiven ?? false,
    showReceivedFrom: data?.hasReceived ?? false,
    report: (row) =>
      row.reportState === 'available' ? (
        <TeamReportDownloads team={row} toastMs={TEAMS_TOAST_MS} onFailure={onReportFailure} />
      ) : (
        (row.reportStatusText ?? '-')
      ),
  });

  const close = () => setOpen(null);
  return (
    <section className="teams stack" aria-labelledby="teams-title">
      <h1 id="teams-title">{TEAMS_TEXT.title}</h1>
      <DataTable
        label={TEAMS_TEXT.title}
        columns={columns}
        rows={data?.items}
        isStale={isPlaceholderData}
        error={error}
        total={data?.total ?? 0}
        filteredTotal={data?.filteredTotal ?? 0}
        state={state}
        onChange={update}
        selection={selection}
        actions={actions}
        isNarrow={isNarrow}
        emptyText="No teams yet. Add a team to start."
      />
      <Suspense fallback={null}>
        {open?.kind === 'add' ? <TeamFormDialog onClose={close} /> : null}
        {open?.kind === 'edit' ? <TeamFormDialog team={open.team} onClose={close} /> : null}
        {open?.kind === 'duplicate' ? <DuplicateTeamDialog team={open.team} onClose={close} /> : null}
        {open?.kind === 'assignSco' ? (
          <AssignScoDialog
            ids={open.ids}
            onClose={close}
            onAssigned={() => {
              selection.clear();
              close();
            }}
          />
        ) : null}
        {open?.kind === 'revoke' ? <RevokeScoDialog team={open.team} onClose={close} /> : null}
        {open?.kind === 'requestReport' ? (
          <RequestReportAction
            teamId={open.team.id}
            onClose={close}
            onRequested={(requested) => {
              close();
              if (requested) note(requested, 'Success');
            }}
            onRefused={(text) => {
              close();
              note(text, 'Failed');
            }}
          />
        ) : null}
        {open?.kind === 'confirmDelete' ? (
          <ConfirmDialog
            title="Warning"
            isOpen
            confirmLabel={TEAMS_TEXT.delete}
            isDestructive
            onConfirm={() => onDelete(open.ids)}
            onCancel={close}
          >
            {TEAMS_TEXT.confirmRemove}
          </ConfirmDialog>
        ) : null}
        {message ? (
          <MessageDialog title={message.title} onClose={() => setMessage(null)}>
            {message.body}
          </MessageDialog>
        ) : null}
      </Suspense>
    </section>
  );
}

interface ColumnOptions {
  isNarrow: boolean;
  showGivenTo: boolean;
  showReceivedFrom: boolean;
  report: (row: TeamRow) => ReactNode;
}

/** spec §2.6: desktop columns, Given To / Received From only when such records exist; a phone shows Name and Report. */
function teamColumns({ isNarrow, showGivenTo, showReceivedFrom, report }: ColumnOptions): DataColumn<TeamRow>[] {
  const name: DataColumn<TeamRow> = { id: 'name', label: 'Name', sortable: true, isRowHeader: true, render: (row) => row.name };
  const reportColumn: DataColumn<TeamRow> = { id: 'report', label: 'Report', sortable: true, render: report };
  if (isNarrow) return [name, reportColumn];
  return [
    name,
    { id: 'description', label: 'Description', sortable: true, render: (row) => row.description || '-' },
    { id: 'project', label: 'Project', sortable: true, render: (row) => row.project },
    { id: 'memberCount', label: 'Number of Members', sortable: true, render: (row) => row.memberCount },
    { id: 'createdAt', label: 'Created', sortable: true, nowrap: true, render: (row) => tableDate(row.createdAt) },
    {
      id: 'reportRequested',
      label: 'Report Requested',
      sortable: true,
      render: (row) => row.reportRequestedDisplay ?? 'Not Requested',
    },
    { id: 'reportDueDate', label: 'Due Date', sortable: true, nowrap: true, render: (row) => row.reportDueDate ?? '-' },
    reportColumn,
    ...(showGivenTo
      ? [
          {
            id: 'givenTo',
            label: 'Given To',
            render: (row: TeamRow) => row.givenTo.map((coach) => `${coach.name} ${coach.surname}`).join(', ') || '-',
          },
        ]
      : []),
    ...(showReceivedFrom ? [{ id: 'receivedFrom', label: 'Received From', render: (row: TeamRow) => row.receivedFrom?.name ?? '-' }] : []),
  ];
}
