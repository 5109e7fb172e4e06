import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

// Importing results obtained elsewhere (spec assessments-and-clients §2.3, §3.6, §5 "Import results"): the imported
// assessment is complete, so the lists are asked again once it exists.

/** importNewClientResults: Import Results (a new client and its completed Enneagram assessment). */
export function useImportNewClientResults() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/clients/result-imports', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
    // An imported assessment is an assessment added: the balance may change.
    onSettled: () => balanceChanged(queryClient),
  });
}

/** importClientResults: Import Results to Existing Client. */
export function useImportClientResults() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/clients/{clientId}/result-imports', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
    onSettled: () => balanceChanged(queryClient),
  });
}
