import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';
import { teamQueryOptions } from './get-team.ts';

/** requestTeamReport: the report-type request with its due date (spec coach-shell §4 "Team report", §5). */
export function useRequestTeamReport(teamId: string) {
  const queryClient = useQueryClient();
  return $api.useMutation('post', '/api/teams/{teamId}/report-request', {
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: teamQueryOptions(teamId).queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') });
      // The report is charged.
      await balanceChanged(queryClient);
    },
  });
}
