import { useQueryClient } from '@tanstack/react-query';
import { balanceChanged } from '../../../lib/balance-changed.ts';
import { $api } from '../../../lib/query.ts';
import { queryKeyOf } from '../../../lib/query-keys.ts';
import { teamQueryOptions } from './get-team.ts';

/** cancelTeamReportRequest: Cancel request, back to not requested (spec coach-shell §4 "Team report"). */
export function useCancelTeamReportRequest(teamId: string) {
  const queryClient = useQueryClient();
  return $api.useMutation('delete', '/api/teams/{teamId}/report-request', {
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: teamQueryOptions(teamId).queryKey });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf('/api/teams') });
      // The report is credited back.
      await balanceChanged(queryClient);
    },
  });
}
