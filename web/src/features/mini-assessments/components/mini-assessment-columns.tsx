import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { tableDate } from '../../../components/data-table/table-state.ts';
import { EmailAddress } from '../../../components/email-address.tsx';
import type { MiniAssessmentRow } from '../../../lib/api/list-mini-assessments.ts';
import { LANGUAGE_NAMES } from '../../../lib/labels/languages.ts';

// spec coach-shell §2.4: the results' columns, desktop and phone; each report opens in a new tab.

/** A mini-assessment with its id (the list's `uniqueId`). */
type Row = MiniAssessmentRow & { id: string };

const info: DataColumn<Row> = {
  id: 'name',
  label: 'Info',
  sortable: true,
  isRowHeader: true,
  render: (row) => (
    <span className="mini-info">
      <span className="mini-info__name">
        {row.name} {row.surname}
      </span>
      <EmailAddress className="mini-info__email" address={row.email} />
    </span>
  ),
};
const report = (row: Row) =>
  row.reportUrl ? (
    <a className="link" href={row.reportUrl} target="_blank" rel="noopener">
      Report<span className="visually-hidden"> of {`${row.name} ${row.surname}`} (opens in a new tab)</span>
    </a>
  ) : (
    '-'
  );
const completed: DataColumn<Row> = {
  id: 'completedAt',
  label: 'Completed',
  sortable: true,
  nowrap: true,
  render: (row) => tableDate(row.completedAt ?? undefined) || '-',
};

export const DESKTOP_COLUMNS: readonly DataColumn<Row>[] = [
  info,
  { id: 'language', label: 'Language', sortable: true, render: (row) => LANGUAGE_NAMES[row.language] },
  { id: 'ennea', label: 'Ennea', sortable: true, render: (row) => row.ennea ?? '-' },
  { id: 'trifix', label: 'Trifix', sortable: true, render: (row) => row.trifix ?? '-' },
  { id: 'report', label: 'Report', render: report },
  { id: 'createdAt', label: 'Started', sortable: true, nowrap: true, render: (row) => tableDate(row.createdAt) },
  completed,
];
export const PHONE_COLUMNS: readonly DataColumn<Row>[] = [
  info,
  {
    id: 'ennea',
    label: 'Ennea Results',
    sortable: true,
    render: (row) =>
      row.ennea === null ? (
        '-'
      ) : (
        <span className="mini-results">
          <span>
            {row.ennea} · {row.trifix}
          </span>
          {report(row)}
        </span>
      ),
  },
  completed,
];
