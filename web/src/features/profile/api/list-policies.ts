import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../generated/bff.ts';
import { $api } from '../../../lib/query.ts';

export type PolicySummary = components['schemas']['PolicySummary'];

/** listPolicies: every policy of the coach, for the profile's Policies section (spec coach-shell §2.12). */
export const policiesQueryOptions = () => $api.queryOptions('get', '/api/policies');

export const usePolicies = () => useQuery(policiesQueryOptions());
