import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { creditsQueryOptions } from './get-credits.ts';

/** cancelCreditOrder: cancels the pending bulk order, after the confirmation. */
export function useCancelCreditOrder() {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/credits/orders/pending', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditsQueryOptions().queryKey }),
  });
}
