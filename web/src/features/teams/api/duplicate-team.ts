import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** duplicateTeam: the Duplicate Team dialog (spec coach-shell §4, §5, §8). */
export function useDuplicateTeam() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/{teamId}/duplicate', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') }),
  });
}
