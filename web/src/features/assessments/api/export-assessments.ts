import type { components } from '../../../../../generated/bff.ts';
import type { ExportList } from '../../../components/data-table/use-table-export.tsx';
import { api } from '../../../lib/api-client.ts';
import type { PipelineFilter } from '../../../lib/labels/pipeline.ts';
import type { AssessmentSort, AssessmentView } from './list-assessments.ts';

/** A column of the table as the export names it: the table's column ids are the contract's AssessmentColumn. */
export type AssessmentColumn = components['schemas']['AssessmentColumn'];

/** exportAssessments: the table's view, filter, search and sort with the columns shown, as a file (More → Export). */
export const exportAssessments: ExportList<AssessmentSort, PipelineFilter, { view: AssessmentView }> = (query, format, columns) =>
  api.GET('/api/assessments/export', {
    params: { query: { ...query, format, columns: columns as AssessmentColumn[] } },
    parseAs: 'blob',
  });
