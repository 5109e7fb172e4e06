import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** deletePairs: Delete after the confirmation, one Idempotency-Key per confirmed action (spec §3.10, §7, §8). */
export function useDeletePairs() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/pairs/deletions', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/pairs') }),
  });
}
