import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

export type InviteBatchResult = components['schemas']['InviteBatchResult'];

/**
 * sendInvites: Send Invites/Reminders (spec assessments-and-clients §4.3): each sent invite flags its assessment
 * invited (or reminded), so the lists are asked again when it settles. The caller gives the Idempotency-Key.
 */
export function useSendInvites() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/assessments/invites', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/assessments') }),
  });
}
