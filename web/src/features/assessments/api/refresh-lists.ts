import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../../lib/query-keys.ts';
import { type AssessmentView, listAssessmentsQueryOptions } from './list-assessments.ts';

/**
 * The table's refresh control: listAssessments with `refresh` makes the BFF read the coach's lists from the
 * legacy API again (its copy lives 30 s); then every page of the assessments, SCO Given and clients views
 * is fetched anew from the new copy.
 */
export function useRefreshLists(view: AssessmentView) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...listAssessmentsQueryOptions({ view, refresh: true, pageSize: 10 }), staleTime: 0 }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
        // The clients view is grouped from the same copy (openapi-react-query keys: method, path, init).
        queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/clients') }),
      ]),
  });
}
