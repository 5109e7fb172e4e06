import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type ClientRow = components['schemas']['ClientRow'];
export type ListClientsQuery = NonNullable<operations['listClients']['parameters']['query']>;
export type ClientSort = NonNullable<ListClientsQuery['sort']>;

/** listClients: one page of the clients view (spec assessments-and-clients §2.1, the shared table's mechanics). */
export const listClientsQueryOptions = (query: ListClientsQuery) => $api.queryOptions('get', '/api/clients', { params: { query } });

export const useClients = (query: ListClientsQuery) => useQuery({ ...listClientsQueryOptions(query), placeholderData: keepPreviousData });
