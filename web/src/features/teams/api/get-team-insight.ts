import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type TeamInsight = components['schemas']['TeamInsight'];

/** getTeamInsight: the completed members' types and stages, and those still to complete (spec coach-shell §2.7). */
export const getTeamInsightQueryOptions = (teamId: string) =>
  $api.queryOptions('get', '/api/insights/teams/{teamId}', { params: { path: { teamId } } });

/** The team at a glance; `version` (the members the team page shows) in its key, so the figures follow them. */
export function useTeamInsight(teamId: string, version: string) {
  const options = getTeamInsightQueryOptions(teamId);
  return useQuery({ ...options, queryKey: [...options.queryKey, version] as unknown as typeof options.queryKey });
}
