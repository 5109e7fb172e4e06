import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** deletePairs: Delete after the confirmation, one Idempotency-Key per confirmed action (spec §3.10, §7, §8). */
export function useDeletePairs() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/pairs/deletions', {
    // A deleted pair is credited back.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/pairs') });
      await balanceChanged(queryClient);
    },
  });
}
