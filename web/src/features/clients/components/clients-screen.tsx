import type { DataColumn } from '../../../components/data-table/data-table.tsx';
import { DataTable } from '../../../components/data-table/lazy-data-table.tsx';
import { type TableStateConfig, tableDate } from '../../../components/data-table/table-state.ts';
import { useListScreen } from '../../../components/data-table/use-list-screen.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { ASSESSMENT_TYPE_LABELS } from '../../../lib/labels/assessments.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { exportClients } from '../api/export-clients.ts';
import { type ClientRow, type ClientSort, useClients } from '../api/list-clients.ts';
import './clients.css';

// spec coach-shell §2.2: rows with a name sort by createdAt by default.
const TABLE_CONFIG: TableStateConfig<ClientSort, never> = {
  sorts: ['name', 'surname', 'email', 'company', 'createdAt', 'assessmentCount'],
  defaultSort: 'createdAt',
};

const name: DataColumn<ClientRow> = {
  id: 'surname',
  label: 'Client',
  sortable: true,
  isRowHeader: true,
  render: (row) => (
    <span className="client-name">
      <Link href={`/clighent/${row.id}`}>
        {row.name} {row.surname}
      </Link>
      <EmailAddress className="client-name__email" address={row.email} />
    </span>
  ),
};
const count: DataColumn<ClientRow> = { id: 'assessmentCount', label: 'Assessments', sortable: true, render: (row) => row.assessmentCount };
const created: DataColumn<ClientRow> = {
  id: 'createdAt',
  label: 'Created',
  sortable: true,
  nowrap: true,
  render: (row) => tableDate(row.createdAt),
};
const latest: DataColumn<ClientRow> = {
  id: 'latest',
  label: 'Latest assessment',
  render: (row) =>
    row.latestAssessment
      ? `${ASSESSMENT_TYPE_LABELS[row.latestAssessment.assessmentType]}${row.latestAssessment.completedAt ? `, completed ${tableDate(row.latestAssessment.completedAt)}` : ', not complete'}`
      : '',
};

const DESKTOP_COLUMNS = [
  name,
  { id: 'company', label: 'Company', sortable: true, render: (row: ClientRow) => row.company },
  count,
  latest,
  created,
];
const PHONE_COLUMNS = [name, count, created];

/** The clients view (spec assessments-and-clients §2.1: the same table mechanics as the assessments table). */
export function ClientsScreen() {
  usePageTitle('Clients');
  const screen = useListScreen({ table: TABLE_CONFIG, useList: useClients, exportList: exportClients, exportName: 'clients' });
  return (
    <section className="clients stack" aria-labelledby="clients-title">
      <header className="clients__header">
        <h1 id="clients-title">Clients</h1>
        <Link href="/assessments">View assessments</Link>
      </header>
      <DataTable
        {...screen.table}
        label="Clients"
        columns={screen.isNarrow ? PHONE_COLUMNS : DESKTOP_COLUMNS}
        emptyText="No clients found."
        noun="clients"
      />
    </section>
  );
}
