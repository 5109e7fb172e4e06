import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type CreditsOverview = components['schemas']['CreditsOverview'];

/** getCredits: the balance, the pending order, the facilitated count and the price lists (spec coach-shell §2.9, §9). */
export const creditsQueryOptions = () => $api.queryOptions('get', '/api/credits');

export const useCredits = () => useQuery(creditsQueryOptions());
