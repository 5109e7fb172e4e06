import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

export type PairEmailRequest = components['schemas']['EmailBatchRequest'];

/** sendPairReports: Send Couples Report, one Idempotency-Key per confirmed action (spec §3.10, §5, §8); Sent changes. */
export function useSendPairReports() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/pairs/report-emails', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/pairs') }),
  });
}
