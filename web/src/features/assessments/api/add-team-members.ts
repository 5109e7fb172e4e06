import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** addTeamMembers: the assessments toolbar's 'Add To Team' (spec coach-shell §2.7, §8); the teams' counts change. */
export function useAddTeamMembers() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/{teamId}/members', {
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams/{teamId}') });
    },
  });
}
