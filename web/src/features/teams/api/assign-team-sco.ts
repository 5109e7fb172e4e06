import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';

/** assignTeamSco: Assign SCO, the selected teams given to the coach with this e-mail (spec coach-shell §4 SCO, §5). */
export function useAssignTeamSco() {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/sco-assignments', {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') }),
  });
}
