import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type PipelineInsights = components['schemas']['PipelineInsights'];
export type PipelineQuery = NonNullable<operations['getDashboardPipeline']['parameters']['query']>;

/** getDashboardPipeline: the pipeline panel's funnel and nudges, counted by the BFF from the coach's list copy. */
export const getDashboardPipelineQueryOptions = (query: PipelineQuery) =>
  $api.queryOptions('get', '/api/dashboard/pipeline', { params: { query } });

/**
 * The panel's figures, asked once the dashboard itself has answered (`enabled`): the tiles paint first. A new period,
 * scope or threshold keeps the figures shown while the next ones load.
 */
export const useDashboardPipeline = (query: PipelineQuery, enabled: boolean) =>
  useQuery({ ...getDashboardPipelineQueryOptions(query), enabled, placeholderData: keepPreviousData });
