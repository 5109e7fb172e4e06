import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type CompletionsInsightQuery = NonNullable<operations['getCompletionsInsight']['parameters']['query']>;

/** getCompletionsInsight: the completions of the last 12, 26 or 52 weeks by type (spec coach-shell §2.3). */
export const getCompletionsInsightQueryOptions = (query: CompletionsInsightQuery) =>
  $api.queryOptions('get', '/api/insights/completions', { params: { query } });

/** Another span keeps the weeks shown until its answer. */
export const useCompletionsInsight = (query: CompletionsInsightQuery) =>
  useQuery({ ...getCompletionsInsightQueryOptions(query), placeholderData: keepPreviousData });
