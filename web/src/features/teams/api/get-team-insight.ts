import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type TeamInsightQuery = NonNullable<operations['getTeamInsight']['parameters']['query']>;

/** getTeamInsight: what the screen shows (spec coach-shell §2.7). */
export const getTeamInsightQueryOptions = (query: TeamInsightQuery) =>
  $api.queryOptions('get', '/api/insights/teams/{teamId}', { params: { query } });

export const useTeamInsight = (query: TeamInsightQuery) =>
  useQuery({ ...getTeamInsightQueryOptions(query), placeholderData: keepPreviousData });
