import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';

/** orderCredits: the 'Purchasing Credits' order, pending until invoiced (spec coach-shell §4 "Bulk credit order"). */
export function useOrderCredits() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/credits/orders', {
    // The pending order is the Balance screen's and the session's: both are asked again.
    onSettled: () => balanceChanged(queryClient),
  });
}
