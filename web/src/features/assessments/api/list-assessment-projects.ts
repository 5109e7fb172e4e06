import { useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/query.ts';

/** listAssessmentProjects: the coach's project names for the project pickers (spec assessments-and-clients §5 "Field limits"). */
export const listAssessmentProjectsQueryOptions = () => $api.queryOptions('get', '/api/assessments/projects');

export const useAssessmentProjects = () => useQuery(listAssessmentProjectsQueryOptions());
