import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** combineAssessments: Combine (spec assessments-and-clients §2.3, §5 "Combine"); the lists are asked again after. */
export function useCombineAssessments() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assessments/combinations', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}
