// The More menu's two Export items (decision 029). Apart from use-table-export.tsx: the table draws them, the screen's
// hook runs the download, and the table's code never needs the download's.
import type { ExportFormat, TableExport } from './data-table-types.ts';
import type { TableAction } from './table-actions.ts';

export const EXPORT_LABELS: Readonly<Record<ExportFormat, string>> = { csv: 'Export as CSV', xlsx: 'Export as Excel' };

/** The More menu's Export as CSV and Export as Excel, with the columns the table shows; both wait while one runs. */
export function exportActions(exportTable: TableExport | undefined, columns: readonly { id: string }[]): TableAction[] {
  if (!exportTable) return [];
  return (['csv', 'xlsx'] as const).map((format) => ({
    id: `export-${format}`,
    label: exportTable.running === format ? `${EXPORT_LABELS[format]} (exporting…)` : EXPORT_LABELS[format],
    group: 'more',
    min: 0,
    isBusy: exportTable.running !== undefined,
    onAction: () =>
      exportTable.start(
        format,
        columns.map((column) => column.id),
      ),
  }));
}
