import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';
import { teamQueryOptions } from './get-team.ts';

/** removeTeamMembers: remove after the confirmation ('Member successfuly removed'; spec coach-shell §2.7, §8). */
export function useRemoveTeamMembers(teamId: string) {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/{teamId}/members/deletions', {
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: teamQueryOptions(teamId).queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') });
    },
  });
}
