import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type CreditsInsightQuery = NonNullable<operations['getCreditsInsight']['parameters']['query']>;

/** getCreditsInsight: what the screen shows (spec coach-shell §2.9). */
export const getCreditsInsightQueryOptions = (query: CreditsInsightQuery) =>
  $api.queryOptions('get', '/api/insights/credits', { params: { query } });

export const useCreditsInsight = (query: CreditsInsightQuery) =>
  useQuery({ ...getCreditsInsightQueryOptions(query), placeholderData: keepPreviousData });
