// Export of the Pairs table (its More menu; spec assessments-and-clients §3.10): the pairs the search keeps in the
// table's order, the columns the coach sees with the table's labels and cells (the web's pair-columns.tsx), from the
// coach's copy of the pairs list (snapshots/team-pair-snapshots.ts; decision 029).
import type { components as Bff } from '../../../generated/bff.ts';
import { enneaText, maturityText } from '../../domain/maturity.ts';
import type { PairRow } from '../../domain/pair-rows.ts';
import type { ExportColumn } from '../../downloads/export-sheet.ts';
import { type TableExport, tableExportAnswer } from '../../downloads/table-export.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { listEntries } from '../../snapshots/list-page.ts';
import type { SnapshotCache } from '../../snapshots/snapshot-cache.ts';
import { Table } from '../../snapshots/table.ts';
import { pairsSnapshot } from '../../snapshots/team-pair-snapshots.ts';
import { PAIR_LIST, PAIR_MESSAGES, pairSortKey } from './pairs-service.ts';

type PairColumn = Bff['schemas']['PairColumn'];
type PairMember = PairRow['members'][number];
type PairSort = NonNullable<OperationInput<'listPairs'>['query']['sort']>;

/** spec §9: Romance is shown as Couples, Workplace as Colleagues (web: PAIR_TYPE_LABELS). */
const PAIR_TYPES: Readonly<Record<PairRow['coupleType'], string>> = { Romance: 'Couples', Workplace: 'Colleagues' };

/** Each member's result after their name, one after the other ('-' when there is none yet), as the column lists them. */
const memberResults = (row: PairRow, result: (member: PairMember) => string | undefined): string =>
  row.members.map((member) => `${member.clientName}: ${result(member) ?? '-'}`).join('; ');

/** The table's columns (the web's pair-columns.tsx), by the contract's PairColumn. */
const PAIR_EXPORT: TableExport<PairRow, PairColumn> = {
  catalogue: {
    info: { label: 'Info', cell: (row) => row.info },
    coupleType: { label: 'Type', cell: (row) => PAIR_TYPES[row.coupleType] },
    // The Report column's HTML and PDF links, or its text.
    reportAvailable: { label: 'Report', cell: (row) => (row.reportAvailable ? 'HTML, PDF' : PAIR_MESSAGES.notAvailableYet) },
    reportSent: { label: 'Sent', cell: (row) => (row.reportSent ? 'Yes' : 'No') },
    company: { label: 'Company', cell: (row) => row.company },
    project: { label: 'Project', cell: (row) => row.project },
    ennea: { label: 'Enneagram Results', cell: (row) => memberResults(row, (member) => member.ennea && enneaText(member.ennea)) },
    maturity: {
      label: 'Maturity Results',
      cell: (row) => memberResults(row, (member) => member.maturity && maturityText(member.maturity)),
    },
    updatedAt: { label: 'Updated', cell: (row) => ({ date: row.updatedAt }) },
  } satisfies Readonly<Record<PairColumn, ExportColumn<PairRow>>>,
  desktop: ['info', 'coupleType', 'reportAvailable', 'reportSent', 'company', 'project', 'ennea', 'maturity', 'updatedAt'],
  name: 'pairs',
};

/** exportPairs: the file of what listPairs would page through for the same query. */
export async function exportPairs(
  { query }: OperationInput<'exportPairs'>,
  ctx: SessionContext,
  snapshots: SnapshotCache,
  now = Date.now(),
) {
  const { rows } = await pairsSnapshot(ctx, snapshots);
  return tableExportAnswer(listEntries(new Table<PairRow, PairSort>(rows, pairSortKey), query, PAIR_LIST), PAIR_EXPORT, query, now);
}
