import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';

/** cancelCreditOrder: cancels the pending bulk order, after the confirmation. */
export function useCancelCreditOrder() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/credits/orders/pending', {
    // The pending order is the Balance screen's and the session's: both are asked again.
    onSettled: () => balanceChanged(queryClient),
  });
}
