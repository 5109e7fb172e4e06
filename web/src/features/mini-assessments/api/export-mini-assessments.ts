import type { components } from '../../../../../generated/bff.ts';
import type { ExportList } from '../../../components/data-table/use-table-export.tsx';
import type { MiniAssessmentSort } from '../../../lib/api/list-mini-assessments.ts';
import { api } from '../../../lib/api-client.ts';

/** A column of the Mini-Assessments table as the export names it (the table's column ids). */
type MiniAssessmentColumn = components['schemas']['MiniAssessmentColumn'];

/** exportMiniAssessments: the table's search and sort with the columns shown, as a file (More → Export). */
export const exportMiniAssessments: ExportList<MiniAssessmentSort, never, object> = ({ filter: _filter, ...query }, format, columns) =>
  api.GET('/api/mini-assessments/export', {
    params: { query: { ...query, format, columns: columns as MiniAssessmentColumn[] } },
    parseAs: 'blob',
  });
