import type { operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type ListAssessmentIdsQuery = NonNullable<operations['listAssessmentIds']['parameters']['query']>;

/**
 * listAssessmentIds: the ids of every record matching the table's view, filter and search, for the
 * select-all checkbox (spec assessments-and-clients §2.2); fetched when it is ticked
 * (`queryClient.fetchQuery`).
 */
export const listAssessmentIdsQueryOptions = (query: ListAssessmentIdsQuery) =>
  $api.queryOptions('get', '/api/assessments/ids', { params: { query } });
