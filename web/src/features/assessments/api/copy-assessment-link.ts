import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/**
 * copyAssessmentLink: records the copy and answers the client's assessment link (spec
 * assessments-and-clients §2.3, §4.3). The copy counts as invited, so the table is asked again.
 */
export function useCopyAssessmentLink() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assessments/{assessmentId}/link-copies', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}
