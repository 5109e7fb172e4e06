import type { ReactNode } from 'react';
import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { tableDate } from '../../../components/data-table/table-state.ts';
import { TruncatedText } from '../../../components/data-table/truncated-text.tsx';
import { PAIR_TYPE_LABELS } from '../../../lib/labels/pairs.ts';
import type { PairMember, PairRow } from '../api/list-pairs.ts';

const enneaOf = (member: PairMember): string =>
  member.ennea ? [`Type ${member.ennea.type}`, member.ennea.trifix, member.ennea.instinct].filter(Boolean).join(' · ') : '-';
const maturityOf = (member: PairMember): string =>
  member.maturity ? `${member.maturity.stage} ${member.maturity.code} · ${member.maturity.name}` : '-';

/** One line per member: whose result it is, then the result ('-' when there is none yet). */
function MemberResults({ row, result }: { row: PairRow; result: (member: PairMember) => string }) {
  return (
    <ul className="pair-results">
      {row.members.map((member) => (
        <li key={member.assessmentId}>
          <TruncatedText text={`${member.clientName}: ${result(member)}`}>
            <span className="pair-results__name">{member.clientName}:</span> {result(member)}
          </TruncatedText>
        </li>
      ))}
    </ul>
  );
}

/** The Info column: the pair as the legacy list names it (the search also finds the members' e-mail addresses). */
const Info = ({ row }: { row: PairRow }) => <span className="pair-info">{row.info}</span>;

/**
 * spec assessments-and-clients §3.10: Info, Type, Report, Sent, Company, Project, Enneagram Results, Maturity Results,
 * Updated; a phone shows Info, Type and Report.
 */
export function pairColumns(isNarrow: boolean, report: (row: PairRow) => ReactNode): DataColumn<PairRow>[] {
  const info: DataColumn<PairRow> = { id: 'info', label: 'Info', sortable: true, isRowHeader: true, render: (row) => <Info row={row} /> };
  const type: DataColumn<PairRow> = {
    id: 'coupleType',
    label: 'Type',
    sortable: true,
    nowrap: true,
    render: (row) => PAIR_TYPE_LABELS[row.coupleType],
  };
  const reportColumn: DataColumn<PairRow> = { id: 'reportAvailable', label: 'Report', sortable: true, render: report };
  if (isNarrow) return [info, type, reportColumn];
  return [
    info,
    type,
    reportColumn,
    { id: 'reportSent', label: 'Sent', sortable: true, nowrap: true, render: (row) => (row.reportSent ? 'Yes' : 'No') },
    { id: 'company', label: 'Company', sortable: true, render: (row) => row.company, truncate: (row) => row.company ?? '' },
    { id: 'project', label: 'Project', sortable: true, render: (row) => row.project, truncate: (row) => row.project ?? '' },
    { id: 'ennea', label: 'Enneagram Results', render: (row) => <MemberResults row={row} result={enneaOf} /> },
    { id: 'maturity', label: 'Maturity Results', render: (row) => <MemberResults row={row} result={maturityOf} /> },
    { id: 'updatedAt', label: 'Updated', sortable: true, numeric: true, render: (row) => tableDate(row.updatedAt) },
  ];
}
