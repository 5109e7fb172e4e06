import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type AssessmentRow = components['schemas']['AssessmentRow'];
export type AssessmentList = components['schemas']['AssessmentList'];
export type ListAssessmentsQuery = NonNullable<operations['listAssessments']['parameters']['query']>;
export type AssessmentView = NonNullable<ListAssessmentsQuery['view']>;
export type AssessmentSort = NonNullable<ListAssessmentsQuery['sort']>;

/** listAssessments: one page of the assessments table or the SCO Given view (spec assessments-and-clients §2.2). */
export const listAssessmentsQueryOptions = (query: ListAssessmentsQuery) =>
  $api.queryOptions('get', '/api/assessments', { params: { query } });

/** The page shown stays while the next one loads (paging and sorting do not blank the table). */
export const useAssessments = (query: ListAssessmentsQuery) =>
  useQuery({ ...listAssessmentsQueryOptions(query), placeholderData: keepPreviousData });
