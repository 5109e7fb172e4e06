import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** revokeTeamSco: Revoke, per receiving coach (spec coach-shell §4 SCO, §8). */
export function useRevokeTeamSco() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/sco-revocations', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') }),
  });
}
