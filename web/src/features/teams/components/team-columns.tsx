import type { ReactNode } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { tableDate } from '../../../components/data-table/table-state.ts';
import type { TeamRow } from '../../../lib/api/list-teams.ts';
import { ReportStatePill } from './report-state-pill.tsx';

interface ColumnOptions {
  isNarrow: boolean;
  showGivenTo: boolean;
  showReceivedFrom: boolean;
  report: (row: TeamRow) => ReactNode;
}

/** spec §2.6: desktop columns, Given To / Received From only when such records exist; a phone shows Name and Report. */
export function teamColumns({ isNarrow, showGivenTo, showReceivedFrom, report }: ColumnOptions): DataColumn<TeamRow>[] {
  const name: DataColumn<TeamRow> = {
    id: 'name',
    label: 'Name',
    sortable: true,
    isRowHeader: true,
    render: (row) => row.name,
    truncate: (row) => row.name,
  };
  const reportColumn: DataColumn<TeamRow> = { id: 'report', label: 'Report', sortable: true, nowrap: true, render: report };
  if (isNarrow) return [name, reportColumn];
  return [
    name,
    {
      id: 'description',
      label: 'Description',
      sortable: true,
      render: (row) => row.description || '-',
      truncate: (row) => row.description || '-',
    },
    { id: 'project', label: 'Project', sortable: true, render: (row) => row.project, truncate: (row) => row.project },
    { id: 'memberCount', label: 'Number of Members', sortable: true, numeric: true, render: (row) => row.memberCount },
    { id: 'createdAt', label: 'Created', sortable: true, numeric: true, render: (row) => tableDate(row.createdAt) },
    {
      id: 'reportRequested',
      label: 'Report Requested',
      sortable: true,
      render: (row) => <ReportStatePill state={row.reportState} requested={row.reportRequestedDisplay} />,
    },
    { id: 'reportDueDate', label: 'Due Date', sortable: true, numeric: true, render: (row) => row.reportDueDate ?? '-' },
    reportColumn,
    ...(showGivenTo
      ? [
          {
            id: 'givenTo',
            label: 'Given To',
            render: (row: TeamRow) => row.givenTo.map((coach) => `${coach.name} ${coach.surname}`).join(', ') || '-',
            truncate: (row: TeamRow) => row.givenTo.map((coach) => `${coach.name} ${coach.surname}`).join(', ') || '-',
          },
        ]
      : []),
    ...(showReceivedFrom
      ? [
          {
            id: 'receivedFrom',
            label: 'Received From',
            render: (row: TeamRow) => row.receivedFrom?.name ?? '-',
            truncate: (row: TeamRow) => row.receivedFrom?.name ?? '-',
          },
        ]
      : []),
  ];
}
