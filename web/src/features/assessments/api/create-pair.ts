import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** createPair: Add Pairs (spec assessments-and-clients §2.3, §3.5); the pairs table is asked again once the pair exists. */
export function useCreatePair() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/pairs', {
    // The Pairs page's list (openapi-react-query keys: method, path, init).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/pairs') }),
    // A pair report is charged.
    onSettled: () => balanceChanged(queryClient),
  });
}
