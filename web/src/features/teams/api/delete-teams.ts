import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** deleteTeams: Delete after the confirmation, one Idempotency-Key per confirmed action (spec coach-shell §5, §8). */
export function useDeleteTeams() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/deletions', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') }),
  });
}
