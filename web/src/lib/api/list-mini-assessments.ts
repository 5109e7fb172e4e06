import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../generated/bff.ts';
import { $api } from '../query.ts';

export type MiniAssessmentRow = components['schemas']['MiniAssessmentRow'];
export type MiniAssessmentsQuery = NonNullable<operations['listMiniAssessments']['parameters']['query']>;
export type MiniAssessmentSort = NonNullable<MiniAssessmentsQuery['sort']>;

/** listMiniAssessments: one page of the mini-assessments table and the public link (spec coach-shell §2.4). */
export const miniAssessmentsQueryOptions = (query: MiniAssessmentsQuery) =>
  $api.queryOptions('get', '/api/mini-assessments', { params: { query } });

export const useMiniAssessments = (query: MiniAssessmentsQuery) =>
  useQuery({ ...miniAssessmentsQueryOptions(query), placeholderData: keepPreviousData });
