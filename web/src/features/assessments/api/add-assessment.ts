import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

// Adding assessments (spec assessments-and-clients §2.3, §5 "Add client and assessment"): the lists are asked again
// once the new assessment exists.

/** createClient: Add Assessment for New Client (the client and its first assessment). */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/clients', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
    // A billable assessment is charged.
    onSettled: () => balanceChanged(queryClient),
  });
}

/** addClientAssessment: Add Assessment to Existing Client. */
export function useAddClientAssessment() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/clients/{clientId}/assessments', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
    onSettled: () => balanceChanged(queryClient),
  });
}
