import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type AssessmentSelectionSummary = components['schemas']['AssessmentSelectionSummary'];
export type NamedCount = components['schemas']['NamedCount'];

/** How many names of each group the confirm steps show; the rest is a count ("and 19,950 more"). */
export const REVIEW_NAMES = 10;

/**
 * summarizeAssessmentSelection: what the confirm steps show of a selection of any size (spec assessments-and-clients
 * §2.4 "the pre-invite review", §4.3, §4.5): counts and the first names of each group. A POST because the selection
 * does not fit a URL; it changes nothing, so it is a query keyed by the ids.
 */
export const selectionSummaryQueryOptions = (ids: readonly string[]) =>
  $api.queryOptions('post', '/api/assessments/selection-summaries', { body: { ids: [...ids], names: REVIEW_NAMES } });

export const useSelectionSummary = (ids: readonly string[], enabled: boolean) =>
  useQuery({ ...selectionSummaryQueryOptions(ids), enabled: enabled && ids.length > 0 });
