import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type PairRow = components['schemas']['PairRow'];
export type PairMember = components['schemas']['PairMember'];
export type PairsQuery = NonNullable<operations['listPairs']['parameters']['query']>;
export type PairSort = NonNullable<PairsQuery['sort']>;

/** listPairs: one page of the coach's pairs (spec assessments-and-clients §3.10), on the shared table. */
export const pairsQueryOptions = (query: PairsQuery) => $api.queryOptions('get', '/api/pairs', { params: { query } });

/** Every cached page of the pairs table (what a change to a pair invalidates). */

export const usePairs = (query: PairsQuery) => useQuery({ ...pairsQueryOptions(query), placeholderData: keepPreviousData });
