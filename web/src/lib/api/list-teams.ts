import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../generated/bff.ts';
import { $api } from '../query.ts';

export type TeamRow = components['schemas']['TeamRow'];
export type TeamsQuery = NonNullable<operations['listTeams']['parameters']['query']>;
export type TeamSort = NonNullable<TeamsQuery['sort']>;

/** listTeams: one page of the coach's teams, own and received (spec coach-shell §2.6), on the shared table. */
export const teamsQueryOptions = (query: TeamsQuery) => $api.queryOptions('get', '/api/teams', { params: { query } });

export const useTeams = (query: TeamsQuery) => useQuery({ ...teamsQueryOptions(query), placeholderData: keepPreviousData });
