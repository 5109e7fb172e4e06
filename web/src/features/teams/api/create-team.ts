import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** createTeam: the Add Team dialog (spec coach-shell §2.6, §5). */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') }),
  });
}
