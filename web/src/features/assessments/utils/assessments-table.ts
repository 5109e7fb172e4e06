// The assessments table's state (spec assessments-and-clients §2.2, §4.1): its sorts, filters and defaults, apart from
// the screen so that the coach area can ask for the table's first page before the screen's code is loaded.
import type { TableStateConfig } from '../../../components/data-table/table-state.ts';
import { PIPELINE_FILTER_LABELS, PIPELINE_SLICE_KEYS, type PipelineFilter } from '../../../lib/labels/pipeline.ts';
import type { AssessmentSort } from '../api/list-assessments.ts';

const SORTS: readonly AssessmentSort[] = [
  'info',
  'company',
  'project',
  'ennea',
  'score',
  'assessmentType',
  'language',
  'createdAt',
  'registeredAt',
  'completedAt',
  'fromCoach',
  'toCoach',
];
export const ASSESSMENT_FILTERS = Object.keys(PIPELINE_FILTER_LABELS) as PipelineFilter[];
// spec §2.2: the default sort is by tokenCreatedAt (newest first). Show all is one of the filters (spec §4.1), kept in
// the address and shown chosen; with no filter chosen the BFF shows everything too (the contract's default).
export const ASSESSMENTS_TABLE: TableStateConfig<AssessmentSort, PipelineFilter> = {
  sorts: SORTS,
  defaultSort: 'createdAt',
  filters: ASSESSMENT_FILTERS,
  // A number of the dashboard's pipeline panel opens the table narrowed to its rows (the list's `stage` and scope).
  scope: PIPELINE_SLICE_KEYS,
};
