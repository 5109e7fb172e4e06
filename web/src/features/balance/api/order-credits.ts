import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { creditsQueryOptions } from './get-credits.ts';

/** orderCredits: the 'Purchasing Credits' order, pending until invoiced (spec coach-shell §4 "Bulk credit order"). */
export function useOrderCredits() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/credits/orders', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditsQueryOptions().queryKey }),
  });
}
