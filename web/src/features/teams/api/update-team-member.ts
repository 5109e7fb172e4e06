import { useQueryClient } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';
import { teamQueryOptions } from './get-team.ts';

/** updateTeamMember: the isTeamLeader toggle and the member's comments (spec coach-shell §2.7, §5); settles once the team is read again. */
export function useUpdateTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return $api.useMutation('patch', '/api/teams/{teamId}/members/{memberId}', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryOptions(teamId).queryKey }),
  });
}
