import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type AssessmentDetails = components['schemas']['AssessmentDetails'];

/**
 * listAssessmentDetails: every field of the selected assessments for View Details (spec
 * assessments-and-clients §2.3, §3.1). A POST because the selection does not fit a URL; it changes
 * nothing, so it is a query keyed by the ids.
 */
export const listAssessmentDetailsQueryOptions = (ids: readonly string[]) =>
  $api.queryOptions('post', '/api/assessments/details', { body: { ids: [...ids] } });

export const useAssessmentDetails = (ids: readonly string[], enabled: boolean) =>
  useQuery({ ...listAssessmentDetailsQueryOptions(ids), enabled: enabled && ids.length > 0 });
