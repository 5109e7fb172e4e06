import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type CreditsInsight = components['schemas']['CreditsInsight'];

/** getCreditsInsight: the credits used per month and the balance's forecast (spec coach-shell §2.9). */
export const getCreditsInsightQueryOptions = () => $api.queryOptions('get', '/api/insights/credits');

export const useCreditsInsight = () => useQuery(getCreditsInsightQueryOptions());
