import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { teamsQueryKey } from './list-teams.ts';

/** duplicateTeam: the Duplicate Team dialog (spec coach-shell §4, §5, §8). */
export function useDuplicateTeam() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/{teamId}/duplicate', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey }),
  });
}
