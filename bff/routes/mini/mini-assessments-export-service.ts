// Export of the Mini-Assessments table (its More menu; spec coach-shell §2.4): the mini-assessments the search keeps in
// the table's order, the columns the coach sees with the table's labels and cells (the web's
// mini-assessment-columns.tsx). The list keeps no copy of them: its rows are read as listMiniAssessments reads them
// (decision 029), then written row by row.
import type { components as Bff } from '../../../generated/bff.ts';
import { type ExportColumn, languageName } from '../../downloads/export-sheet.ts';
import { type TableExport, tableExportAnswer } from '../../downloads/table-export.ts';
import type { OperationInput, SessionContext } from '../../operation.ts';
import { portalOrigin } from '../../portal-origin.ts';
import { listEntries } from '../../snapshots/list-page.ts';
import { MINI_LIST, type MiniEntry, miniAssessmentsTable } from './mini-assessments-service.ts';

type MiniAssessmentColumn = Bff['schemas']['MiniAssessmentColumn'];

/** The table's columns (the web's mini-assessment-columns.tsx), by the contract's MiniAssessmentColumn. */
function miniExport(origin: string | undefined): TableExport<MiniEntry, MiniAssessmentColumn> {
  return {
    catalogue: {
      name: { label: 'Info', cell: ({ row }) => `${row.name} ${row.surname} · ${row.email}` },
      language: { label: 'Language', cell: ({ row }) => languageName(row.language) },
      ennea: { label: 'Ennea', cell: ({ row }) => (row.ennea === null ? '' : String(row.ennea)) },
      trifix: { label: 'Trifix', cell: ({ row }) => row.trifix ?? '' },
      // The Report link, as an address the file's reader can open (on the portal's origin, as the public link).
      report: {
        label: 'Report',
        cell: ({ row }) => (row.reportUrl && origin ? new URL(row.reportUrl, origin).href : (row.reportUrl ?? '')),
      },
      createdAt: { label: 'Started', cell: ({ row }) => ({ date: row.createdAt }) },
      completedAt: { label: 'Completed', cell: ({ row }) => ({ date: row.completedAt ?? undefined }) },
    } satisfies Readonly<Record<MiniAssessmentColumn, ExportColumn<MiniEntry>>>,
    desktop: ['name', 'language', 'ennea', 'trifix', 'report', 'createdAt', 'completedAt'],
    name: 'mini-assessments',
  };
}

/** exportMiniAssessments: the file of what listMiniAssessments would page through for the same query. */
export async function exportMiniAssessments(
  { query = {} }: OperationInput<'exportMiniAssessments'>,
  ctx: SessionContext,
  allowedOrigins: readonly string[],
  now = Date.now(),
) {
  const entries = listEntries(await miniAssessmentsTable(ctx), query, MINI_LIST);
  return tableExportAnswer(entries, miniExport(portalOrigin(ctx.headers.origin, allowedOrigins)), query, now);
}
