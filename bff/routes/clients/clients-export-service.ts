// Export of the clients table (its More menu; spec assessments-and-clients §2.1): the clients the search keeps in the
// table's order, the columns the coach sees with the table's labels and cells (the web's clients-screen.tsx), from the
// coach's copy of the lists (decision 029).
import type { components as Bff } from '../../../generated/bff.ts';
import { type ExportColumn, exportSheet, tableDate } from '../../downloads/export-sheet.ts';
import { exportAnswer, exportFileName } from '../../downloads/table-export.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { ASSESSMENT_TYPE_NAMES, assessmentSnapshot, type ClientEntry } from '../../snapshots/assessment-snapshot.ts';
import { listEntries } from '../../snapshots/list-page.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { CLIENT_LIST } from './clients-service.ts';

type ClientColumn = Bff['schemas']['ClientColumn'];

/** The table's columns (the web's clients-screen.tsx), by the contract's ClientColumn. */
export const CLIENT_EXPORT_COLUMNS: Readonly<Record<ClientColumn, ExportColumn<ClientEntry>>> = {
  surname: { label: 'Client', cell: ({ row }) => `${row.name} ${row.surname} · ${row.email}` },
  company: { label: 'Company', cell: ({ row }) => row.company ?? '' },
  assessmentCount: { label: 'Assessments', cell: ({ row }) => String(row.assessmentCount) },
  latest: {
    label: 'Latest assessment',
    cell: ({ row: { latestAssessment: latest } }) =>
      latest
        ? `${ASSESSMENT_TYPE_NAMES[latest.assessmentType]}${latest.completedAt ? `, completed ${tableDate(latest.completedAt)}` : ', not complete'}`
        : '',
  },
  createdAt: { label: 'Created', cell: ({ row }) => ({ date: row.createdAt }) },
};

const DESKTOP: readonly ClientColumn[] = ['surname', 'company', 'assessmentCount', 'latest', 'createdAt'];

/** exportClients: the file of what listClients would page through for the same query. */
export async function exportClients(
  { query }: OperationInput<'exportClients'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
  now = Date.now(),
) {
  const { format = 'csv', columns = DESKTOP } = query;
  const clients = (await assessmentSnapshot(ctx, snapshots, 'own')).clients();
  const sheet = exportSheet(listEntries(clients, query, CLIENT_LIST), CLIENT_EXPORT_COLUMNS, columns);
  return exportAnswer(sheet, format, exportFileName('clients', format, now));
}
