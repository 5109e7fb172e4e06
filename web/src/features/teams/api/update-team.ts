import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** updateTeam: the Edit dialog (spec coach-shell §2.6, §5: the name is fixed once a report is requested or available). */
export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return $api.useMutation('patch', '/api/teams/{teamId}', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') }),
  });
}
